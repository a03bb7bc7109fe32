// Verdict and completeness → exit code (CONTRACT §2), evaluated in order, with the one-line reason that
// `scan` prints on stderr so a failed CI step says which gate fired.
import type { ScanReport } from '../report/types.js';
import { SCORE_THRESHOLD } from '../scoring/score.js';
import { sanitizeLine } from '../shared/sanitize.js';
import { severityRank } from '../shared/types.js';
import type { Severity } from '../shared/types.js';

export const EXIT = { ok: 0, gate: 1, error: 2 } as const;

export interface GateOptions {
  failOnIncomplete: boolean;
  failOnFindings: boolean;
  failOnSeverity?: Severity;
  /** The gates the configuration file set and no flag did, so the reason can say where a gate came from. */
  fromConfig?: ConfiguredGates;
}

export type GateName = 'failOnIncomplete' | 'failOnFindings' | 'failOnSeverity';

export interface ConfiguredGates {
  /** The configuration file, as given or found. */
  file: string;
  gates: readonly GateName[];
}

/** The gate settings as the flags gave them, and after the configuration was folded in. */
interface GateSettings {
  failOnIncomplete?: boolean;
  failOnFindings?: boolean;
  failOnSeverity?: string;
}

/** Which gates are on only because the configuration `file` switched them on; undefined when none is. */
export function gatesFromConfig(flags: GateSettings, merged: GateSettings, file: string | undefined): ConfiguredGates | undefined {
  if (file === undefined) return undefined;
  const gates: GateName[] = [];
  if (merged.failOnIncomplete === true && flags.failOnIncomplete !== true) gates.push('failOnIncomplete');
  if (merged.failOnFindings === true && flags.failOnFindings !== true) gates.push('failOnFindings');
  if (merged.failOnSeverity !== undefined && flags.failOnSeverity === undefined) gates.push('failOnSeverity');
  return gates.length > 0 ? { file, gates } : undefined;
}

/** " (set in .skillspector.yaml)" after a gate the configuration set. */
function origin(gates: GateOptions, gate: GateName): string {
  const c = gates.fromConfig;
  return c?.gates.includes(gate) ? ` (set in ${sanitizeLine(c.file)})` : '';
}

export interface ExitVerdict {
  code: 0 | 1 | 2;
  /** Why the code is not 0, e.g. `exit 1: DO_NOT_INSTALL (risk 59 > 50)`; null for exit 0. */
  reason: string | null;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function failedExecution(report: ScanReport): string {
  const fatal = report.analysis_completeness.ledger_exceptions.filter((e) => e.fatal);
  const first = fatal[0];
  const where = first ? ` (first: ${first.reason_code} at ${sanitizeLine(first.path)})` : '';
  return `exit 2: execution failed: ${plural(fatal.length, 'fatal inspection error')}${where}`;
}

function incomplete(report: ScanReport, gates: GateOptions): string {
  const ac = report.analysis_completeness;
  return `exit 1: --fail-on-incomplete${origin(gates, 'failOnIncomplete')}: the analysis is incomplete (status ${ac.status}: ${plural(ac.ledger_exceptions.length, 'ledger exception')}, ${plural(ac.limitations.length, 'limitation')})`;
}

/** The exit code and, when it is not 0, the first condition that decided it. */
export function exitVerdict(report: ScanReport, gates: GateOptions): ExitVerdict {
  if (!report.execution_successful) return { code: EXIT.error, reason: failedExecution(report) };
  if (gates.failOnIncomplete && !report.analysis_completeness.is_complete) return { code: EXIT.gate, reason: incomplete(report, gates) };
  const ra = report.risk_assessment;
  if (ra.score > SCORE_THRESHOLD) return { code: EXIT.gate, reason: `exit 1: ${ra.recommendation} (risk ${ra.score} > ${SCORE_THRESHOLD})` };
  if (gates.failOnFindings && report.issues.length > 0) {
    return { code: EXIT.gate, reason: `exit 1: --fail-on-findings${origin(gates, 'failOnFindings')}: ${plural(report.issues.length, 'active finding')}` };
  }
  const floor = gates.failOnSeverity;
  if (floor !== undefined) {
    const at = report.issues.filter((i) => severityRank(i.severity) >= severityRank(floor)).length;
    if (at > 0) return { code: EXIT.gate, reason: `exit 1: --fail-on-severity ${floor}${origin(gates, 'failOnSeverity')}: ${plural(at, 'finding')} at or above ${floor}` };
  }
  return { code: EXIT.ok, reason: null };
}

export function exitCodeFor(report: ScanReport, gates: GateOptions): 0 | 1 | 2 {
  return exitVerdict(report, gates).code;
}
