// Depth-first, lexical walk of a skill directory under the bundle budgets (INSPECTION §1).
// Every directory is opened without following links and its children are opened relative to it, so a
// directory swapped for a symlink mid-walk is never followed. Names are read as raw bytes: what opens an
// entry is its exact name, what the report shows is an unambiguous display form (src/discovery/names.ts).
import type { Budget } from '../limits/index.js';
import type { Ledger } from '../ledger/index.js';
import { isHiddenPath } from '../shared/artifact.js';
import { admitFile } from './admit.js';
import { childPath, closeDir, listRaw, openChild, openRoot } from './dirfd.js';
import type { DirHandle } from './dirfd.js';
import { followReferences } from './follow.js';
import { displayName, hexName } from './names.js';
import { MANIFEST_NAMES } from './skill-root.js';
import { describeCensus, takeCensus } from './skipped.js';
import { VCS_DIRECTORIES } from './vcs.js';
import { recordVcsDirectory, visitVcsDirectory } from './vcs-walk.js';
import { chargeEntry, flagReliedOnLink, readLinkText, recordDirectoryError, recordNotRegular } from './walk-state.js';
import type { RawEntry, WalkOptions, WalkResult, WalkState } from './walk-state.js';

export type { WalkOptions, WalkResult } from './walk-state.js';

export const SKIPPED_DIRECTORIES = new Set(['node_modules', '__pycache__', '.venv', 'venv', '.tox', '.pytest_cache']);
const ROOT_MANIFESTS: ReadonlySet<string> = new Set(MANIFEST_NAMES);

export function walkDirectory(root: string, budget: Budget, ledger: Ledger, options: WalkOptions): WalkResult {
  const result: WalkResult = { artifacts: [], bytecode: [], collisions: [], root: { links: 0, visible: 0 } };
  let handle: DirHandle;
  try {
    handle = openRoot(root, options.identity);
  } catch (err) {
    recordDirectoryError(ledger, '', err, 'opened');
    return result;
  }
  const state: WalkState = {
    root: handle, budget, ledger, options, result, stopped: false, skipped: new Map(), links: new Map(),
    flaggedLinks: new Set(), censusLeft: { value: budget.limits.maxEntries }, vcsLeft: { value: budget.limits.maxEntries }, seen: undefined,
  };
  try {
    visitDirectory(state, handle, '', [], 0);
    followReferences(state, { visitEntry: (dir, entry, path, chain, depth) => visitEntry(state, dir, entry, path, chain, depth) });
  } finally {
    closeDir(handle);
  }
  return result;
}

/** Entries sorted by display name (raw bytes break ties), so the order is lexical and stable. */
function listSorted(state: WalkState, dir: DirHandle, rel: string): RawEntry[] | null {
  try {
    const entries = listRaw(dir).map((d): RawEntry => ({ raw: d.name, name: displayName(d.name), kind: d }));
    return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : Buffer.compare(a.raw, b.raw)));
  } catch (err) {
    recordDirectoryError(state.ledger, rel, err, 'listed');
    return null;
  }
}

function visitDirectory(state: WalkState, dir: DirHandle, rel: string, chain: readonly Buffer[], depth: number): void {
  const entries = listSorted(state, dir, rel);
  if (!entries) return;
  state.options.onDirectoryListed?.(rel);
  let previous: RawEntry | undefined;
  for (const entry of entries) {
    if (state.stopped) return;
    const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
    if (!chargeEntry(state, path)) return;
    if (previous?.name === entry.name) {
      recordCollision(state, path, previous.raw, entry.raw);
      continue;
    }
    previous = entry;
    if (rel === '') countRootEntry(state.result, entry);
    visitEntry(state, dir, entry, path, chain, depth);
  }
}

function countRootEntry(result: WalkResult, entry: RawEntry): void {
  if (entry.kind.isSymbolicLink() || (!entry.kind.isDirectory() && !entry.kind.isFile())) result.root.links += 1;
  else if (!entry.name.startsWith('.')) result.root.visible += 1;
}

/** Two raw names with one display path: neither reading may stand for the other, so the scan fails. */
function recordCollision(state: WalkState, path: string, first: Buffer, second: Buffer): void {
  state.result.collisions.push(path);
  state.ledger.exception({
    phase: 'discovery', reason: 'artifact_path_collision', path,
    message: `Two directory entries share the display path ${JSON.stringify(path)} (raw names hex ${hexName(first)} and ${hexName(second)}): bytes that are not valid UTF-8 are shown as \\xHH, which a real name can also spell. Only the first was inspected; rename one to remove the ambiguity.`,
  });
}

function visitEntry(state: WalkState, dir: DirHandle, entry: RawEntry, path: string, chain: readonly Buffer[], depth: number): void {
  state.seen?.add(path);
  const { kind } = entry;
  if (kind.isSymbolicLink() || (!kind.isDirectory() && !kind.isFile())) {
    recordNotRegular(state, path);
    if (kind.isSymbolicLink()) state.links.set(path, readLinkText(dir, entry.raw));
    if (depth === 0 && ROOT_MANIFESTS.has(path)) flagReliedOnLink(state, path, 'The root manifest');
    return;
  }
  if (kind.isDirectory()) return visitSubdirectory(state, dir, entry, path, chain, depth);
  if (/\.py[co]$/i.test(path)) state.result.bytecode.push(path);
  if (state.options.excludes.matches(path)) return excludeFile(state, path, 'user_exclusion');
  if (state.options.baselinePath === path) return excludeFile(state, path, 'baseline_file');
  if (state.options.reportPaths?.has(path) && !(depth === 0 && ROOT_MANIFESTS.has(path))) {
    return excludeFile(state, path, 'scanner_report', 'This scan writes its report here (-o / --report); the file is not analyzed, so a report never scans itself.');
  }
  if (entry.name === '.git') {
    // A worktree's or submodule's pointer to its git directory (`gitdir: …`).
    return recordVcsDirectory(state, path, 'Version-control metadata (a .git file pointing to a git directory elsewhere), not analyzed.');
  }
  const artifact = admitFile(childPath(dir, entry.raw), path, state.budget, state.ledger);
  if (artifact) state.result.artifacts.push(artifact);
}

function excludeFile(state: WalkState, path: string, reason: 'user_exclusion' | 'baseline_file' | 'scanner_report', message?: string): void {
  state.ledger.addInventory({
    path, content_kind: 'opaque', disposition: 'out_of_scope', size_bytes: 0, reason,
    hidden: isHiddenPath(path), local_only: true,
  });
  state.ledger.scope(reason, path, message);
}

/** A directory matched by --exclude: one out-of-scope row, never listed. */
function excludeDirectory(state: WalkState, path: string): void {
  state.ledger.addInventory({
    path: `${path}/`, content_kind: 'opaque', disposition: 'out_of_scope', size_bytes: 0, reason: 'user_exclusion',
    hidden: isHiddenPath(path), local_only: true,
  });
  state.ledger.scope('user_exclusion', `${path}/`, 'Directory matches an --exclude pattern; nothing in it was read.');
}

function openSubdirectory(state: WalkState, dir: DirHandle, raw: Buffer, path: string): DirHandle | null {
  try {
    return openChild(dir, raw);
  } catch (err) {
    recordDirectoryError(state.ledger, path, err, 'opened');
    return null;
  }
}

function visitSubdirectory(state: WalkState, dir: DirHandle, entry: RawEntry, path: string, chain: readonly Buffer[], depth: number): void {
  const { budget } = state;
  // The user's exclusion wins over every policy below: nothing in the directory is read, not even references.
  if (state.options.excludes.matchesDirectory(path)) return excludeDirectory(state, path);
  if (SKIPPED_DIRECTORIES.has(entry.name)) return recordSkipped(state, dir, entry, path, chain);
  if (VCS_DIRECTORIES.has(entry.name)) {
    return visitVcsDirectory(state, dir, entry, path, chain, (d, e, p, c, n) => visitEntry(state, d, e, p, c, n));
  }
  if (depth + 1 > budget.limits.maxDepth) {
    state.ledger.exception({
      phase: 'discovery', reason: 'traversal_depth_limit', path: `${path}/`,
      observed: depth + 2, limit: budget.limits.maxDepth, unit: 'depth',
    });
    return;
  }
  const child = openSubdirectory(state, dir, entry.raw, path);
  if (!child) return;
  try {
    visitDirectory(state, child, path, [...chain, entry.raw], depth + 1);
  } finally {
    closeDir(child);
  }
}

/**
 * A dependency or cache directory is not walked, but it is inventoried (one out-of-scope row with its
 * file count and size) and remembered, so files the skill references inside it are read later.
 */
function recordSkipped(state: WalkState, dir: DirHandle, entry: RawEntry, path: string, chain: readonly Buffer[]): void {
  const { ledger, budget } = state;
  if (entry.name === '__pycache__') state.result.bytecode.push(`${path}/`);
  state.skipped.set(path, [...chain, entry.raw]);
  const child = openSubdirectory(state, dir, entry.raw, path);
  if (!child) return;
  let summary: string;
  let bytes = 0;
  try {
    const census = takeCensus(child, { left: state.censusLeft, maxDepth: budget.limits.maxDepth, expired: () => budget.scanExpired() });
    summary = describeCensus(census);
    bytes = census.bytes;
  } finally {
    closeDir(child);
  }
  ledger.addInventory({
    path: `${path}/`, content_kind: 'opaque', disposition: 'out_of_scope', size_bytes: bytes, reason: 'excluded_directory',
    hidden: isHiddenPath(path), local_only: true,
  });
  ledger.scope(
    'excluded_directory', `${path}/`,
    `Dependency or cache directory, not analyzed: ${summary}. Files in it that the skill references are analyzed.`,
  );
}
