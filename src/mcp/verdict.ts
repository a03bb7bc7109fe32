// The `scan_skill` verdict (CONTRACT §8). Pure: a finished ScanReport in, the compact object an agent
// decides on out. `safe_to_install` is the recommendation, nothing else: SAFE already requires a
// successful, complete scan, so a low score alone is never enough.
import type { ScanReport } from '../report/types.js';
import { compactCompleteness, compactFindings, severityCounts } from './compact.js';
import { summaryText } from './summary-text.js';
import type { McpVerdict } from './verdict-shape.js';

export type { McpVerdict } from './verdict-shape.js';

export function isSafeToInstall(report: ScanReport): boolean {
  return report.risk_assessment.recommendation === 'SAFE';
}

/** The verdict; `rendered` is the report in the requested format, absent for the compact reply. */
export function toVerdict(report: ScanReport, target: string, rendered?: string): McpVerdict {
  const findings = compactFindings(report);
  const verdict: McpVerdict = {
    target,
    risk_score: report.risk_assessment.score,
    severity: report.risk_assessment.severity,
    recommendation: report.risk_assessment.recommendation,
    safe_to_install: isSafeToInstall(report),
    execution_successful: report.execution_successful && report.analysis_completeness.execution_successful,
    analysis_completeness: compactCompleteness(report.analysis_completeness),
    finding_counts: severityCounts(report.issues),
    findings_total: report.issues.length,
    findings,
    findings_omitted: report.issues.length - findings.length,
    suppressed_count: report.suppressed_count,
    report: '',
    scan_mode: report.metadata.scan_mode,
    llm_used: report.metadata.llm_used,
    llm_calls: report.metadata.llm_calls ?? 0,
    llm_model: report.metadata.llm_model ?? null,
    version: report.tool.version,
  };
  verdict.report = rendered ?? summaryText(verdict, report.metadata.llm?.degraded === true);
  return verdict;
}
