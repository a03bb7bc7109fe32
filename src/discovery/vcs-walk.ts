// The walk's handling of version-control metadata on disk (policy in ./vcs.ts). A git directory is
// searched for configuration and active hooks, its data directories unlisted; everything else in it is
// covered by one `vcs_metadata` row. The search lists at most as many entries as the walk's entry budget
// (its own share, not charged to the walk), and a search cut short is an exception: an active hook it did
// not reach would otherwise pass unseen.
import { isHiddenPath } from '../shared/artifact.js';
import { childPath, closeDir, listRaw, openChild } from './dirfd.js';
import type { DirHandle } from './dirfd.js';
import { displayName } from './names.js';
import { readBounded } from './read.js';
import { GIT_CONFIG_NAMES, GIT_DATA_DIRECTORIES, HOOK_PROBE_BYTES, isActiveHook } from './vcs.js';
import { chargeEntry, flagReliedOnLink, recordDirectoryError } from './walk-state.js';
import type { EntryVisitor, RawEntry, WalkState } from './walk-state.js';

interface GitSearch {
  state: WalkState;
  visit: EntryVisitor;
  gitPath: string;
  analysed: string[];
  samples: number;
  stopped: boolean;
}

/** A `.git`, `.hg` or `.svn` directory (`entry`, a child of `parent`). */
export function visitVcsDirectory(state: WalkState, parent: DirHandle, entry: RawEntry, path: string, chain: readonly Buffer[], visit: EntryVisitor): void {
  const search: GitSearch = { state, visit, gitPath: path, analysed: [], samples: 0, stopped: false };
  // Like a dependency folder: a file in it that the skill references is read (./follow.ts).
  state.skipped.set(path, [...chain, entry.raw]);
  if (entry.name !== '.svn') {
    const dir = open(state, parent, entry.raw, path);
    if (dir) {
      try {
        if (entry.name === '.git') searchGitDirectory(search, dir, path, [...chain, entry.raw], 0);
        else visitNamed(search, dir, path, [...chain, entry.raw], 'hgrc');
      } finally {
        closeDir(dir);
      }
    }
  }
  recordVcsDirectory(state, `${path}/`, describe(search));
}

export function recordVcsDirectory(state: WalkState, path: string, message: string): void {
  state.ledger.addInventory({
    path, content_kind: 'opaque', disposition: 'out_of_scope', size_bytes: 0, reason: 'vcs_metadata', hidden: isHiddenPath(path), local_only: true,
  });
  state.ledger.scope('vcs_metadata', path, message);
}

function describe(s: GitSearch): string {
  const parts = ['Version-control metadata, not analyzed; files in it that the skill references are.'];
  if (s.analysed.length > 0) parts.push(`Analyzed like any file: ${s.analysed.slice(0, 5).join(', ')}${s.analysed.length > 5 ? ` and ${s.analysed.length - 5} more` : ''}.`);
  if (s.samples > 0) parts.push(`${s.samples} stock sample hook${s.samples === 1 ? '' : 's'} (*.sample), which git never runs, left out.`);
  return parts.join(' ');
}

function open(state: WalkState, parent: DirHandle, raw: Buffer, path: string): DirHandle | null {
  try {
    return openChild(parent, raw);
  } catch (err) {
    recordDirectoryError(state.ledger, path, err, 'opened');
    return null;
  }
}

function list(s: GitSearch, dir: DirHandle, path: string): RawEntry[] {
  let entries: RawEntry[];
  try {
    entries = listRaw(dir).map((d) => ({ raw: d.name, name: displayName(d.name), kind: d }));
  } catch (err) {
    recordDirectoryError(s.state.ledger, path, err, 'listed');
    return [];
  }
  const left = s.state.vcsLeft;
  if (entries.length > left.value) {
    cutShort(s, path);
    return [];
  }
  left.value -= entries.length;
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : Buffer.compare(a.raw, b.raw)));
}

function cutShort(s: GitSearch, path: string): void {
  if (s.stopped) return;
  s.stopped = true;
  s.state.ledger.exception({
    phase: 'discovery', reason: 'artifact_count_limit', path: `${path}/`,
    message: `The search of ${s.gitPath}/ for git configuration and active hooks stopped at its entry bound; hooks and configuration below ${path}/ were not inspected.`,
  });
}

/** Only `name` directly in `dir` (Mercurial's hgrc). */
function visitNamed(s: GitSearch, dir: DirHandle, path: string, chain: readonly Buffer[], name: string): void {
  const entry = list(s, dir, path).find((e) => e.name === name && e.kind.isFile());
  if (entry) analyse(s, dir, entry, `${path}/${name}`, chain);
}

/**
 * One directory of a git directory: configuration files anywhere, hooks in any `hooks/` directory
 * (submodules keep theirs in `.git/modules/<name>/hooks/`), data directories never listed. Recursion
 * depth is bounded by the walk's depth limit.
 */
function searchGitDirectory(s: GitSearch, dir: DirHandle, path: string, chain: readonly Buffer[], depth: number): void {
  const inHooks = path.endsWith('/hooks');
  for (const entry of list(s, dir, path)) {
    if (s.stopped || s.state.stopped) return;
    const child = `${path}/${entry.name}`;
    if (inHooks) {
      hookEntry(s, dir, entry, child, chain);
    } else if (!entry.kind.isFile() && !entry.kind.isDirectory() && (entry.name === 'hooks' || GIT_CONFIG_NAMES.has(entry.name))) {
      // Git reads its configuration and runs its hooks through a link; links are never followed.
      if (visit(s, dir, entry, child, chain)) flagReliedOnLink(s.state, child, 'The git directory entry');
    } else if (entry.kind.isFile() && GIT_CONFIG_NAMES.has(entry.name)) {
      analyse(s, dir, entry, child, chain);
    } else if (entry.kind.isDirectory() && !GIT_DATA_DIRECTORIES.has(entry.name)) {
      if (depth + 1 >= s.state.budget.limits.maxDepth) {
        cutShort(s, child);
        return;
      }
      const sub = open(s.state, dir, entry.raw, child);
      if (!sub) continue;
      try {
        searchGitDirectory(s, sub, child, [...chain, entry.raw], depth + 1);
      } finally {
        closeDir(sub);
      }
    }
  }
}

/** An entry of a hooks directory: samples are counted, active hooks analysed, a linked hook named as relied on. */
function hookEntry(s: GitSearch, dir: DirHandle, entry: RawEntry, path: string, chain: readonly Buffer[]): void {
  const { kind, name } = entry;
  if (name.endsWith('.sample')) {
    if (kind.isFile()) s.samples += 1;
    return;
  }
  if (kind.isDirectory()) return;
  if (!kind.isFile()) {
    // Git would run what the link points to; links are never followed, so that content is uninspected.
    if (visit(s, dir, entry, path, chain)) flagReliedOnLink(s.state, path, 'The git hook');
    return;
  }
  const probe = readBounded(childPath(dir, entry.raw), HOOK_PROBE_BYTES);
  // An unreadable hook is admitted so the read error is recorded, never silently skipped.
  if (!probe.ok || isActiveHook(name, probe.bytes, probe.mode)) analyse(s, dir, entry, path, chain);
}

function analyse(s: GitSearch, dir: DirHandle, entry: RawEntry, path: string, chain: readonly Buffer[]): void {
  if (visit(s, dir, entry, path, chain)) s.analysed.push(path);
}

/** Visits the entry as the walk would, charged to the entry budget; false when the budget stopped the walk. */
function visit(s: GitSearch, dir: DirHandle, entry: RawEntry, path: string, chain: readonly Buffer[]): boolean {
  if (!chargeEntry(s.state, path)) {
    s.stopped = true;
    return false;
  }
  // Depth 64: never the root, so no root-manifest check applies.
  s.visit(dir, entry, path, chain, 64);
  return true;
}
