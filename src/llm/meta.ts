// The meta-analyzer (CONTRACT §7): for each provider-safe file with findings, one LLM call that may
// confirm, explain, tag or raise those findings. It works on copies and returns every input finding,
// in input order: nothing is dropped, nothing is lowered, and findings in files that were not sent
// are neither reviewed nor described to the provider in any way.
import type { Finding } from '../analysis/finding.js';
import type { LlmClient, LlmFailureKind } from './client/types.js';
import type { FenceFile } from './fence.js';
import { applyVerdict } from './meta-apply.js';
import type { MetaVerdict } from './meta-prompt.js';
import { metaPrompt, metaReplySchema } from './meta-prompt.js';
import type { VerdictTally } from './meta-prompt.js';

export interface MetaOptions {
  /** Findings described per file; the rest of that file's findings pass through unreviewed. Default 100. */
  maxFindingsPerFile?: number;
  /** Default 4096. */
  maxOutputTokens?: number;
  /** Per HTTP attempt. Default 60 s. */
  timeoutMs?: number;
}

/** One file whose call failed; its findings came back unchanged and the caller marks the scan degraded. */
export interface MetaFailure {
  file: string;
  kind: LlmFailureKind;
  message: string;
}

export interface MetaCounts {
  calls: number;
  confirmed: number;
  raised: number;
  falsePositives: number;
  /** Verdicts that tried to drop or lower a HIGH/CRITICAL (ignored whole) or lower a MEDIUM/LOW (that part ignored). */
  refusedDowngrades: number;
  /** Verdicts naming a finding_index this call did not send. */
  unknownIndex: number;
  /** Second and later verdicts for one finding; the first one stands. */
  duplicates: number;
  /** Entries that did not match the verdict schema, or arrived beyond the per-reply cap. */
  malformed: number;
  /** `raise` without a higher severity. */
  noEffect: number;
  /** Findings in sent files left out of the request by `maxFindingsPerFile`. */
  notReviewed: number;
}

export interface MetaResult {
  /** Every input finding, in input order; changed ones are new objects. */
  findings: Finding[];
  failures: MetaFailure[];
  counts: MetaCounts;
  usage: { inputTokens: number; outputTokens: number };
}

const DEFAULTS = { maxFindingsPerFile: 100, maxOutputTokens: 4096, timeoutMs: 60_000 };

function emptyCounts(): MetaCounts {
  return { calls: 0, confirmed: 0, raised: 0, falsePositives: 0, refusedDowngrades: 0, unknownIndex: 0, duplicates: 0, malformed: 0, noEffect: 0, notReviewed: 0 };
}

/** Upstream's local-only markers: such a finding stays off the wire even when its file was sent. */
function isLocalOnly(finding: Finding): boolean {
  return finding.tags.includes('local-only') || finding.evidence.local_only === true;
}

/** Input positions of the reviewable findings, per sent file, in input order. */
function groupBySentFile(findings: readonly Finding[], sent: ReadonlyMap<string, FenceFile>): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const [position, finding] of findings.entries()) {
    if (!sent.has(finding.file) || isLocalOnly(finding)) continue;
    const group = groups.get(finding.file);
    if (group) group.push(position);
    else groups.set(finding.file, [position]);
  }
  return groups;
}

function applyVerdicts(out: Finding[], positions: readonly number[], verdicts: readonly MetaVerdict[], counts: MetaCounts): void {
  const answered = new Set<number>();
  for (const verdict of verdicts) {
    const position = positions[verdict.finding_index];
    const current = position === undefined ? undefined : out[position];
    if (position === undefined || current === undefined) {
      counts.unknownIndex++;
      continue;
    }
    if (answered.has(position)) {
      counts.duplicates++;
      continue;
    }
    answered.add(position);
    const applied = applyVerdict(current, verdict);
    out[position] = applied.finding;
    if (applied.loweringRefused) counts.refusedDowngrades++;
    if (applied.outcome === 'confirmed') counts.confirmed++;
    else if (applied.outcome === 'raised') counts.raised++;
    else if (applied.outcome === 'false_positive') counts.falsePositives++;
    else if (applied.outcome === 'refused_downgrade') counts.refusedDowngrades++;
    else counts.noEffect++;
  }
}

/**
 * Reviews the findings of each file in `sentFiles` (the provider-safe selection) with one call per
 * file, sequentially, in `sentFiles` order. A failed call leaves that file's findings as they were.
 */
export async function runMeta(client: LlmClient, findings: readonly Finding[], sentFiles: readonly FenceFile[], options: MetaOptions = {}): Promise<MetaResult> {
  const settings = { ...DEFAULTS, ...options };
  const sent = new Map<string, FenceFile>();
  for (const file of sentFiles) sent.set(file.path, file);
  const groups = groupBySentFile(findings, sent);
  const out = [...findings];
  const counts = emptyCounts();
  const failures: MetaFailure[] = [];
  const usage = { inputTokens: 0, outputTokens: 0 };
  for (const [path, all] of groups) {
    const file = sent.get(path);
    if (file === undefined) continue;
    const positions = all.slice(0, Math.max(0, settings.maxFindingsPerFile));
    counts.notReviewed += all.length - positions.length;
    if (positions.length === 0) continue;
    const prompt = metaPrompt(file, positions.map((p) => out[p]).filter((f): f is Finding => f !== undefined));
    const tally: VerdictTally = { received: 0 };
    counts.calls++;
    const result = await client.complete({
      ...prompt,
      schema: metaReplySchema(tally),
      schemaName: 'meta_verdicts',
      maxOutputTokens: settings.maxOutputTokens,
      timeoutMs: settings.timeoutMs,
    });
    if (!result.ok) {
      failures.push({ file: path, kind: result.kind, message: result.message });
      continue;
    }
    usage.inputTokens += result.usage.inputTokens;
    usage.outputTokens += result.usage.outputTokens;
    const verdicts = result.value.verdicts;
    // Everything received but not returned was malformed or beyond the cap.
    counts.malformed += Math.max(0, tally.received - verdicts.length);
    applyVerdicts(out, positions, verdicts, counts);
  }
  return { findings: out, failures, counts, usage };
}
