// Per-member checks in the order of INSPECTION §3.2; the first hit wins.
import { recordInventory } from '../discovery/inventory.js';
import type { DecryptedWith, ExceptionReason, UnreadableReason } from '../ledger/index.js';
import type { Artifact } from '../shared/artifact.js';
import { isHiddenPath } from '../shared/artifact.js';
import { checkMemberName, isZipBytes, readZipEntry } from './zip/index.js';
import type { ZipEntry, ZipReadFailure, ZipReadResult } from './zip/index.js';
import type { ExpandState, OpenContainer } from './state.js';
import { hasPasswordCandidates, markDecrypted, readEncrypted } from './encrypted.js';
import type { EncryptedRead } from './encrypted.js';
import { isTarFamilyBytes } from './tar/detect.js';
import { tarMemberRead } from './tar/open.js';
import { containerException, reportMember, reportPath } from './state.js';
import { intoSlab } from '../shared/byte-slabs.js';

const METHOD_DEFLATE = 8;

type Unit = 'bytes' | 'members' | 'depth' | 'ratio' | 'seconds';
interface Refusal { reason: ExceptionReason; message: string; observed?: number; limit?: number; unit?: Unit }

const READ_FAILURE: Record<ZipReadFailure, ExceptionReason> = {
  unsupported_compression: 'archive_unsupported_compression',
  truncated: 'archive_truncated',
  member_size_limit: 'archive_member_size_limit',
  compression_ratio: 'archive_compression_ratio',
  size_limit: 'archive_size_limit',
  encrypted: 'archive_encrypted',
};

const UNREADABLE = new Set<ExceptionReason>(['archive_encrypted', 'archive_link_member', 'archive_truncated', 'archive_unsupported_compression', 'archive_malformed'] satisfies UnreadableReason[]);

function quote(name: string): string {
  return JSON.stringify(name);
}

/** The name check of INSPECTION §3.2 row 3; an unsafe name is reported on the container. */
function safeName(state: ExpandState, c: OpenContainer, entry: ZipEntry): string | undefined {
  const checked = checkMemberName(entry.name);
  if (checked.ok) return checked.name;
  const at = reportPath(c);
  const what = entry.isDirectory ? 'directory entry' : 'member';
  containerException(state, at, 'archive_unsafe_member_path', `Archive ${what} name ${quote(entry.name)} is unsafe (${checked.why}) and was not inspected.`, { member: reportMember(c, entry.name) ?? entry.name });
  state.ledger.degrade(at, 'partial', 'archive_unsafe_member_path');
  return undefined;
}

/**
 * A directory entry holds no data, so there is nothing to read; its name gets the same check as a
 * file's (issue 9, item 14): `unzip` creates `../../tmp/evil/` just as it writes a file there.
 */
export function inspectDirectory(state: ExpandState, c: OpenContainer, entry: ZipEntry): void {
  safeName(state, c, entry);
}

/**
 * A name ending in `/` or `\` that holds data is still read (issue 9, item 5): Python and `unzip`
 * on Unix write `payload.sh\` as a file, and stream readers see the data of `x/`. Its virtual path is
 * the name without the trailing separator; a read that yields no bytes is an ordinary directory.
 */
export function holdsData(entry: ZipEntry): boolean {
  // Two deflated bytes can only encode an empty stream (Java writes directories that way).
  const emptyStream = entry.method === METHOD_DEFLATE ? 2 : 0;
  return entry.uncompressedSize > 0 || entry.compressedSize > emptyStream;
}

export function inspectMember(state: ExpandState, c: OpenContainer, entry: ZipEntry): void {
  const { budget, ledger } = state;
  const at = reportPath(c);
  const name = safeName(state, c, entry);
  if (name === undefined) return;
  const path = c.depth === 0 ? name : `${c.artifact.path}!/${name}`;
  if (budget.remainingArchiveMembers() <= 0) {
    containerException(state, at, 'archive_member_limit', 'The shared archive member budget is spent; this and later members were not inspected.', {
      member: reportMember(c, name) ?? name, observed: budget.archiveMembers + 1, limit: Math.min(budget.limits.archiveMaxMembers, budget.archiveMembers + budget.remainingEntries()), unit: 'members',
    });
    ledger.degrade(at, 'partial', 'archive_member_limit');
    state.halted = true;
    return;
  }
  if (state.options.excludes.matches(path)) return excludeMember(state, path, c, entry);
  if (state.options.diskPaths.has(path)) return withhold(state, c, entry, name, path);
  if (state.seen.has(path)) return duplicate(state, c, name, path);
  state.seen.add(path);
  const result = readMember(state, c, entry);
  if ('reason' in result) return recordUnreadable(state, c, entry, path, result);
  if (entry.isDirectory && result.bytes.length === 0) return;
  admitMember(state, c, entry.unixMode, name, path, result.bytes);
  if (result.decryptedWith) markDecrypted(state, path, result.decryptedWith);
}

/**
 * First copy wins. Inside a withheld container the first copy is a real disk container's child:
 * the skipped archive copy is reported on the archive container, and the analyzed disk
 * descendant is not marked partial because of it.
 */
function duplicate(state: ExpandState, c: OpenContainer, name: string, path: string): void {
  const { ledger } = state;
  if (c.attribution) {
    const at = reportPath(c);
    const member = reportMember(c, name) ?? name;
    containerException(state, at, 'archive_ambiguous_member_path', `Archive member ${quote(member)} was skipped and not analyzed: its virtual path ${quote(path)} already belongs to another artifact.`, { member });
    ledger.degrade(at, 'partial', 'archive_ambiguous_member_path');
    return;
  }
  ledger.exception({ phase: 'containers', reason: 'archive_ambiguous_member_path', path, member: name, message: `Archive holds more than one member named ${quote(name)}; only the first copy was inspected.` });
  ledger.degrade(path, 'partial', 'archive_ambiguous_member_path');
}

function excludeMember(state: ExpandState, path: string, c: OpenContainer, entry: ZipEntry): void {
  // Never overwrite another artifact's row (a disk file excluded by the same pattern).
  if (state.ledger.hasInventory(path)) return;
  const provenance = provenanceOf(c, path);
  state.ledger.addInventory({
    path, content_kind: 'opaque', disposition: 'out_of_scope', size_bytes: entry.uncompressedSize, reason: 'user_exclusion',
    hidden: provenance ? provenance.hiddenChain : isHiddenPath(path), local_only: true, ...(provenance ? { provenance } : {}),
  });
  state.ledger.scope('user_exclusion', path);
}

/** Checks that need no decompression, then the bounded read. */
export function readMember(state: ExpandState, c: OpenContainer, entry: ZipEntry): { bytes: Buffer; decryptedWith?: DecryptedWith } | Refusal {
  const { limits } = state.budget;
  const preloaded = tarMemberRead(entry);
  if (entry.isSymlink) return { reason: 'archive_link_member', message: preloaded?.link ?? 'Archive member is a symbolic link; links are never followed.' };
  if (entry.isEncrypted && !hasPasswordCandidates(state)) return { reason: 'archive_encrypted', message: 'Archive member is encrypted and could not be inspected.' };
  const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
  if (ratio > limits.archiveMaxRatio) {
    return { reason: 'archive_compression_ratio', message: `Declared size ${entry.uncompressedSize} is ${ratio.toFixed(1)} times the compressed size ${entry.compressedSize} (limit ${limits.archiveMaxRatio}:1).`, observed: round1(ratio), limit: limits.archiveMaxRatio, unit: 'ratio' };
  }
  const remaining = state.budget.remainingArchiveBytes();
  if (entry.uncompressedSize > remaining) {
    return { reason: 'archive_size_limit', message: `Declared size ${entry.uncompressedSize} exceeds the ${remaining} bytes left of the shared expanded-bytes budget.`, observed: state.budget.archiveBytes + entry.uncompressedSize, limit: Math.min(limits.archiveMaxExpandedBytes, state.budget.archiveBytes + remaining), unit: 'bytes' };
  }
  if (entry.uncompressedSize > limits.archiveMaxMemberBytes) {
    return { reason: 'archive_member_size_limit', message: `Declared size ${entry.uncompressedSize} exceeds the per-member limit of ${limits.archiveMaxMemberBytes} bytes.`, observed: entry.uncompressedSize, limit: limits.archiveMaxMemberBytes, unit: 'bytes' };
  }
  // Tar members are already in memory, within the caps checked above.
  const read: EncryptedRead | ZipReadResult = preloaded?.bytes ? { ok: true as const, bytes: preloaded.bytes } : entry.isEncrypted ? readEncrypted(state, c, entry) : readZipEntry(c.bytes, entry, { maxMemberBytes: limits.archiveMaxMemberBytes, maxRatio: limits.archiveMaxRatio, remainingBytes: remaining });
  if (read.ok) return read;
  const reason = READ_FAILURE[read.reason];
  const refusal: Refusal = { reason, message: read.message };
  if (read.observed !== undefined) refusal.observed = read.observed;
  if (read.limit !== undefined) refusal.limit = read.limit;
  const unit = unitFor(reason);
  if (unit) refusal.unit = unit;
  return refusal;
}

function unitFor(reason: ExceptionReason): Unit | undefined {
  if (reason === 'archive_compression_ratio') return 'ratio';
  if (reason === 'archive_member_size_limit' || reason === 'archive_size_limit') return 'bytes';
  return undefined;
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

export function recordUnreadable(state: ExpandState, c: OpenContainer, entry: ZipEntry, path: string, r: Refusal, hidden = false): void {
  const { ledger, budget } = state;
  budget.chargeMember(0);
  const failed = UNREADABLE.has(r.reason);
  const provenance = provenanceOf(c, path);
  ledger.addInventory({
    path, content_kind: 'opaque', disposition: failed ? 'failed' : 'partial', size_bytes: entry.uncompressedSize,
    reason: r.reason, hidden: hidden || c.hiddenChain || isHiddenPath(path), local_only: true,
    ...(provenance ? { provenance: hidden ? { ...provenance, hiddenChain: true } : provenance } : {}),
  });
  ledger.exception({ phase: 'containers', ...r, path });
}

function provenanceOf(c: OpenContainer, path: string): Artifact['provenance'] {
  if (c.depth === 0) return undefined;
  const nestedPath = path.slice(c.outerPath.length + 2);
  return {
    outerPath: c.outerPath, nestedPath, containerType: c.type, containerAncestry: c.ancestry, containerDepth: c.depth,
    hiddenChain: c.hiddenChain || isHiddenPath(nestedPath), disguisedChain: c.disguisedChain,
  };
}

/** A member read in full: charged, inventoried, analyzed, and opened when it is itself a container. `concealed` marks content no directory lists. */
export function admitMember(state: ExpandState, c: OpenContainer, unixMode: number, name: string, path: string, read: Buffer, concealed = false): void {
  // Inflated output is the C allocator's; held in a slab instead, it is freed with the files' bytes.
  const bytes = intoSlab(read);
  state.budget.chargeMember(bytes.length);
  const listed = provenanceOf(c, path);
  const provenance = listed && concealed ? { ...listed, hiddenChain: true } : listed;
  const member: Artifact = {
    path, origin: 'member', bytes, size: bytes.length, truncated: false, mode: unixMode & 0o7777,
    hidden: concealed || (provenance ? provenance.hiddenChain : isHiddenPath(path)),
  };
  if (provenance) member.provenance = provenance;
  state.members.push(member);
  recordMemberInventory(state, member);
  if (!isZipBytes(bytes) && !isTarFamilyBytes(bytes)) return;
  if (c.depth + 1 > state.budget.limits.archiveMaxDepth) {
    state.ledger.exception({ phase: 'containers', reason: 'archive_depth_limit', path, member: name, observed: c.depth + 1, limit: state.budget.limits.archiveMaxDepth, unit: 'depth', message: `Nested container at depth ${c.depth + 1} exceeds the container depth limit of ${state.budget.limits.archiveMaxDepth} and was not opened.` });
    state.ledger.degrade(path, 'partial', 'archive_depth_limit');
    return;
  }
  state.open(member, bytes, {
    depth: c.depth + 1, outerPath: c.depth === 0 ? path : c.outerPath, ancestry: c.ancestry,
    hiddenChain: member.hidden, disguisedChain: c.disguisedChain,
  });
}

/** The directory whose name ends in `!` that makes a disk path look like this container's member. */
function bangDirectory(c: OpenContainer): string {
  return `${c.artifact.path}!`;
}

/** Executable or unreadable binary members stay in scope as partial/opaque_content (see inventory.ts). */
function recordMemberInventory(state: ExpandState, member: Artifact): void {
  recordInventory(state.ledger, member);
}

/** A real disk path owns this virtual path: keep the disk bytes, withhold the member, fail closed. */
function withhold(state: ExpandState, c: OpenContainer, entry: ZipEntry, name: string, path: string): void {
  const { ledger } = state;
  const at = reportPath(c);
  const member = reportMember(c, name) ?? name;
  if (state.withheld.has(path)) {
    containerException(state, at, 'archive_ambiguous_member_path', `Archive holds more than one member named ${quote(name)}; none was analyzed because the disk path ${quote(path)} has the same virtual path.`, { member });
    ledger.degrade(at, 'partial', 'archive_ambiguous_member_path');
    return;
  }
  state.withheld.add(path);
  ledger.exception({
    phase: 'containers', reason: 'artifact_path_collision', path,
    message: `The disk path ${quote(path)} is also the virtual path of member ${quote(member)} of archive ${quote(at)}: "!/" is reserved as the archive delimiter and the directory ${quote(bangDirectory(c))} has a name ending in "!". The disk file was analyzed; the archive member was not. Rename that directory (for example drop the trailing "!") to remove the ambiguity.`,
  });
  ledger.pinFailed(path, 'artifact_path_collision');
  ledger.exception({ phase: 'containers', reason: 'archive_member_withheld', path: at, member, message: `Archive member ${quote(member)} was withheld and not analyzed: the real disk path ${quote(path)} has the same virtual path (a directory name ends in "!"; rename it to resolve this).` });
  ledger.degrade(at, 'partial', 'archive_member_withheld');
  // Anything reading the withheld member would report belongs to its container, never to the disk file.
  const result = readMember(state, c, entry);
  state.budget.chargeMember('bytes' in result ? result.bytes.length : 0);
  if ('reason' in result) {
    ledger.exception({ phase: 'containers', ...result, path: at, member });
    return;
  }
  if (isZipBytes(result.bytes) || isTarFamilyBytes(result.bytes)) openWithheld(state, c, name, path, result.bytes);
}

/**
 * A withheld member that is itself a container is still opened in memory, so its distinct
 * descendants are analyzed; everything about the container itself is reported on `at`.
 */
function openWithheld(state: ExpandState, c: OpenContainer, name: string, path: string, bytes: Buffer): void {
  const at = reportPath(c);
  const self = reportMember(c, name) ?? name;
  if (c.depth + 1 > state.budget.limits.archiveMaxDepth) {
    state.ledger.exception({ phase: 'containers', reason: 'archive_depth_limit', path: at, member: self, observed: c.depth + 1, limit: state.budget.limits.archiveMaxDepth, unit: 'depth', message: `Nested container at depth ${c.depth + 1} exceeds the container depth limit of ${state.budget.limits.archiveMaxDepth} and was not opened.` });
    state.ledger.degrade(at, 'partial', 'archive_depth_limit');
    return;
  }
  const shadow: Artifact = { path, origin: 'member', bytes, size: bytes.length, truncated: false, mode: 0, hidden: c.hiddenChain || isHiddenPath(path) };
  state.open(shadow, bytes, {
    depth: c.depth + 1, outerPath: c.depth === 0 ? path : c.outerPath, ancestry: c.ancestry,
    hiddenChain: shadow.hidden, disguisedChain: c.disguisedChain, attribution: { path: at, self },
  });
}
