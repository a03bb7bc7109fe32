import type { ContainerType, Provenance } from './types.js';

/** One discovered file or archive member, with the bytes that were actually read. */
export interface Artifact {
  /** Bundle-relative POSIX path; virtual (`outer!/member`) for members. */
  path: string;
  origin: 'disk' | 'member';
  /** Bytes read: the whole content, or a bounded prefix when `truncated`. Undefined when unreadable. */
  bytes: Buffer | undefined;
  /** Exact size of the content in bytes. */
  size: number;
  truncated: boolean;
  /** Unix mode bits (file mode, or ZIP external attributes); 0 when unknown. */
  mode: number;
  hidden: boolean;
  provenance?: Provenance;
  /** Set when the bytes are a recognised container that was (or would be) opened. */
  container?: { type: ContainerType; disguised: boolean };
}

export function isHiddenPath(path: string): boolean {
  return path.split(/!\/|\//).some((seg) => seg.startsWith('.') && seg !== '.' && seg !== '..');
}
