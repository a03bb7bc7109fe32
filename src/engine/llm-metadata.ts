// The report's account of the LLM stage: what the metadata block holds, and the sentences the ledger
// and the analyzer statuses use to say why a review was degraded or cut short.
import type { LlmFailureKind } from '../llm/client/types.js';
import type { LlmAnalyzerId, LlmReportMetadata, LlmStopReason } from '../report/types.js';

export interface LlmFailureSummary {
  analyzer: LlmAnalyzerId;
  kind: LlmFailureKind;
  message: string;
}

/** The LLM fields of `metadata` for a scan that ran the stage (CONTRACT §7; docs/REPORT_SCHEMA.md). */
export interface LlmStageMetadata {
  llm_provider: string;
  llm_model: string;
  llm_calls: number;
  llm_input_tokens: number;
  llm_output_tokens: number;
  /** At least one reply (live or cached) was used. */
  llm_used: boolean;
  llm: LlmReportMetadata;
}

/** Failure messages kept per report; more are counted, not listed. */
const MAX_LISTED = 3;

export function describeFailures(failures: readonly LlmFailureSummary[], calls: number): string {
  const listed = failures.slice(0, MAX_LISTED).map((f) => `${f.kind}: ${f.message}`);
  const more = failures.length > MAX_LISTED ? `; ${failures.length - MAX_LISTED} more` : '';
  return `${failures.length} of ${calls} LLM request(s) failed (${listed.join('; ')}${more}); the affected files had static analysis only.`;
}

const STOP_WHY: Record<LlmStopReason, (s: { maxCalls: number; tokenBudget: number }) => string> = {
  max_calls: (s) => `the LLM call budget (--max-llm-calls ${s.maxCalls}) was reached`,
  token_budget: (s) => `the LLM token budget (--llm-token-budget ${s.tokenBudget}) would have been exceeded`,
  provider_failure: () => 'the LLM provider failed and further requests were not sent',
};

export function stopLimitation(pass: 'semantic' | 'meta', reason: keyof typeof STOP_WHY, files: number, settings: { maxCalls: number; tokenBudget: number }): string {
  const what = pass === 'semantic' ? `${files} file(s) had no semantic LLM review` : `the static findings of ${files} file(s) had no LLM meta-review`;
  return `LLM review stopped early: ${STOP_WHY[reason](settings)}; ${what}.`;
}
