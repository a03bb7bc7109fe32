// Verdict and completeness → exit code (CONTRACT §2), evaluated in order.
import type { ScanReport } from '../report/types.js';
import { SCORE_THRESHOLD } from '../scoring/score.js';
import { severityRank } from '../shared/types.js';
import type { Severity } from '../shared/types.js';

export const EXIT = { ok: 0, gate: 1, error: 2 } as const;

export interface GateOptions {
  failOnIncomplete: boolean;
  failOnFindings: boolean;
  failOnSeverity?: Severity;
}

export function exitCodeFor(report: ScanReport, gates: GateOptions): 0 | 1 | 2 {
  if (!report.execution_successful) return EXIT.error;
  if (gates.failOnIncomplete && !report.analysis_completeness.is_complete) return EXIT.gate;
  if (report.risk_assessment.score > SCORE_THRESHOLD) return EXIT.gate;
  if (gates.failOnFindings && report.issues.length > 0) return EXIT.gate;
  const floor = gates.failOnSeverity;
  if (floor !== undefined && report.issues.some((i) => severityRank(i.severity) >= severityRank(floor))) return EXIT.gate;
  return EXIT.ok;
}
