// Depth-first, lexical walk of a skill directory under the bundle budgets (INSPECTION §1).
import { readdirSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import { join } from 'node:path';
import type { Budget } from '../limits/index.js';
import type { Ledger } from '../ledger/index.js';
import type { Artifact } from '../shared/artifact.js';
import { isHiddenPath } from '../shared/artifact.js';
import type { PathMatcher } from '../shared/glob.js';
import { admitFile } from './admit.js';

export const SKIPPED_DIRECTORIES = new Set(['node_modules', '__pycache__', '.venv', 'venv', '.tox', '.pytest_cache']);

export interface WalkOptions {
  excludes: PathMatcher;
  /** Bundle-relative path of the selected baseline file, never analyzed. */
  baselinePath?: string;
}

export interface WalkResult {
  artifacts: Artifact[];
  /** Shipped bytecode seen on disk (SC8), including inside skipped `__pycache__` directories. */
  bytecode: string[];
}

interface WalkState {
  root: string;
  budget: Budget;
  ledger: Ledger;
  options: WalkOptions;
  result: WalkResult;
  stopped: boolean;
}

export function walkDirectory(root: string, budget: Budget, ledger: Ledger, options: WalkOptions): WalkResult {
  const state: WalkState = { root, budget, ledger, options, result: { artifacts: [], bytecode: [] }, stopped: false };
  visitDirectory(state, '', 0);
  return state.result;
}

function listSorted(state: WalkState, rel: string): Dirent[] | null {
  try {
    const entries = readdirSync(join(state.root, rel), { withFileTypes: true });
    return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    state.ledger.exception({
      phase: 'discovery',
      reason: code === 'ENOENT' ? 'file_disappeared' : 'read_error',
      path: rel === '' ? '.' : `${rel}/`,
      message: `Directory could not be listed (${code ?? 'error'}).`,
    });
    return null;
  }
}

function visitDirectory(state: WalkState, rel: string, depth: number): void {
  const entries = listSorted(state, rel);
  if (!entries) return;
  for (const entry of entries) {
    if (state.stopped) return;
    const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
    if (!chargeEntry(state, path)) return;
    visitEntry(state, entry, path, depth);
  }
}

function chargeEntry(state: WalkState, path: string): boolean {
  const { budget, ledger } = state;
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

function visitEntry(state: WalkState, entry: Dirent, path: string, depth: number): void {
  const { ledger } = state;
  if (entry.isSymbolicLink() || (!entry.isDirectory() && !entry.isFile())) {
    ledger.addInventory({
      path, content_kind: 'opaque', disposition: 'out_of_scope', size_bytes: 0, reason: 'not_regular_file',
      hidden: isHiddenPath(path), local_only: true,
    });
    ledger.scope('not_regular_file', path);
    return;
  }
  if (entry.isDirectory()) return visitSubdirectory(state, entry.name, path, depth);
  if (isBytecode(path)) state.result.bytecode.push(path);
  if (state.options.excludes.matches(path)) return excludeFile(state, path, 'user_exclusion');
  if (state.options.baselinePath === path) return excludeFile(state, path, 'baseline_file');
  const artifact = admitFile(state.root, path, state.budget, state.ledger);
  if (artifact) state.result.artifacts.push(artifact);
}

function excludeFile(state: WalkState, path: string, reason: 'user_exclusion' | 'baseline_file'): void {
  state.ledger.addInventory({
    path, content_kind: 'opaque', disposition: 'out_of_scope', size_bytes: 0, reason,
    hidden: isHiddenPath(path), local_only: true,
  });
  state.ledger.scope(reason, path);
}

function visitSubdirectory(state: WalkState, name: string, path: string, depth: number): void {
  const { ledger, budget } = state;
  if (SKIPPED_DIRECTORIES.has(name)) {
    ledger.scope('excluded_directory', `${path}/`);
    if (name === '__pycache__') state.result.bytecode.push(`${path}/`);
    return;
  }
  if (name === '.git') return visitGit(state, path);
  if (depth + 1 > budget.limits.maxDepth) {
    ledger.exception({
      phase: 'discovery', reason: 'traversal_depth_limit', path: `${path}/`,
      observed: depth + 2, limit: budget.limits.maxDepth, unit: 'depth',
    });
    return;
  }
  visitDirectory(state, path, depth + 1);
}

/** From `.git/` only `config` and `hooks/*` are inventoried; the rest is VCS metadata. */
function visitGit(state: WalkState, gitPath: string): void {
  state.ledger.scope('vcs_metadata', `${gitPath}/`, 'Version-control metadata; only .git/config and .git/hooks/* are analyzed.');
  for (const entry of listSorted(state, gitPath) ?? []) {
    const path = `${gitPath}/${entry.name}`;
    if (entry.name === 'config' && entry.isFile() && !entry.isSymbolicLink()) {
      if (!chargeEntry(state, path)) return;
      const a = admitFile(state.root, path, state.budget, state.ledger);
      if (a) state.result.artifacts.push(a);
    } else if (entry.name === 'hooks' && entry.isDirectory() && !entry.isSymbolicLink()) {
      for (const hook of listSorted(state, path) ?? []) {
        const hookPath = `${path}/${hook.name}`;
        if (!chargeEntry(state, hookPath)) return;
        visitEntry(state, hook, hookPath, 64);
      }
    }
  }
}

function isBytecode(path: string): boolean {
  return /\.py[co]$/i.test(path);
}
