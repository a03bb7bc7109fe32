// The exit code of many skills (CONTRACT §11): 2 when any skill could not be scanned or its execution
// failed, else 1 when any skill meets an exit-1 condition of a single scan, else 0.
import { SCORE_THRESHOLD } from '../scoring/score.js';
import { severityRank } from '../shared/types.js';
import type { Severity } from '../shared/types.js';
import type { BatchLine } from './line.js';

export interface LineGates {
  failOnIncomplete?: boolean;
  failOnFindings?: boolean;
  failOnSeverity?: Severity;
}

/** One line's exit code, by the same gates as `scan` (src/cli/exit-codes.ts) read from the line's fields. */
export function lineExitCode(line: BatchLine, gates: LineGates = {}): 0 | 1 | 2 {
  if (line.status === 'error' || line.status === 'timeout' || !line.execution_successful) return 2;
  if (gates.failOnIncomplete === true && line.is_complete === false) return 1;
  if ((line.score ?? 0) > SCORE_THRESHOLD) return 1;
  if (gates.failOnFindings === true && line.issues.length > 0) return 1;
  const floor = gates.failOnSeverity;
  if (floor !== undefined && line.issues.some((i) => severityRank(i.severity) >= severityRank(floor))) return 1;
  return 0;
}

/** The worst of several exit codes (2 over 1 over 0). */
export function worstExit(codes: Iterable<0 | 1 | 2>): 0 | 1 | 2 {
  let worst: 0 | 1 | 2 = 0;
  for (const c of codes) if (c > worst) worst = c;
  return worst;
}
