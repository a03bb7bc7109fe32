// The semantic pass: the files that may leave the machine go to the model in fenced batches, and only
// findings with real evidence come back. Budgets stop further calls before they would be exceeded, and
// every provider failure is returned, never thrown, so the caller can mark the scan degraded.
import { sanitizeText } from '../shared/sanitize.js';
import type { Severity } from '../shared/types.js';
import type { LlmClient, LlmFailure } from './client/types.js';
import { estimateTokens } from './estimate.js';
import type { FenceFile } from './fence.js';
import { completeSafely, isProviderWide } from './calls.js';
import type { ReplyCache } from './calls.js';
import { declarationChars, fenceFiles } from './fence.js';
import type { DiscardWhy } from './quotes.js';
import { checkQuotes } from './quotes.js';
import type { Batch, SentPart } from './semantic-batches.js';
import { planBatches } from './semantic-batches.js';
import type { SemanticReplyFinding } from './semantic-prompt.js';
import { SEMANTIC_SCHEMA_NAME, SEMANTIC_SYSTEM_PROMPT, SemanticReply, semanticUserMessage } from './semantic-prompt.js';
import type { SemanticRuleId } from './semantic-rules.js';
import { SEMANTIC_RULES, tp4Severity } from './semantic-rules.js';

export interface SemanticOptions {
  /** Input tokens one request may carry (instructions and fenced files together). */
  perCallTokenLimit: number;
  maxOutputTokens: number;
  timeoutMs: number;
  /** Requests the pass may send. */
  maxCalls: number;
  /** Input plus output tokens the pass may spend; a call that could exceed it is not sent. */
  tokenBudget: number;
  /** Default 32. */
  maxFindingsPerCall?: number;
  /** Default 200. */
  maxFindingsTotal?: number;
  /** Replies stored by the content of each batch, so an unchanged skill costs no call. */
  cache?: ReplyCache;
}

export interface SemanticFinding {
  ruleId: SemanticRuleId;
  file: string;
  startLine: number;
  endLine: number;
  quote: string;
  severity: Severity;
  confidence: number;
  explanation: string;
  remediation: string;
}

export type SemanticDiscardWhy = DiscardWhy | 'duplicate' | 'over_call_cap' | 'over_total_cap';

export interface SemanticFailure extends Omit<LlmFailure, 'ok'> {
  /** 1-based number of the request that failed. */
  call: number;
  files: string[];
}

export type SemanticStopReason = 'max_calls' | 'token_budget' | 'provider_failure';

export interface SemanticResult {
  findings: SemanticFinding[];
  discarded: { total: number; byReason: Partial<Record<SemanticDiscardWhy, number>> };
  calls: number;
  /** Batches answered from the cache (no request sent). */
  cacheHits: number;
  inputTokens: number;
  outputTokens: number;
  /** Model the provider reported on the last successful call. */
  model: string | null;
  failures: SemanticFailure[];
  /** Why requests stopped before every file was reviewed, and the files (or parts) left unreviewed. */
  stopped: { reason: SemanticStopReason; unreviewedFiles: string[] } | null;
}

const MAX_TEXT_CHARS = 2000;

function clampConfidence(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

/** A whole line number inside [low, high]; the reply is untrusted. */
function clampLine(value: number | null, low: number, high: number): number {
  const n = value !== null && Number.isFinite(value) ? Math.floor(value) : low;
  return Math.min(high, Math.max(low, n));
}

function modelText(value: string): string {
  return sanitizeText(value.slice(0, MAX_TEXT_CHARS));
}

class Collector {
  readonly findings: SemanticFinding[] = [];
  readonly byReason: Partial<Record<SemanticDiscardWhy, number>> = {};
  private total = 0;
  private readonly seen = new Set<string>();

  constructor(
    private readonly perCall: number,
    private readonly maxTotal: number,
  ) {}

  discard(why: SemanticDiscardWhy, count = 1): void {
    this.byReason[why] = (this.byReason[why] ?? 0) + count;
    this.total += count;
  }

  discardedTotal(): number {
    return this.total;
  }

  /** Checks one reply against the parts its request sent and keeps what holds up. */
  accept(reply: readonly SemanticReplyFinding[], batch: Batch): void {
    const evidence = reply.map((f) => ({ finding: f, file: f.file, line: Number.isFinite(f.start_line) ? Math.floor(f.start_line) : 0, quote: f.quote }));
    const checked = checkQuotes(evidence, batch);
    for (const { why } of checked.discarded) this.discard(why);
    const parts = new Map<string, SentPart>(batch.map((p) => [p.path, p]));
    let keptThisCall = 0;
    for (const e of checked.kept) {
      const part = parts.get(e.file);
      if (!part) continue; // checkQuotes only keeps cited files that were sent
      const finding = this.toFinding(e.finding, e.line, part);
      const key = `${finding.ruleId}\u0000${finding.file}\u0000${finding.startLine}`;
      if (this.seen.has(key)) this.discard('duplicate');
      else if (keptThisCall >= this.perCall) this.discard('over_call_cap');
      else if (this.findings.length >= this.maxTotal) this.discard('over_total_cap');
      else {
        this.seen.add(key);
        this.findings.push(finding);
        keptThisCall++;
      }
    }
  }

  private toFinding(f: SemanticReplyFinding, line: number, part: SentPart): SemanticFinding {
    const confidence = clampConfidence(f.confidence);
    const rule = SEMANTIC_RULES[f.rule_id];
    return {
      ruleId: f.rule_id,
      file: part.path,
      startLine: line + part.lineOffset,
      endLine: clampLine(f.end_line, line, part.lines) + part.lineOffset,
      quote: f.quote,
      severity: f.rule_id === 'TP4' ? tp4Severity(confidence) : f.severity,
      confidence,
      explanation: modelText(f.explanation),
      remediation: f.remediation === null || f.remediation.trim() === '' ? rule.remediation : modelText(f.remediation),
    };
  }
}

/** What a cached reply is keyed on: exactly the file parts one request carries. */
function batchContent(batch: Batch): string {
  return JSON.stringify(batch.map((p) => [p.path, p.lineOffset, p.text]));
}

function unreviewed(batches: readonly Batch[]): string[] {
  return [...new Set(batches.flatMap((b) => b.map((p) => p.path)))];
}

function batchesOf(files: readonly FenceFile[], perCallTokenLimit: number): Batch[] {
  const overhead = estimateTokens(SEMANTIC_SYSTEM_PROMPT.length + semanticUserMessage('').length + declarationChars());
  return planBatches(files, perCallTokenLimit, overhead);
}

/** The estimated input tokens of each request `runSemantic` would send for `files`, in order (for `--estimate`). */
export function semanticCallSizes(files: readonly FenceFile[], perCallTokenLimit: number): number[] {
  return batchesOf(files, perCallTokenLimit).map((batch) => estimateTokens(SEMANTIC_SYSTEM_PROMPT.length + semanticUserMessage(fenceFiles(batch).text).length));
}

/** Runs the semantic rules over `files`, which must already be the provider-safe selection (select.ts). */
export async function runSemantic(client: LlmClient, files: readonly FenceFile[], options: SemanticOptions): Promise<SemanticResult> {
  const batches = batchesOf(files, options.perCallTokenLimit);
  const collector = new Collector(Math.max(0, options.maxFindingsPerCall ?? 32), Math.max(0, options.maxFindingsTotal ?? 200));
  const result: Omit<SemanticResult, 'findings' | 'discarded'> = { calls: 0, cacheHits: 0, inputTokens: 0, outputTokens: 0, model: null, failures: [], stopped: null };
  let spent = 0;
  for (const [index, batch] of batches.entries()) {
    const stop = (reason: SemanticStopReason, from = index): void => void (result.stopped = { reason, unreviewedFiles: unreviewed(batches.slice(from)) });
    if (result.calls >= options.maxCalls) {
      stop('max_calls');
      break;
    }
    const key = batchContent(batch);
    const cached = options.cache ? SemanticReply.safeParse(options.cache.get(key)) : undefined;
    if (cached?.success === true) {
      result.cacheHits++;
      collector.accept(cached.data.findings, batch);
      continue;
    }
    const user = semanticUserMessage(fenceFiles(batch).text);
    const estimatedInput = estimateTokens(SEMANTIC_SYSTEM_PROMPT.length + user.length);
    if (spent + estimatedInput + options.maxOutputTokens > options.tokenBudget) {
      stop('token_budget');
      break;
    }
    result.calls++;
    const reply = await completeSafely(client, { system: SEMANTIC_SYSTEM_PROMPT, user, schema: SemanticReply, schemaName: SEMANTIC_SCHEMA_NAME, maxOutputTokens: options.maxOutputTokens, timeoutMs: options.timeoutMs });
    if (!reply.ok) {
      const { ok: _ok, ...failure } = reply;
      result.failures.push({ ...failure, call: result.calls, files: unreviewed([batch]) });
      // The request was sent and may be billed: its input counts against the budget.
      spent += estimatedInput;
      if (isProviderWide(reply.kind) && index + 1 < batches.length) {
        stop('provider_failure', index + 1);
        break;
      }
      continue;
    }
    result.inputTokens += reply.usage.inputTokens;
    result.outputTokens += reply.usage.outputTokens;
    // A provider that reports no usage is charged the estimate, so the budget still binds.
    spent += (reply.usage.inputTokens || estimatedInput) + reply.usage.outputTokens;
    result.model = reply.model;
    options.cache?.put(key, reply.value);
    collector.accept(reply.value.findings, batch);
  }
  return { ...result, findings: collector.findings, discarded: { total: collector.discardedTotal(), byReason: collector.byReason } };
}
