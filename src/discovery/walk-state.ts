// The state one directory walk carries, and the bookkeeping every stage of the walk shares.
import { readlinkSync } from 'node:fs';
import type { Budget } from '../limits/index.js';
import type { Ledger } from '../ledger/index.js';
import type { Artifact } from '../shared/artifact.js';
import { isHiddenPath } from '../shared/artifact.js';
import type { PathMatcher } from '../shared/glob.js';
import { childPath } from './dirfd.js';
import type { DirHandle } from './dirfd.js';
import { displayName } from './names.js';

const MAX_LINK_TEXT = 256;

export interface WalkOptions {
  excludes: PathMatcher;
  /** Bundle-relative path of the selected baseline file, never analyzed. */
  baselinePath?: string;
  /** Bundle-relative paths of the reports this scan writes (`-o`, `--report`), never analyzed. */
  reportPaths?: ReadonlySet<string>;
  /** Device and inode of the target when it was resolved; the opened root must match. */
  identity?: { dev: bigint; ino: bigint };
  /** Test hook: runs after a directory is listed and before its entries are visited (race tests). */
  onDirectoryListed?: (path: string) => void;
}

export interface WalkResult {
  artifacts: Artifact[];
  /** Shipped bytecode seen on disk (SC8), including inside skipped `__pycache__` directories. */
  bytecode: string[];
  /** Display paths two raw names shared; the engine pins their rows failed. */
  collisions: string[];
  /** Entries directly in the target: symbolic links (and other non-regular entries), and the rest not hidden. */
  root: { links: number; visible: number };
}

/** What a directory entry is; a Dirent from a listing or the Stats of an lstat. */
export interface EntryKind {
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

/** One directory entry: its raw name (what opens it) and its unambiguous display name. */
export interface RawEntry {
  raw: Buffer;
  name: string;
  kind: EntryKind;
}

/** Visits one entry of an opened directory as the walk would; `chain` holds the raw names from the root to `dir`. */
export type EntryVisitor = (dir: DirHandle, entry: RawEntry, path: string, chain: readonly Buffer[], depth: number) => void;

export interface WalkState {
  readonly root: DirHandle;
  readonly budget: Budget;
  readonly ledger: Ledger;
  readonly options: WalkOptions;
  readonly result: WalkResult;
  stopped: boolean;
  /** Skipped dependency/cache and version-control directories: display path → raw name chain from the root. */
  readonly skipped: Map<string, Buffer[]>;
  /** Links seen (never followed): display path → where they point, for messages. */
  readonly links: Map<string, string>;
  /** Links already reported as relied on, so each gets one exception. */
  readonly flaggedLinks: Set<string>;
  /** Entries still allowed in the census of skipped directories (not charged to the entry budget). */
  readonly censusLeft: { value: number };
  /** Entries still allowed in the search of version-control directories for configuration and hooks. */
  readonly vcsLeft: { value: number };
  /** Paths already admitted or visited, while following references; undefined during the main walk. */
  seen: Set<string> | undefined;
}

export function chargeEntry(state: WalkState, path: string): boolean {
  const { budget, ledger } = state;
  if (state.stopped) return false;
  if (budget.scanExpired()) {
    ledger.exception({
      phase: 'discovery', reason: 'runtime_limit', path,
      message: 'The scan deadline passed during discovery; this and later entries were not inspected.',
      observed: Math.round(budget.elapsedMs()) / 1000, limit: budget.limits.scanDeadlineMs / 1000, unit: 'seconds',
    });
    state.stopped = true;
    return false;
  }
  if (budget.entries >= budget.limits.maxEntries) {
    ledger.exception({
      phase: 'discovery', reason: 'artifact_count_limit', path,
      message: `More than ${budget.limits.maxEntries} entries; this and later entries were not inspected.`,
      observed: budget.entries + 1, limit: budget.limits.maxEntries, unit: 'entries',
    });
    state.stopped = true;
    return false;
  }
  budget.entries += 1;
  return true;
}

/** A link or other non-regular entry: inventoried out of scope, never followed. */
export function recordNotRegular(state: WalkState, path: string): void {
  if (state.ledger.hasInventory(path)) return;
  state.ledger.addInventory({
    path, content_kind: 'opaque', disposition: 'out_of_scope', size_bytes: 0, reason: 'not_regular_file',
    hidden: isHiddenPath(path), local_only: true,
  });
  state.ledger.scope('not_regular_file', path);
}

/**
 * A link the skill relies on (the manifest itself, or a path the skill references): its target was not
 * inspected, so the scan is incomplete and the report names the link.
 */
export function flagReliedOnLink(state: WalkState, path: string, why: string): void {
  if (state.flaggedLinks.has(path)) return;
  state.flaggedLinks.add(path);
  recordNotRegular(state, path);
  const target = state.links.get(path);
  const pointsTo = target === undefined ? '' : ` pointing to ${JSON.stringify(target)}`;
  state.ledger.exception({
    phase: 'discovery', reason: 'opaque_content', path,
    message: `${why} ${path} is a symbolic link or special file${pointsTo}; links are never followed, so the content it stands for was not inspected.`,
  });
}

/** An error opening or listing a directory: ENOENT is a disappearance, anything else (a swap to a link) a read error. */
export function recordDirectoryError(ledger: Ledger, path: string, err: unknown, action: string): void {
  const code = (err as NodeJS.ErrnoException).code ?? 'error';
  const swapped = code === 'ELOOP' || code === 'ENOTDIR' || code === 'ECHANGED';
  ledger.exception({
    phase: 'discovery',
    reason: code === 'ENOENT' ? 'file_disappeared' : 'read_error',
    path: path === '' ? '.' : `${path}/`,
    message: swapped
      ? `Directory changed while it was being ${action} (${code}): it is no longer the directory that was listed; links are never followed, so it was not inspected.`
      : `Directory could not be ${action} (${code}).`,
  });
}

/** Where a link points, for the report only (bounded; the link itself is never followed). */
export function readLinkText(dir: DirHandle, raw: Buffer): string {
  try {
    const target = displayName(readlinkSync(childPath(dir, raw), { encoding: 'buffer' }));
    return target.length > MAX_LINK_TEXT ? `${target.slice(0, MAX_LINK_TEXT)}…` : target;
  } catch {
    return '?';
  }
}
