// Stage 1–2: the target's artifacts, read under the bundle budgets, with their inventory rows.
import { basename } from 'node:path';
import { expandArchiveTarget, expandContainers } from '../container/expand.js';
import { isOpenableContainerBytes } from '../container/openable.js';
import { passwordProvider } from '../container/zip/passwords.js';
import { settleScope } from '../discovery/bundle-scope.js';
import { recordInventory } from '../discovery/inventory.js';
import { readBounded } from '../discovery/read.js';
import type { ResolvedTarget } from '../discovery/target.js';
import { walkDirectory } from '../discovery/walk.js';
import type { Budget } from '../limits/index.js';
import type { Ledger } from '../ledger/index.js';
import type { Artifact } from '../shared/artifact.js';
import { isHiddenPath } from '../shared/artifact.js';
import type { PathMatcher } from '../shared/glob.js';

export interface CollectedBundle {
  kind: 'directory' | 'file' | 'archive';
  artifacts: Artifact[];
  bytecode: string[];
  /** An archive target's own bytes (its members are `artifacts`): signatures scan the container itself too. */
  archive?: Artifact;
}

export interface CollectOptions {
  excludes: PathMatcher;
  baselinePath?: string;
  /** Bundle-relative paths of the reports this scan writes (`-o`, `--report`): never analyzed. */
  reportPaths?: ReadonlySet<string>;
}

export function collectBundle(target: ResolvedTarget, budget: Budget, ledger: Ledger, options: CollectOptions): CollectedBundle {
  if (target.kind === 'directory') {
    const walk = walkDirectory(target.absolute, budget, ledger, {
      excludes: options.excludes,
      identity: target.identity,
      ...(options.baselinePath !== undefined ? { baselinePath: options.baselinePath } : {}),
      ...(options.reportPaths !== undefined ? { reportPaths: options.reportPaths } : {}),
    });
    for (const a of walk.artifacts) recordInventory(ledger, a);
    for (const path of walk.collisions) pinCollision(ledger, path);
    const diskPaths = new Set(ledger.inventory().map((r) => r.path));
    // The disk text is read before any container is opened, so its passwords can open encrypted members.
    const members = expandContainers(walk.artifacts, budget, ledger, { excludes: options.excludes, diskPaths, passwordCandidates: passwordProvider(walk.artifacts) });
    const artifacts = settleScope({ kind: 'directory', artifacts: [...walk.artifacts, ...members], ledger, root: walk.root });
    return { kind: 'directory', artifacts, bytecode: walk.bytecode };
  }
  return collectSingleFile(target, budget, ledger, options);
}

/** Two raw names shared this display path: its row is failed and stays failed. */
function pinCollision(ledger: Ledger, path: string): void {
  if (!ledger.hasInventory(path)) {
    ledger.addInventory({ path, content_kind: 'opaque', disposition: 'failed', size_bytes: 0, reason: 'artifact_path_collision', hidden: isHiddenPath(path), local_only: true });
  }
  ledger.pinFailed(path, 'artifact_path_collision');
}

function collectSingleFile(target: ResolvedTarget, budget: Budget, ledger: Ledger, options: CollectOptions): CollectedBundle {
  const name = basename(target.absolute);
  const bytecode = /\.py[co]$/i.test(name) ? [name] : [];
  budget.entries += 1;
  const read = readBounded(target.absolute, budget.limits.maxTotalBytes);
  if (!read.ok) {
    ledger.addInventory({ path: name, content_kind: 'opaque', disposition: 'failed', size_bytes: 0, reason: read.reason === 'not_regular_file' ? 'read_error' : read.reason, hidden: isHiddenPath(name), local_only: true });
    ledger.exception({ phase: 'read', reason: read.reason === 'not_regular_file' ? 'read_error' : read.reason, path: name, message: `Target could not be read (${read.detail}).` });
    return { kind: 'file', artifacts: [], bytecode };
  }
  const artifact: Artifact = { path: name, origin: 'disk', bytes: read.bytes, size: read.size, truncated: read.truncated, mode: read.mode, hidden: isHiddenPath(name) };
  if (isOpenableContainerBytes(read.bytes) && !read.truncated) {
    // An archive target: opened in memory, its members form the bundle root.
    budget.bytes += read.bytes.length;
    const members = settleScope({ kind: 'archive', artifacts: expandArchiveTarget(artifact, budget, ledger, { excludes: options.excludes, diskPaths: new Set() }), ledger });
    return { kind: 'archive', artifacts: members, archive: artifact, bytecode: [...bytecode, ...members.filter((m) => /(?:^|\/)__pycache__\/|\.py[co]$/i.test(m.path)).map((m) => m.path)] };
  }
  const capped = read.bytes.subarray(0, budget.limits.maxFileBytes);
  const single: Artifact = { ...artifact, bytes: capped, truncated: read.size > capped.length };
  budget.bytes += capped.length;
  recordInventory(ledger, single);
  if (single.truncated) {
    ledger.exception({ phase: 'read', reason: 'size_limit', path: name, observed: read.size, limit: budget.limits.maxFileBytes, unit: 'bytes', message: `File is ${read.size} bytes; only the first ${capped.length} bytes were analyzed.` });
  }
  return { kind: 'file', artifacts: [single], bytecode };
}
