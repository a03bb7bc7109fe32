// The shape of the `scan_skill` verdict (CONTRACT §8), apart from the code that builds it, so the summary
// text and the verdict builder can both name it without importing each other.
import type { ReportMetadata } from '../report/types.js';
import type { Recommendation, Severity } from '../shared/types.js';
import type { CompactCompleteness, CompactFinding, SeverityCounts } from './compact.js';

export interface McpVerdict {
  /** The target exactly as the caller passed it. */
  target: string;
  risk_score: number;
  severity: Severity;
  recommendation: Recommendation;
  safe_to_install: boolean;
  execution_successful: boolean;
  /** The completeness counts, exceptions per reason and the first exceptions (CONTRACT §3.4, bounded). */
  analysis_completeness: CompactCompleteness;
  /** Active (unsuppressed) findings per severity. */
  finding_counts: SeverityCounts;
  findings_total: number;
  /** The most severe active findings (at most 20), with file:line. */
  findings: CompactFinding[];
  findings_omitted: number;
  suppressed_count: number;
  /** Compact mode: a short plain-text summary; otherwise the full report in the requested format. */
  report: string;
  scan_mode: ReportMetadata['scan_mode'];
  llm_used: boolean;
  /** Requests sent to the LLM provider by this scan (0 for a static-only scan or an all-cached review). */
  llm_calls: number;
  /** The model that answered, or null when no LLM analysis was requested. */
  llm_model: string | null;
  version: string;
}
