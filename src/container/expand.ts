// Opens every ZIP-compatible artifact in memory, recursively to depth 3, under one shared budget
// (INSPECTION §3). Nothing is extracted, rendered or executed.
import type { Budget } from '../limits/index.js';
import type { Ledger } from '../ledger/index.js';
import type { Artifact } from '../shared/artifact.js';
import { isZipBytes, openZip } from './zip/index.js';
import { isTarFamilyBytes, openTarContainer } from './tar/index.js';
import type { ZipEntry } from './zip/index.js';
import { containerTypeOf, expectedContainer, isDisguised, mimetypeOf } from './kind.js';
import { recordAnomalies, inspectExtras } from './extras.js';
import { holdsData, inspectDirectory, inspectMember } from './member.js';
import { containerException, memberExtra, reportMember, reportPath } from './state.js';
import type { Attribution, ChainInfo, ExpandOptions, ExpandState, OpenContainer } from './state.js';

export type { ExpandOptions };

function delimiterCount(path: string): number {
  return path.split('!/').length - 1;
}

/**
 * Real disk paths containing `!/` first, deepest first, so nested virtual paths cannot displace
 * their children: a member that equals a disk container's path has fewer delimiters above it than
 * that disk container, so the disk container's children are always claimed first. Stable otherwise.
 */
export function expansionOrder(artifacts: readonly Artifact[]): Artifact[] {
  return artifacts
    .map((a, i) => ({ a, i, d: delimiterCount(a.path) }))
    .sort((x, y) => y.d - x.d || x.i - y.i)
    .map((x) => x.a);
}

export function expandContainers(artifacts: readonly Artifact[], budget: Budget, ledger: Ledger, options: ExpandOptions): Artifact[] {
  const state: ExpandState = { budget, ledger, options, members: [], seen: new Set(options.diskPaths), withheld: new Set(), halted: false, open: (a, b, c) => openContainer(state, a, b, c) };
  for (const artifact of expansionOrder(artifacts)) {
    if (state.halted) break;
    const bytes = artifact.bytes;
    if (!bytes) continue;
    if (!isZipBytes(bytes) && !isTarFamilyBytes(bytes)) {
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
    message: `The extension promises a ${expectedContainer(artifact.path)} container but the bytes are not in that format; it is kept local-only.`,
  });
  state.ledger.degrade(artifact.path, 'partial', 'archive_format_mismatch');
  // A would-be container stays local-only (INSPECTION §3) even though it was not opened.
  const row = state.ledger.getInventory(artifact.path);
  if (row) row.local_only = true;
}

/** An archive target: its members form the bundle root; containers inside it are depth 1. */
export function expandArchiveTarget(archive: Artifact, budget: Budget, ledger: Ledger, options: ExpandOptions): Artifact[] {
  const state: ExpandState = { budget, ledger, options, members: [], seen: new Set(options.diskPaths), withheld: new Set(), halted: false, open: (a, b, c) => openContainer(state, a, b, c) };
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

function timeExceeded(state: ExpandState, c: { artifact: Artifact; attribution?: Attribution | undefined }, member?: string): boolean {
  if (!state.budget.archiveExpired()) return false;
  const elapsed = Math.round(state.budget.archiveElapsedMs()) / 1000;
  const path = reportPath(c);
  containerException(state, path, 'archive_time_limit',
    'The archive inspection deadline passed; this and later members were not inspected.',
    { ...memberExtra(reportMember(c, member)), observed: elapsed, limit: state.budget.limits.archiveDeadlineMs / 1000, unit: 'seconds' });
  state.ledger.degrade(path, 'partial', 'archive_time_limit');
  state.halted = true;
  return true;
}

function openContainer(state: ExpandState, artifact: Artifact, bytes: Buffer, chain: ChainInfo): void {
  const { budget } = state;
  budget.startArchiveClock();
  const self = { artifact, attribution: chain.attribution };
  if (timeExceeded(state, self)) return;
  if (!isZipBytes(bytes)) return openTarContainer(state, artifact, bytes, chain, (c, m) => timeExceeded(state, c, m));
  const opened = openZip(bytes, {
    maxMembers: budget.remainingArchiveMembers(),
    maxCentralDirectoryBytes: budget.limits.archiveMaxCentralDirectoryBytes,
  });
  if (!opened.ok) return refuseContainer(state, self, chain, opened);
  const type = containerTypeOf(opened.entries.map((e) => e.name), mimetypeOf(bytes, opened.entries));
  const disguised = chain.depth > 0 && isDisguised(artifact.path, type);
  artifact.container = { type, disguised };
  const container: OpenContainer = {
    artifact, bytes, depth: chain.depth, type, outerPath: chain.outerPath,
    ancestry: chain.depth === 0 ? [] : [...chain.ancestry, type], hiddenChain: chain.hiddenChain, disguisedChain: chain.disguisedChain || disguised,
  };
  if (chain.attribution) container.attribution = chain.attribution;
  recordAnomalies(state, container, opened);
  const entries = [...opened.entries].sort(byName);
  for (const entry of entries) {
    if (state.halted) return;
    if (entry.isDirectory && !holdsData(entry)) {
      inspectDirectory(state, container, entry);
      continue;
    }
    if (timeExceeded(state, container, entry.name)) return;
    inspectMember(state, container, entry);
  }
  inspectExtras(state, container, opened, () => timeExceeded(state, container));
}

function byName(a: ZipEntry, b: ZipEntry): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.index - b.index;
}

function refuseContainer(
  state: ExpandState,
  c: { artifact: Artifact; attribution?: Attribution | undefined },
  chain: ChainInfo,
  refusal: { reason: 'malformed' | 'member_limit' | 'size_limit'; message: string; observed?: number; limit?: number },
): void {
  const { budget } = state;
  const path = reportPath(c);
  const member = memberExtra(reportMember(c));
  if (refusal.reason === 'member_limit') {
    // The reader counts against what is left; the row states the shared budget as a whole.
    const used = budget.archiveMembers;
    const observed = used + (refusal.observed ?? 0);
    const limit = used + (refusal.limit ?? budget.remainingArchiveMembers());
    containerException(state, path, 'archive_member_limit',
      `The archive holds at least ${refusal.observed ?? 0} members but only ${limit - used} of the shared member budget of ${limit} remain; its members were not inspected (${refusal.message})`,
      { ...member, observed, limit, unit: 'members' });
    state.ledger.degrade(path, 'partial', 'archive_member_limit');
    state.halted = true;
    return;
  }
  const extra = { ...(refusal.observed !== undefined ? { observed: refusal.observed } : {}), ...(refusal.limit !== undefined ? { limit: refusal.limit } : {}) };
  if (refusal.reason === 'size_limit') {
    containerException(state, path, 'archive_size_limit', refusal.message, { ...member, ...extra, unit: 'bytes' });
    state.ledger.degrade(path, 'partial', 'archive_size_limit');
    return;
  }
  const reason = chain.depth <= 1 ? 'archive_malformed' : 'archive_truncated';
  containerException(state, path, reason, refusal.message, member);
  // A withheld container has no row of its own; its archive container is only partially inspected.
  state.ledger.degrade(path, c.attribution ? 'partial' : 'failed', reason);
}
