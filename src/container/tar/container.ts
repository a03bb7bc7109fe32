// Opens a tar-family container inside the shared container stage: the same member pipeline,
// budgets and nesting as a ZIP (INSPECTION §3). Every refusal leaves the container partial with a
// ledger row; nothing is extracted.
import type { Artifact } from '../../shared/artifact.js';
import type { ExceptionReason } from '../../ledger/index.js';
import type { ZipEntry } from '../zip/index.js';
import { isDisguised } from '../kind.js';
import { holdsData, inspectDirectory, inspectMember } from '../member.js';
import { containerException, memberExtra, reportMember, reportPath } from '../state.js';
import type { ChainInfo, ExpandState, OpenContainer } from '../state.js';
import { openTarFamily } from './open.js';
import type { TarRefusalReason } from './open.js';

type Unit = 'bytes' | 'members' | 'ratio';

const REASONS: Readonly<Record<TarRefusalReason, { reason: ExceptionReason; unit?: Unit }>> = {
  malformed: { reason: 'archive_malformed' },
  truncated: { reason: 'archive_truncated' },
  member_limit: { reason: 'archive_member_limit', unit: 'members' },
  size_limit: { reason: 'archive_size_limit', unit: 'bytes' },
  compression_ratio: { reason: 'archive_compression_ratio', unit: 'ratio' },
  unsupported_compression: { reason: 'archive_unsupported_compression' },
};

/** `expired` reports the shared archive deadline (and records it) before each member. */
export function openTarContainer(state: ExpandState, artifact: Artifact, bytes: Buffer, chain: ChainInfo, expired: (c: OpenContainer, member: string) => boolean): void {
  const { budget } = state;
  const self = { artifact, attribution: chain.attribution };
  const opened = openTarFamily(bytes, artifact.path, {
    maxMembers: budget.remainingArchiveMembers(),
    maxHeaderBytes: budget.limits.archiveMaxCentralDirectoryBytes,
    maxRatio: budget.limits.archiveMaxRatio,
    remainingBytes: budget.remainingArchiveBytes(),
  });
  if (!opened.ok) {
    const { reason, unit } = REASONS[opened.reason];
    const path = reportPath(self);
    const measured = { ...(opened.observed !== undefined ? { observed: opened.observed } : {}), ...(opened.limit !== undefined ? { limit: opened.limit } : {}), ...(unit ? { unit } : {}) };
    containerException(state, path, reason, opened.message, { ...memberExtra(reportMember(self)), ...measured });
    state.ledger.degrade(path, 'partial', reason);
    if (reason === 'archive_member_limit') state.halted = true;
    return;
  }
  const disguised = chain.depth > 0 && isDisguised(artifact.path, opened.type);
  artifact.container = { type: opened.type, disguised };
  const container: OpenContainer = {
    artifact, bytes, depth: chain.depth, type: opened.type, outerPath: chain.outerPath,
    ancestry: chain.depth === 0 ? [] : [...chain.ancestry, opened.type], hiddenChain: chain.hiddenChain, disguisedChain: chain.disguisedChain || disguised,
  };
  if (chain.attribution) container.attribution = chain.attribution;
  if (opened.trailingBytes > 0) recordTrailing(state, container, opened.trailingBytes);
  for (const entry of [...opened.entries].sort(byName)) {
    if (state.halted) return;
    if (entry.isDirectory && !holdsData(entry)) {
      inspectDirectory(state, container, entry);
      continue;
    }
    if (expired(container, entry.name)) return;
    inspectMember(state, container, entry);
  }
}

/** Data after the end-of-archive blocks: `tar --ignore-zeros` reads it, so the container is partial. */
function recordTrailing(state: ExpandState, c: OpenContainer, count: number): void {
  const at = reportPath(c);
  containerException(state, at, 'archive_malformed', `${count} bytes after the end-of-archive marker hold data; \`tar --ignore-zeros\` may extract members the scan did not read.`, memberExtra(reportMember(c)));
  state.ledger.degrade(at, 'partial', 'archive_malformed');
}

function byName(a: ZipEntry, b: ZipEntry): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.index - b.index;
}
