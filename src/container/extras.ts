// What an archive shows a reader besides its listed members (issue 9, items 6–8): the bytes before
// the archive (the host of a polyglot or self-extractor), local entries the central directory does
// not list, and the archive and entry comments `unzip` prints. Each is analysed as a local-only
// member artifact under a reserved virtual path, within the same shared budgets.
//
// Reserved paths are `<container>!//<label>`. The empty segment after `!/` can never come from a
// member (checkMemberName refuses absolute names and empty segments) nor from the disk walk, so a
// reserved path never collides with a member, a disk file, or another reserved path.
import { checkMemberName } from './zip/index.js';
import type { ZipEntry } from './zip/index.js';
import type { ZipOpenResult } from './zip/index.js';
import { admitMember, readMember, recordUnreadable } from './member.js';
import type { ExpandState, OpenContainer } from './state.js';
import { containerException, reportMember, reportPath } from './state.js';

type Opened = Extract<ZipOpenResult, { ok: true }>;

export const ARCHIVE_COMMENT = 'archive-comment';
export const ENTRY_COMMENT = 'entry-comment';
export const PREFIX = 'prefix';
export const LOCAL_ENTRY = 'local-entry';

export function reservedPath(c: OpenContainer, label: string): string {
  return `${c.artifact.path}!//${label}`;
}

/** Uncovered bytes, overlaps and header disagreements: one row, and the container is partial. */
export function recordAnomalies(state: ExpandState, c: OpenContainer, opened: Opened): void {
  if (opened.anomalyCount === 0) return;
  const at = reportPath(c);
  const listed = opened.anomalies.map((a) => a.message).join(' ');
  const more = opened.anomalyCount > opened.anomalies.length ? ` (${opened.anomalyCount - opened.anomalies.length} more)` : '';
  const hidden = opened.hiddenEntries.length > 0
    ? ` Local entries it does not list were read as ${JSON.stringify(reservedPath(c, `${LOCAL_ENTRY}/…`))}.`
    : '';
  const self = reportMember(c);
  containerException(state, at, 'archive_malformed',
    `The archive holds bytes or headers its central directory does not account for; stream readers such as \`jar x\` or \`funzip\` may extract content that is not listed. ${listed}${more}${hidden}`,
    self !== undefined ? { member: self } : {});
  state.ledger.degrade(at, 'partial', 'archive_malformed');
}

/** Room for one more artifact of `size` bytes in the shared budgets; records the limit when there is none. */
function fits(state: ExpandState, c: OpenContainer, path: string, size: number): boolean {
  const { budget } = state;
  const at = reportPath(c);
  const member = reportMember(c, path.slice(c.artifact.path.length + 2)) ?? path;
  if (budget.remainingArchiveMembers() <= 0) {
    containerException(state, at, 'archive_member_limit', 'The shared archive member budget is spent; this and later archive content was not inspected.', {
      member, observed: budget.archiveMembers + 1, limit: Math.min(budget.limits.archiveMaxMembers, budget.archiveMembers + budget.remainingEntries()), unit: 'members',
    });
    state.ledger.degrade(at, 'partial', 'archive_member_limit');
    state.halted = true;
    return false;
  }
  const remaining = budget.remainingArchiveBytes();
  const cap = Math.min(remaining, budget.limits.archiveMaxMemberBytes);
  if (size > cap) {
    const reason = size > remaining ? 'archive_size_limit' : 'archive_member_size_limit';
    containerException(state, at, reason, `${size} bytes of archive content exceed the ${cap} bytes allowed; they were not analyzed.`, { member, observed: size, limit: cap, unit: 'bytes' });
    state.ledger.degrade(at, 'partial', reason);
    return false;
  }
  return true;
}

function admitBytes(state: ExpandState, c: OpenContainer, label: string, bytes: Buffer): void {
  const path = reservedPath(c, label);
  if (!fits(state, c, path, bytes.length)) return;
  admitMember(state, c, 0, label, path, bytes);
}

/** A local entry the directory does not list: concealed content, read with the member checks. */
function admitHidden(state: ExpandState, c: OpenContainer, entry: ZipEntry): void {
  const checked = checkMemberName(entry.name);
  const label = `${LOCAL_ENTRY}/${entry.localHeaderOffset}${checked.ok ? `/${checked.name}` : ''}`;
  const path = reservedPath(c, label);
  if (!fits(state, c, path, 0)) return;
  const result = readMember(state, c, entry);
  if ('reason' in result) return recordUnreadable(state, c, entry, path, result, true);
  admitMember(state, c, entry.unixMode, label, path, result.bytes, true);
}

/** After the listed members: the host bytes, unlisted local entries, then the comments. */
export function inspectExtras(state: ExpandState, c: OpenContainer, opened: Opened, expired: () => boolean): void {
  const steps: (() => void)[] = [];
  if (opened.leadingBytes > 0) steps.push(() => admitBytes(state, c, PREFIX, c.bytes.subarray(0, opened.leadingBytes)));
  for (const entry of opened.hiddenEntries) steps.push(() => admitHidden(state, c, entry));
  if (opened.comment.length > 0) steps.push(() => admitBytes(state, c, ARCHIVE_COMMENT, opened.comment));
  for (const entry of opened.entries) {
    if (entry.comment.length > 0) steps.push(() => admitBytes(state, c, `${ENTRY_COMMENT}/${entry.index}`, entry.comment));
  }
  for (const step of steps) {
    if (state.halted || expired()) return;
    step();
  }
}
