// Opens every ZIP-compatible artifact in memory, recursively to depth 3, under one shared budget
// (INSPECTION §3). Nothing is extracted, rendered or executed.
import type { Budget } from '../limits/index.js';
import type { ExceptionReason, Ledger } from '../ledger/index.js';
import type { Artifact } from '../shared/artifact.js';
import type { PathMatcher } from '../shared/glob.js';
import type { ContainerType } from '../shared/types.js';
import { isZipBytes, openZip } from './zip/index.js';
import type { ZipEntry } from './zip/index.js';
import { containerTypeOf, expectedContainer, isDisguised } from './kind.js';
import { inspectMember } from './member.js';

export interface ExpandOptions {
  excludes: PathMatcher;
  /** Paths the disk walk produced; a member with the same virtual path is a collision. */
  diskPaths: ReadonlySet<string>;
}

/** One container being opened, and the chain of containers above it. */
export interface OpenContainer {
  artifact: Artifact;
  bytes: Buffer;
  /** 0 for an archive target (members form the bundle root), 1 for a direct member of an outer file. */
  depth: number;
  type: ContainerType;
  outerPath: string;
  ancestry: ContainerType[];
  hiddenChain: boolean;
  disguisedChain: boolean;
}

export interface ExpandState {
  budget: Budget;
  ledger: Ledger;
  options: ExpandOptions;
  members: Artifact[];
  seen: Set<string>;
  halted: boolean;
}

/** Real disk paths containing `!/` first, so nested virtual paths cannot displace their children. */
function expansionOrder(artifacts: readonly Artifact[]): Artifact[] {
  const delimited = artifacts.filter((a) => a.path.includes('!/'));
  return [...delimited, ...artifacts.filter((a) => !a.path.includes('!/'))];
}

export function expandContainers(artifacts: readonly Artifact[], budget: Budget, ledger: Ledger, options: ExpandOptions): Artifact[] {
  const state: ExpandState = { budget, ledger, options, members: [], seen: new Set(options.diskPaths), halted: false };
  for (const artifact of expansionOrder(artifacts)) {
    if (state.halted) break;
    const bytes = artifact.bytes;
    if (!bytes) continue;
    if (!isZipBytes(bytes)) {
      if (expectedContainer(artifact.path) !== undefined) formatMismatch(state, artifact);
      continue;
    }
    if (artifact.truncated) continue; // A prefix has no central directory; the size_limit row already says so.
    openOuter(state, artifact, bytes);
  }
  return state.members;
}

function formatMismatch(state: ExpandState, artifact: Artifact): void {
  state.ledger.exception({
    phase: 'containers', reason: 'archive_format_mismatch', path: artifact.path,
    message: `The extension promises a ${expectedContainer(artifact.path)} container but the bytes are not a ZIP archive.`,
  });
  state.ledger.degrade(artifact.path, 'partial', 'archive_format_mismatch');
}

/** An archive target: its members form the bundle root; containers inside it are depth 1. */
export function expandArchiveTarget(archive: Artifact, budget: Budget, ledger: Ledger, options: ExpandOptions): Artifact[] {
  const state: ExpandState = { budget, ledger, options, members: [], seen: new Set(options.diskPaths), halted: false };
  if (archive.bytes) {
    openContainer(state, archive, archive.bytes, { depth: 0, outerPath: '', ancestry: [], hiddenChain: false, disguisedChain: false });
  }
  return state.members;
}

function openOuter(state: ExpandState, artifact: Artifact, bytes: Buffer): void {
  openContainer(state, artifact, bytes, {
    depth: 1, outerPath: artifact.path, ancestry: [], hiddenChain: artifact.hidden, disguisedChain: false,
  });
}

export interface ChainInfo {
  depth: number;
  outerPath: string;
  ancestry: ContainerType[];
  hiddenChain: boolean;
  disguisedChain: boolean;
}

export function containerException(
  state: ExpandState,
  path: string,
  reason: ExceptionReason,
  message: string,
  extra: { member?: string; observed?: number; limit?: number; unit?: 'bytes' | 'members' | 'depth' | 'ratio' | 'seconds' } = {},
): void {
  state.ledger.exception({ phase: 'containers', reason, path, message, ...extra });
}

function timeExceeded(state: ExpandState, containerPath: string, member?: string): boolean {
  if (!state.budget.archiveExpired()) return false;
  const elapsed = Math.round(state.budget.archiveElapsedMs()) / 1000;
  containerException(state, containerPath, 'archive_time_limit',
    'The archive inspection deadline passed; this and later members were not inspected.',
    { ...(member !== undefined ? { member } : {}), observed: elapsed, limit: state.budget.limits.archiveDeadlineMs / 1000, unit: 'seconds' });
  state.ledger.degrade(containerPath, 'partial', 'archive_time_limit');
  state.halted = true;
  return true;
}

export function openContainer(state: ExpandState, artifact: Artifact, bytes: Buffer, chain: ChainInfo): void {
  const { budget } = state;
  budget.startArchiveClock();
  if (timeExceeded(state, artifact.path)) return;
  const opened = openZip(bytes, {
    maxMembers: budget.remainingArchiveMembers(),
    maxCentralDirectoryBytes: budget.limits.archiveMaxCentralDirectoryBytes,
  });
  if (!opened.ok) return refuseContainer(state, artifact, chain, opened);
  const type = containerTypeOf(opened.entries.map((e) => e.name));
  const disguised = chain.depth > 0 && isDisguised(artifact.path, type);
  artifact.container = { type, disguised };
  const container: OpenContainer = {
    artifact, bytes, depth: chain.depth, type, outerPath: chain.outerPath,
    ancestry: chain.depth === 0 ? [] : [...chain.ancestry, type], hiddenChain: chain.hiddenChain, disguisedChain: chain.disguisedChain || disguised,
  };
  const entries = [...opened.entries].sort(byName);
  for (const entry of entries) {
    if (state.halted) return;
    if (entry.isDirectory) continue;
    if (timeExceeded(state, artifact.path, entry.name)) return;
    inspectMember(state, container, entry);
  }
}

function byName(a: ZipEntry, b: ZipEntry): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.index - b.index;
}

function refuseContainer(
  state: ExpandState,
  artifact: Artifact,
  chain: ChainInfo,
  refusal: { reason: 'malformed' | 'member_limit' | 'size_limit'; message: string; observed?: number; limit?: number },
): void {
  const extra = { ...(refusal.observed !== undefined ? { observed: refusal.observed } : {}), ...(refusal.limit !== undefined ? { limit: refusal.limit } : {}) };
  if (refusal.reason === 'member_limit') {
    containerException(state, artifact.path, 'archive_member_limit', refusal.message, { ...extra, unit: 'members' });
    state.ledger.degrade(artifact.path, 'partial', 'archive_member_limit');
    state.halted = true;
    return;
  }
  if (refusal.reason === 'size_limit') {
    containerException(state, artifact.path, 'archive_size_limit', refusal.message, { ...extra, unit: 'bytes' });
    state.ledger.degrade(artifact.path, 'partial', 'archive_size_limit');
    return;
  }
  const reason = chain.depth <= 1 ? 'archive_malformed' : 'archive_truncated';
  containerException(state, artifact.path, reason, refusal.message);
  state.ledger.degrade(artifact.path, 'failed', reason);
}
