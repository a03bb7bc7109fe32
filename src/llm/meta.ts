// The meta-analyzer (CONTRACT §7): for each provider-safe file with findings, one LLM call that may
// confirm, explain, tag or raise those findings. It works on copies and returns every input finding,
// in input order: nothing is dropped, nothing is lowered, and findings in files that were not sent
// are neither reviewed nor described to the provider in any way.
import type { Finding } from '../analysis/finding.js';
import { completeSafely, isProviderWide } from './calls.js';
import type { ReplyCache } from './calls.js';
import type { LlmClient, LlmFailureKind } from './client/types.js';
import { estimateTokens } from './estimate.js';
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
  /** Input tokens one request may carry; a file whose request would be larger is not reviewed. Default 32,000. */
  perCallTokenLimit?: number;
  /** Requests this pass may send (what the semantic pass left of `--max-llm-calls`). Default unbounded. */
  maxCalls?: number;
  /** Input plus output tokens this pass may spend; a call that could exceed it is not sent. Default unbounded. */
  tokenBudget?: number;
  /** Replies stored by content (the file and the findings described), so an unchanged file costs no call. */
  cache?: ReplyCache;
  /** The provider already failed for good (the semantic pass saw it): send nothing, say so in `stopped`. */
  providerDown?: boolean;
}

export type MetaStopReason = 'max_calls' | 'token_budget' | 'provider_failure';

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
  /** Findings in sent files left out of review: beyond `maxFindingsPerFile`, in a file too large for one call, or after a budget stop. */
  notReviewed: number;
  /** Files answered from the cache (no request sent). */
  cacheHits: number;
}

export interface MetaResult {
  /** Every input finding, in input order; changed ones are new objects. */
  findings: Finding[];
  failures: MetaFailure[];
  counts: MetaCounts;
  usage: { inputTokens: number; outputTokens: number };
  /** Model the provider reported on the last successful call. */
  model: string | null;
  /** Why review stopped before every file with findings was reviewed, and those files. */
  stopped: { reason: MetaStopReason; files: string[] } | null;
}

const DEFAULTS = { maxFindingsPerFile: 100, maxOutputTokens: 4096, timeoutMs: 60_000, perCallTokenLimit: 32_000, maxCalls: Infinity, tokenBudget: Infinity };

function emptyCounts(): MetaCounts {
  return { calls: 0, confirmed: 0, raised: 0, falsePositives: 0, refusedDowngrades: 0, unknownIndex: 0, duplicates: 0, malformed: 0, noEffect: 0, notReviewed: 0, cacheHits: 0 };
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

/** The estimated input tokens of each request `runMeta` would send (for `--estimate`), before budgets and cache. */
export function metaCallSizes(findings: readonly Finding[], sentFiles: readonly FenceFile[], options: Pick<MetaOptions, 'maxFindingsPerFile' | 'perCallTokenLimit'> = {}): number[] {
  const settings = { ...DEFAULTS, ...options };
  const sent = new Map(sentFiles.map((f) => [f.path, f]));
  const sizes: number[] = [];
  for (const [path, all] of groupBySentFile(findings, sent)) {
    const file = sent.get(path);
    const described = all.slice(0, Math.max(0, settings.maxFindingsPerFile)).map((p) => findings[p]).filter((f): f is Finding => f !== undefined);
    if (file === undefined || described.length === 0) continue;
    const prompt = metaPrompt(file, described);
    const tokens = estimateTokens(prompt.system.length + prompt.user.length);
    if (tokens <= settings.perCallTokenLimit) sizes.push(tokens);
  }
  return sizes;
}

/** What a cached reply is keyed on: the file and exactly the findings a request would describe. */
function cacheContent(file: FenceFile, findings: readonly Finding[]): string {
  return JSON.stringify([file.path, file.text, findings.map((f) => [f.rule.id, f.startLine, f.endLine, f.severity, f.matched])]);
}

/**
 * Reviews the findings of each file in `sentFiles` (the provider-safe selection) with one call per
 * file, sequentially, in `sentFiles` order. A failed call leaves that file's findings as they were;
 * a budget stop leaves the remaining files' findings as they were and says so in `stopped`.
 */
export async function runMeta(client: LlmClient, findings: readonly Finding[], sentFiles: readonly FenceFile[], options: MetaOptions = {}): Promise<MetaResult> {
  const settings = { ...DEFAULTS, ...options };
  const sent = new Map<string, FenceFile>();
  for (const file of sentFiles) sent.set(file.path, file);
  const groups = [...groupBySentFile(findings, sent)];
  const out = [...findings];
  const counts = emptyCounts();
  const failures: MetaFailure[] = [];
  const usage = { inputTokens: 0, outputTokens: 0 };
  let model: string | null = null;
  let stopped: MetaResult['stopped'] = null;
  let spent = 0;
  for (const [index, [path, all]] of groups.entries()) {
    const file = sent.get(path);
    if (file === undefined) continue;
    const positions = all.slice(0, Math.max(0, settings.maxFindingsPerFile));
    counts.notReviewed += all.length - positions.length;
    if (positions.length === 0) continue;
    const described = positions.map((p) => out[p]).filter((f): f is Finding => f !== undefined);
    const tally: VerdictTally = { received: 0 };
    const schema = metaReplySchema(tally);
    const key = cacheContent(file, described);
    const cached = settings.cache ? schema.safeParse(settings.cache.get(key)) : undefined;
    if (cached?.success === true) {
      counts.cacheHits++;
      counts.malformed += Math.max(0, tally.received - cached.data.verdicts.length);
      applyVerdicts(out, positions, cached.data.verdicts, counts);
      continue;
    }
    const prompt = metaPrompt(file, described);
    const estimatedInput = estimateTokens(prompt.system.length + prompt.user.length);
    if (estimatedInput > settings.perCallTokenLimit) {
      counts.notReviewed += positions.length;
      continue;
    }
    const refusal = settings.providerDown === true ? 'provider_failure' : counts.calls >= settings.maxCalls ? 'max_calls'
      : spent + estimatedInput + settings.maxOutputTokens > settings.tokenBudget ? 'token_budget' : undefined;
    if (refusal !== undefined) {
      stopped = stopAt(groups, index, refusal, settings.maxFindingsPerFile, counts);
      break;
    }
    counts.calls++;
    const result = await completeSafely(client, {
      ...prompt,
      schema,
      schemaName: 'meta_verdicts',
      maxOutputTokens: settings.maxOutputTokens,
      timeoutMs: settings.timeoutMs,
    });
    if (!result.ok) {
      failures.push({ file: path, kind: result.kind, message: result.message });
      // The request was sent and may be billed: its input counts against the budget.
      spent += estimatedInput;
      if (isProviderWide(result.kind) && index + 1 < groups.length) {
        stopped = stopAt(groups, index + 1, 'provider_failure', settings.maxFindingsPerFile, counts);
        break;
      }
      continue;
    }
    usage.inputTokens += result.usage.inputTokens;
    usage.outputTokens += result.usage.outputTokens;
    spent += (result.usage.inputTokens || estimatedInput) + result.usage.outputTokens;
    model = result.model;
    const verdicts = result.value.verdicts;
    settings.cache?.put(key, { verdicts });
    // Everything received but not returned was malformed or beyond the cap.
    counts.malformed += Math.max(0, tally.received - verdicts.length);
    applyVerdicts(out, positions, verdicts, counts);
  }
  return { findings: out, failures, counts, usage, model, stopped };
}

/** The stop record for files `from` onwards; their findings count as not reviewed. */
function stopAt(groups: readonly [string, number[]][], from: number, reason: MetaStopReason, perFile: number, counts: MetaCounts): NonNullable<MetaResult['stopped']> {
  const rest = groups.slice(from);
  counts.notReviewed += rest.reduce((n, [, list]) => n + Math.min(list.length, Math.max(0, perFile)), 0);
  return { reason, files: rest.map(([p]) => p) };
}
