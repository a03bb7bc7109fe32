// One NDJSON line per skill (CONTRACT §11): the shape `batch`, the queue worker and the cache share.
import type { ScanReport } from '../report/types.js';
import type { Recommendation, Severity } from '../shared/types.js';

export type BatchStatus = 'scanned' | 'cached' | 'error' | 'timeout';

export interface BatchIssue {
  id: string;
  severity: Severity;
  file: string;
  line: number;
}

export interface BatchLine {
  target: string;
  recommendation: Recommendation | null;
  score: number | null;
  status: BatchStatus;
  execution_successful: boolean;
  /** `analysis_completeness.is_complete` (an addition to the §11 fields: summaries count incomplete skills). */
  is_complete?: boolean;
  issues: BatchIssue[];
  duration_ms: number;
  error?: string;
}

/** The line for a finished scan (its verdict, score and active issues). */
export function lineOfReport(target: string, report: ScanReport, durationMs: number, status: 'scanned' | 'cached' = 'scanned'): BatchLine {
  return {
    target,
    recommendation: report.risk_assessment.recommendation,
    score: report.risk_assessment.score,
    status,
    execution_successful: report.execution_successful,
    is_complete: report.analysis_completeness.is_complete,
    issues: report.issues.map((i) => ({ id: i.id, severity: i.severity, file: i.location.file, line: i.location.start_line })),
    duration_ms: Math.round(durationMs),
  };
}

/** The line for a skill that could not be scanned: no verdict, never counted as safe. */
export function errorLine(target: string, error: string, durationMs: number, status: 'error' | 'timeout' = 'error'): BatchLine {
  return { target, recommendation: null, score: null, status, execution_successful: false, is_complete: false, issues: [], duration_ms: Math.round(durationMs), error };
}
