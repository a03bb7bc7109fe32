// The `scan_skill` verdict (CONTRACT §8). Pure: a finished ScanReport plus its rendered body in, the
// object an agent decides on out. `safe_to_install` is fail-closed: a low score alone is never enough.
import type { AnalysisCompleteness } from '../ledger/completeness.js';
import type { Issue, ReportMetadata, ScanReport } from '../report/types.js';
import { SCORE_THRESHOLD } from '../scoring/score.js';
import type { Recommendation, Severity } from '../shared/types.js';

export interface McpVerdict {
  /** The target exactly as the caller passed it. */
  target: string;
  risk_score: number;
  severity: Severity;
  recommendation: Recommendation;
  safe_to_install: boolean;
  execution_successful: boolean;
  analysis_completeness: AnalysisCompleteness;
  /** Active (unsuppressed) findings, as in the JSON report's `issues`. */
  findings: Issue[];
  /** The report rendered in the requested `output_format`. */
  report: string;
  scan_mode: ReportMetadata['scan_mode'];
  llm_used: boolean;
  /** Requests sent to the LLM provider by this scan (0 for a static-only scan or an all-cached review). */
  llm_calls: number;
  /** The model that answered, or null when no LLM analysis was requested. */
  llm_model: string | null;
  version: string;
}

export interface VerdictInputs {
  target: string;
  /** The report body already rendered in the requested format. */
  rendered: string;
}

/** score ≤ 50 ∧ execution succeeded ∧ nothing relevant left entirely uninspected ∧ analysis complete. */
export function isSafeToInstall(report: ScanReport): boolean {
  const c = report.analysis_completeness;
  return (
    report.risk_assessment.score <= SCORE_THRESHOLD &&
    report.execution_successful &&
    c.execution_successful &&
    c.entirely_uninspected_files === 0 &&
    c.is_complete
  );
}

export function toVerdict(report: ScanReport, inputs: VerdictInputs): McpVerdict {
  return {
    target: inputs.target,
    risk_score: report.risk_assessment.score,
    severity: report.risk_assessment.severity,
    recommendation: report.risk_assessment.recommendation,
    safe_to_install: isSafeToInstall(report),
    execution_successful: report.execution_successful && report.analysis_completeness.execution_successful,
    analysis_completeness: report.analysis_completeness,
    findings: report.issues,
    report: inputs.rendered,
    scan_mode: report.metadata.scan_mode,
    llm_used: report.metadata.llm_used,
    llm_calls: report.metadata.llm_calls ?? 0,
    llm_model: report.metadata.llm_model ?? null,
    version: report.tool.version,
  };
}
