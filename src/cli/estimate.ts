// `scan --estimate`: what LLM analysis of a statically scanned skill would send and cost, computed from
// the same selection, request sizes and budget rules the LLM stage uses, without sending anything. The
// numbers are upper bounds: every request is charged its full output allowance, and no cache is read.
import type { Finding } from '../analysis/finding.js';
import { llmLimitsOf, selectionFor } from '../engine/llm-stage.js';
import type { LlmLimits } from '../engine/llm-stage.js';
import { estimateCost, estimateTokens, PRICE_TABLE_DATE, priceFor } from '../llm/estimate.js';
import { declarationChars } from '../llm/fence.js';
import type { FenceFile } from '../llm/fence.js';
import { metaCallSizes } from '../llm/meta.js';
import type { WithheldWhy } from '../llm/select.js';
import { semanticCallSizes } from '../llm/semantic.js';
import { planBatches } from '../llm/semantic-batches.js';
import { SEMANTIC_SYSTEM_PROMPT, semanticUserMessage } from '../llm/semantic-prompt.js';
import type { FileView } from '../model/bundle.js';
import type { LlmBudgets } from './llm-options.js';

export interface EstimateInput {
  /** The scan's analysed files (`prepared.files`). */
  files: readonly FileView[];
  /** The static findings the meta-analyzer would review. */
  findings: readonly Finding[];
  provider: { provider: string; model: string } | null;
  budgets: LlmBudgets;
  limits?: Partial<LlmLimits>;
}

export type StopReason = 'max_calls' | 'token_budget';

/** The `--estimate --format json` object (docs: snake_case, stable field names). */
export interface LlmEstimate {
  provider: string | null;
  model: string | null;
  files_sent: number;
  bytes_sent: number;
  /** Files kept local, counted by the LLM selection's reason (hidden, container_member, sensitive, oversized, ...). */
  files_withheld: Partial<Record<WithheldWhy, number>>;
  /** Requests the scan would send within the budgets. */
  calls: { semantic: number; meta: number; total: number };
  /** Estimated input tokens of those requests (four characters a token). */
  input_tokens: number;
  /** Upper bound: every request answered with its full output allowance. */
  output_tokens_max: number;
  max_output_tokens_per_call: number;
  /** USD for input_tokens plus output_tokens_max; null when no model is configured or the price table does not know it. */
  cost_usd_max: number | null;
  /** The date of the price table behind cost_usd_max, null with it. */
  price_table_date: string | null;
  budgets: { max_llm_calls: number; llm_token_budget: number };
  /** What the budgets would cut, or null when every request fits. */
  budget_cut: {
    /** The first budget reached. */
    reason: StopReason;
    calls_not_sent: number;
    files_without_semantic_review: number;
    files_without_meta_review: number;
  } | null;
}

interface Capped {
  sent: number;
  tokens: number;
  /** Tokens charged against the budget: input plus the full output allowance per request. */
  charged: number;
  /** Index of the first request not sent, and why. */
  stop: { at: number; reason: StopReason } | null;
}

/** The stage's rule for each pass: a request is sent while calls remain and it cannot overrun the token budget. */
function cap(sizes: readonly number[], maxCalls: number, tokenBudget: number, maxOutputTokens: number): Capped {
  const out: Capped = { sent: 0, tokens: 0, charged: 0, stop: null };
  for (const [at, size] of sizes.entries()) {
    if (out.sent >= maxCalls) return { ...out, stop: { at, reason: 'max_calls' } };
    if (out.charged + size + maxOutputTokens > tokenBudget) return { ...out, stop: { at, reason: 'token_budget' } };
    out.sent++;
    out.tokens += size;
    out.charged += size + maxOutputTokens;
  }
  return out;
}

/**
 * The files of each semantic request, batched exactly as the semantic pass batches them (the same packer and
 * per-request overhead as `semanticCallSizes`; estimate.test.ts checks the two agree with the real stage).
 */
function semanticCallFiles(files: readonly FenceFile[], perCallTokenLimit: number): string[][] {
  const overhead = estimateTokens(SEMANTIC_SYSTEM_PROMPT.length + semanticUserMessage('').length + declarationChars());
  return planBatches(files, perCallTokenLimit, overhead).map((batch) => batch.map((part) => part.path));
}

function countBy<K extends string>(keys: readonly K[]): Partial<Record<K, number>> {
  const counts: Partial<Record<K, number>> = {};
  for (const key of [...keys].sort()) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
}

export function estimateLlm(input: EstimateInput): LlmEstimate {
  const settings = input.limits ? { limits: input.limits } : {};
  const limits = llmLimitsOf(settings);
  const selection = selectionFor(input.files, settings);
  const sent: FenceFile[] = selection.send.map((f) => ({ path: f.path, text: f.text }));
  const { maxCalls, tokenBudget } = input.budgets;
  const semanticSizes = semanticCallSizes(sent, limits.perCallTokenLimit);
  const semantic = cap(semanticSizes, maxCalls, tokenBudget, limits.maxOutputTokens);
  const metaSizes = metaCallSizes(input.findings, sent, { perCallTokenLimit: limits.perCallTokenLimit });
  // The meta pass gets what the semantic pass left of both budgets, as in the stage.
  const meta = cap(metaSizes, Math.max(0, maxCalls - semantic.sent), Math.max(0, tokenBudget - semantic.charged), limits.maxOutputTokens);
  const calls = semantic.sent + meta.sent;
  const inputTokens = semantic.tokens + meta.tokens;
  const outputMax = calls * limits.maxOutputTokens;
  const model = input.provider?.model ?? null;
  const priced = model !== null && priceFor(model) !== null;
  const unreviewed = semantic.stop ? new Set(semanticCallFiles(sent, limits.perCallTokenLimit).slice(semantic.stop.at).flat()).size : 0;
  const firstStop = semantic.stop ?? meta.stop;
  return {
    provider: input.provider?.provider ?? null,
    model,
    files_sent: sent.length,
    bytes_sent: sent.reduce((n, f) => n + Buffer.byteLength(f.text, 'utf8'), 0),
    files_withheld: countBy(selection.withheld.map((w) => w.why)),
    calls: { semantic: semantic.sent, meta: meta.sent, total: calls },
    input_tokens: inputTokens,
    output_tokens_max: outputMax,
    max_output_tokens_per_call: limits.maxOutputTokens,
    cost_usd_max: priced ? estimateCost(model, inputTokens, outputMax) : null,
    price_table_date: priced ? PRICE_TABLE_DATE : null,
    budgets: { max_llm_calls: maxCalls, llm_token_budget: tokenBudget },
    budget_cut: firstStop
      ? {
        reason: firstStop.reason,
        calls_not_sent: (semantic.stop ? semanticSizes.length - semantic.stop.at : 0) + (meta.stop ? metaSizes.length - meta.stop.at : 0),
        files_without_semantic_review: unreviewed,
        // The meta pass sends one request per file with findings.
        files_without_meta_review: meta.stop ? metaSizes.length - meta.stop.at : 0,
      }
      : null,
  };
}

function usd(value: number): string {
  return value > 0 && value < 0.0001 ? 'under $0.0001' : `$${value.toFixed(4)}`;
}

function withheldText(counts: LlmEstimate['files_withheld']): string {
  const entries = Object.entries(counts);
  if (entries.length === 0) return 'none';
  const total = entries.reduce((n, [, count]) => n + count, 0);
  return `${total} (${entries.map(([why, count]) => `${count} ${why}`).join(', ')})`;
}

function costText(e: LlmEstimate): string {
  if (e.model === null) return 'unknown (no model configured)';
  if (e.cost_usd_max === null) return 'unknown for this model';
  return `at most ${usd(e.cost_usd_max)} (price table of ${e.price_table_date ?? ''})`;
}

function cutText(e: LlmEstimate): string {
  const cut = e.budget_cut;
  if (!cut) return 'every request fits';
  const flag = cut.reason === 'max_calls' ? `--max-llm-calls ${e.budgets.max_llm_calls}` : `--llm-token-budget ${e.budgets.llm_token_budget}`;
  return `${flag} stops the scan early: ${cut.calls_not_sent} request(s) not sent; ${cut.files_without_semantic_review} file(s) without semantic review, `
    + `${cut.files_without_meta_review} file(s) without meta-review`;
}

/** The terminal rendering: one labelled line per figure. */
export function estimateText(e: LlmEstimate): string {
  const provider = e.provider === null ? 'not configured (set SKILLSPECTOR_PROVIDER and SKILLSPECTOR_MODEL)' : `${e.provider}, model ${e.model ?? ''}`;
  const rows: [string, string][] = [
    ['provider', provider],
    ['files sent', `${e.files_sent} (${e.bytes_sent} bytes)`],
    ['kept local', withheldText(e.files_withheld)],
    ['requests', `${e.calls.total} (semantic ${e.calls.semantic}, meta ${e.calls.meta}) of at most ${e.budgets.max_llm_calls}`],
    ['input tokens', `about ${e.input_tokens}`],
    ['output tokens', `at most ${e.output_tokens_max} (${e.calls.total} × ${e.max_output_tokens_per_call})`],
    ['cost', costText(e)],
    ['budgets', cutText(e)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return ['LLM estimate: nothing was sent and no report was written', ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`)].join('\n') + '\n';
}

export function estimateJson(e: LlmEstimate): string {
  return `${JSON.stringify(e, null, 2)}\n`;
}
