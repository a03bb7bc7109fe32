// The bounds of one remote fetch (CONTRACT §10). Injectable so tests can use small ones.

export interface RemoteLimits {
  /** Bytes one fetch may download, and bytes a checkout may write. */
  bytes: number;
  /** Wall-clock milliseconds for the whole fetch (every request, redirect and the checkout). */
  ms: number;
  /** Redirects one request may follow. */
  redirects: number;
  /** Files (and links) a checkout may hold. */
  files: number;
}

export const DEFAULT_REMOTE_LIMITS: RemoteLimits = Object.freeze({
  bytes: 64 * 1024 * 1024,
  ms: 60_000,
  redirects: 10,
  files: 10_000,
});

export interface RemoteOptions {
  /** Allow plain http and loopback/private/link-local addresses: tests and trusted internal mirrors only. */
  allowPrivateNetwork?: boolean;
  /** git: scan only this folder of the repository. */
  subdir?: string;
  limits?: Partial<RemoteLimits>;
}

export function remoteLimits(opts: RemoteOptions): RemoteLimits {
  return { ...DEFAULT_REMOTE_LIMITS, ...opts.limits };
}

export function mib(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
