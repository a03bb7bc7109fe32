// The LLM stage (CONTRACT §7), between the static analysis and the report: choose what may leave the
// machine, record everything that may not, run the semantic rules, then let the meta-analyzer review the
// static findings. It can only add: findings, tags, explanations, higher severities. Every failure and
// every budget stop is written to the ledger, so a degraded or partial LLM review never reads as clean.
import type { Finding } from '../analysis/finding.js';
import type { Ledger } from '../ledger/index.js';
import type { LlmClient } from '../llm/client/types.js';
import { runMeta } from '../llm/meta.js';
import type { MetaResult } from '../llm/meta.js';
import { isProviderWide } from '../llm/calls.js';
import type { ReplyCache } from '../llm/calls.js';
import { META_PROMPT_VERSION } from '../llm/meta-prompt.js';
import { selectForLlm, withheldLedgerRows } from '../llm/select.js';
import type { Withheld } from '../llm/select.js';
import { runSemantic } from '../llm/semantic.js';
import type { SemanticFinding, SemanticResult } from '../llm/semantic.js';
import { SEMANTIC_PROMPT_VERSION } from '../llm/semantic-prompt.js';
import type { FileView } from '../model/bundle.js';
import type { RuleMeta } from '../rules/types.js';
import type { LlmFailureSummary, LlmStageMetadata } from './llm-metadata.js';
import { describeFailures, stopLimitation } from './llm-metadata.js';

/** How large and how many requests may be; each has a default a user rarely needs to change. */
export interface LlmLimits {
  /** A file whose text is larger stays local (`oversized`). */
  maxFileBytes: number;
  /** All sent files together; files beyond it stay local (`budget`). */
  maxTotalBytes: number;
  /** Input tokens per request. */
  perCallTokenLimit: number;
  maxOutputTokens: number;
  /** Per HTTP attempt. */
  timeoutMs: number;
}

export const DEFAULT_LLM_LIMITS: Readonly<LlmLimits> = {
  maxFileBytes: 256 * 1024,
  maxTotalBytes: 2 * 1024 * 1024,
  perCallTokenLimit: 32_000,
  maxOutputTokens: 4_096,
  timeoutMs: 60_000,
};

/** Requests and tokens one scan may spend unless the user says otherwise (`--max-llm-calls`, `--llm-token-budget`). */
export const DEFAULT_MAX_LLM_CALLS = 32;
export const DEFAULT_LLM_TOKEN_BUDGET = 400_000;

/** A store keyed by content, model and prompt version (src/llm/cache.ts `LlmCache` fits). */
export interface LlmReplyStore {
  get(key: { content: string; model: string; promptVersion: string }): unknown;
  put(key: { content: string; model: string; promptVersion: string }, value: unknown): boolean;
}

/** What `scan` needs to run the LLM stage; the adapters build it from the environment and flags. */
export interface LlmScanSettings {
  client: LlmClient;
  provider: string;
  model: string;
  maxCalls: number;
  tokenBudget: number;
  cache?: LlmReplyStore;
  limits?: Partial<LlmLimits>;
  /** Paths the user keeps away from the provider besides the scan's own exclusions. */
  excluded?: (path: string) => boolean;
}

export interface LlmStageResult {
  /** The static findings after meta-review (same order, none dropped) followed by the semantic findings. */
  findings: Finding[];
  metadata: LlmStageMetadata;
  /** Some request failed: the scan is degraded and SAFE is not claimed. */
  degraded: boolean;
}

export function llmLimitsOf(settings: Pick<LlmScanSettings, 'limits'>): LlmLimits {
  return { ...DEFAULT_LLM_LIMITS, ...settings.limits };
}

/** The provider-safe selection for `files` under `settings` (shared with `--estimate`). */
export function selectionFor(files: readonly FileView[], settings: Pick<LlmScanSettings, 'limits' | 'excluded'>): ReturnType<typeof selectForLlm> {
  const limits = llmLimitsOf(settings);
  return selectForLlm(files, { maxFileBytes: limits.maxFileBytes, maxTotalBytes: limits.maxTotalBytes, excluded: settings.excluded ?? (() => false) });
}

function cacheFor(store: LlmReplyStore | undefined, model: string, promptVersion: string): ReplyCache | undefined {
  if (!store) return undefined;
  return {
    get: (content) => store.get({ content, model, promptVersion }),
    put: (content, value) => void store.put({ content, model, promptVersion }, value),
  };
}

/** A semantic finding as the rest of the pipeline knows findings: located, fingerprinted by its quote. */
function toFinding(f: SemanticFinding, rules: ReadonlyMap<string, RuleMeta>, model: string): Finding | undefined {
  const rule = rules.get(f.ruleId);
  if (!rule) return undefined;
  const evidence: Record<string, unknown> = { source: 'llm', quote: f.quote, llm_explanation: f.explanation, llm_model: model };
  if (f.remediation !== rule.remediation) evidence.llm_remediation = f.remediation;
  return { rule, file: f.file, startLine: f.startLine, endLine: f.endLine, matched: f.quote, label: rule.title, severity: f.severity, confidence: f.confidence, tags: ['llm'], evidence };
}

function recordWithheld(ledger: Ledger, withheld: readonly Withheld[]): void {
  for (const row of withheldLedgerRows(withheld)) ledger.exception({ phase: row.phase, reason: row.reason, path: row.path, message: row.message });
}

function statusOf(attempted: number, failures: number): 'completed' | 'degraded' | 'failed' | 'not_applicable' {
  if (attempted === 0) return 'not_applicable';
  if (failures === 0) return 'completed';
  return failures >= attempted ? 'failed' : 'degraded';
}

function recordStatuses(ledger: Ledger, sentCount: number, semantic: SemanticResult, meta: MetaResult, failures: readonly LlmFailureSummary[]): void {
  const semanticFailures = failures.filter((f) => f.analyzer === 'llm-semantic');
  const metaFailures = failures.filter((f) => f.analyzer === 'llm-meta');
  const semanticStatus = statusOf(semantic.calls + semantic.cacheHits, semantic.failures.length);
  ledger.setAnalyzerStatus({
    analyzer_id: 'llm-semantic', status: sentCount === 0 ? 'not_applicable' : semanticStatus, files: sentCount,
    ...(semanticFailures.length > 0 ? { reason_code: `llm_${semanticFailures[0]?.kind ?? 'error'}`, message: describeFailures(semanticFailures, semantic.calls) } : {}),
  });
  ledger.setAnalyzerStatus({
    analyzer_id: 'llm-meta', status: statusOf(meta.counts.calls + meta.counts.cacheHits, meta.failures.length), files: meta.counts.calls + meta.counts.cacheHits,
    ...(metaFailures.length > 0 ? { reason_code: `llm_${metaFailures[0]?.kind ?? 'error'}`, message: describeFailures(metaFailures, meta.counts.calls) } : {}),
  });
}

/**
 * Runs the stage on a statically analysed scan. `staticFindings` are never removed or lowered; the ledger
 * gains one `llm_withheld` row per file that did not reach the provider, analyzer statuses for both passes,
 * and a limitation for each budget stop.
 */
export async function runLlmStage(
  files: readonly FileView[],
  staticFindings: readonly Finding[],
  ledger: Ledger,
  settings: LlmScanSettings,
  rules: ReadonlyMap<string, RuleMeta>,
): Promise<LlmStageResult> {
  const limits = llmLimitsOf(settings);
  const selection = selectionFor(files, settings);
  recordWithheld(ledger, selection.withheld);
  const sent = selection.send.map((f) => ({ path: f.path, text: f.text }));
  const semantic = await runSemantic(settings.client, sent, {
    perCallTokenLimit: limits.perCallTokenLimit, maxOutputTokens: limits.maxOutputTokens, timeoutMs: limits.timeoutMs,
    maxCalls: settings.maxCalls, tokenBudget: settings.tokenBudget, cache: cacheFor(settings.cache, settings.model, SEMANTIC_PROMPT_VERSION),
  });
  const spent = semantic.inputTokens + semantic.outputTokens;
  const meta = await runMeta(settings.client, staticFindings, sent, {
    perCallTokenLimit: limits.perCallTokenLimit, maxOutputTokens: limits.maxOutputTokens, timeoutMs: limits.timeoutMs,
    maxCalls: Math.max(0, settings.maxCalls - semantic.calls), tokenBudget: Math.max(0, settings.tokenBudget - spent),
    cache: cacheFor(settings.cache, settings.model, META_PROMPT_VERSION),
    // After a provider-wide failure every further request would wait out the same timeout or error.
    providerDown: semantic.stopped?.reason === 'provider_failure' || semantic.failures.some((f) => isProviderWide(f.kind)),
  });
  const failures: LlmFailureSummary[] = [
    ...semantic.failures.map((f) => ({ analyzer: 'llm-semantic' as const, kind: f.kind, message: f.message })),
    ...meta.failures.map((f) => ({ analyzer: 'llm-meta' as const, kind: f.kind, message: f.message })),
  ];
  recordStatuses(ledger, sent.length, semantic, meta, failures);
  if (semantic.stopped) {
    recordWithheld(ledger, semantic.stopped.unreviewedFiles.map((path) => ({ path, why: 'budget' })));
    ledger.limitation(stopLimitation('semantic', semantic.stopped.reason, semantic.stopped.unreviewedFiles.length, settings));
  }
  if (meta.stopped) ledger.limitation(stopLimitation('meta', meta.stopped.reason, meta.stopped.files.length, settings));
  const model = meta.model ?? semantic.model ?? settings.model;
  // Findings name the configured model: a cached rescan, which asks no provider, must give identical issues.
  const added = semantic.findings.flatMap((f) => toFinding(f, rules, settings.model) ?? []);
  const calls = semantic.calls + meta.counts.calls;
  const cacheHits = semantic.cacheHits + meta.counts.cacheHits;
  const metadata: LlmStageMetadata = {
    llm_provider: settings.provider,
    llm_model: model,
    llm_calls: calls,
    llm_input_tokens: semantic.inputTokens + meta.usage.inputTokens,
    llm_output_tokens: semantic.outputTokens + meta.usage.outputTokens,
    llm_used: calls - failures.length + cacheHits > 0,
    llm: {
      files_sent: sent.length,
      files_withheld: selection.withheld.length,
      cache_hits: cacheHits,
      semantic_findings: added.length,
      quotes_discarded: semantic.discarded.total,
      meta: {
        reviewed: meta.counts.confirmed + meta.counts.raised + meta.counts.falsePositives + meta.counts.refusedDowngrades + meta.counts.noEffect,
        confirmed: meta.counts.confirmed, raised: meta.counts.raised, false_positives: meta.counts.falsePositives, refused_downgrades: meta.counts.refusedDowngrades,
      },
      stopped: stoppedOf(semantic, meta),
      degraded: failures.length > 0,
      failures,
    },
  };
  return { findings: [...meta.findings, ...added], metadata, degraded: failures.length > 0 };
}

function stoppedOf(semantic: SemanticResult, meta: MetaResult): LlmStageMetadata['llm']['stopped'] {
  if (semantic.stopped) return { reason: semantic.stopped.reason, files_unreviewed: semantic.stopped.unreviewedFiles.length };
  if (meta.stopped) return { reason: meta.stopped.reason, files_unreviewed: meta.stopped.files.length };
  return null;
}

/** The stage's result when it threw: the static findings unchanged, the analyzer failed, the scan degraded. */
export function failedLlmStage(staticFindings: readonly Finding[], ledger: Ledger, settings: LlmScanSettings, err: unknown): LlmStageResult {
  const message = `The LLM stage failed unexpectedly (${err instanceof Error ? err.name : typeof err}); the scan has static analysis only.`;
  ledger.setAnalyzerStatus({ analyzer_id: 'llm-semantic', status: 'failed', files: 0, reason_code: 'analyzer_runtime_error', message });
  return {
    findings: [...staticFindings], degraded: true,
    metadata: {
      llm_provider: settings.provider, llm_model: settings.model, llm_calls: 0, llm_input_tokens: 0, llm_output_tokens: 0, llm_used: false,
      llm: {
        files_sent: 0, files_withheld: 0, cache_hits: 0, semantic_findings: 0, quotes_discarded: 0,
        meta: { reviewed: 0, confirmed: 0, raised: 0, false_positives: 0, refused_downgrades: 0 },
        stopped: null, degraded: true, failures: [{ analyzer: 'llm-semantic', kind: 'network', message }],
      },
    },
  };
}
