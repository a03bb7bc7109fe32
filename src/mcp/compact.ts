// The compact view of a scan for the MCP reply (CONTRACT §8): counts, the most severe findings with
// file:line and the inspection exceptions, each list and string bounded so the reply stays far below an
// agent's 25,000-token tool-output limit whatever the bundle holds. The full report is one
// `output_format: "json"` call away.
import type { AnalysisCompleteness } from '../ledger/completeness.js';
import type { AnalyzerState, LedgerException } from '../ledger/ledger.js';
import type { Issue, ScanReport } from '../report/types.js';
import { SEVERITIES, severityRank } from '../shared/types.js';
import type { Severity } from '../shared/types.js';
import { clipPath, clipText } from './clip.js';

export const MAX_FINDINGS = 20;
export const MAX_EXCEPTIONS = 20;
export const MAX_LIMITATIONS = 10;
export const MAX_ANALYZERS = 10;
const ID_CHARS = 40;
const TITLE_CHARS = 80;
const PATH_CHARS = 160;
const MESSAGE_CHARS = 160;
const SNIPPET_CHARS = 120;

export interface CompactFinding {
  /** Rule id, e.g. "TT3". */
  id: string;
  severity: Severity;
  title: string;
  file: string;
  line: number;
  /** The matched text on one line (⏎ marks a line break), cut at a word boundary. */
  snippet: string;
  /** Places the same match occurs (one issue, several locations). */
  occurrences: number;
}

export interface CompactException {
  reason_code: LedgerException['reason_code'];
  path: string;
  message: string;
  fatal: boolean;
  start_line?: number;
}

export interface CompactCompleteness {
  status: AnalysisCompleteness['status'];
  is_complete: boolean;
  execution_successful: boolean;
  total_components: number;
  fully_inspected_files: number;
  partially_inspected_files: number;
  entirely_uninspected_files: number;
  coverage_percent: number;
  ledger_exceptions_total: number;
  /** Exception count per reason code (a closed vocabulary, so this stays small). */
  exceptions_by_reason: Record<string, number>;
  /** Up to MAX_EXCEPTIONS: fatal ones first, and every reason code represented before any repeats. */
  ledger_exceptions: CompactException[];
  ledger_exceptions_omitted: number;
  scope_exclusions_by_reason: Record<string, number>;
  analyzer_statuses: { analyzer_id: string; status: AnalyzerState; message?: string }[];
  limitations: string[];
  limitations_omitted: number;
}

export type SeverityCounts = Record<Severity, number>;

export function severityCounts(issues: readonly Issue[]): SeverityCounts {
  const counts = Object.fromEntries([...SEVERITIES].reverse().map((s) => [s, 0])) as SeverityCounts;
  for (const i of issues) counts[i.severity] += 1;
  return counts;
}

/** Most severe first; among equals the more confident, then the report's own order (by location). */
export function mostSevere(issues: readonly Issue[], limit: number): Issue[] {
  return issues
    .map((issue, order) => ({ issue, order }))
    .sort((a, b) => severityRank(b.issue.severity) - severityRank(a.issue.severity) || b.issue.confidence - a.issue.confidence || a.order - b.order)
    .slice(0, limit)
    .map((e) => e.issue);
}

export function compactFindings(report: ScanReport): CompactFinding[] {
  const titles = new Map((report.rules ?? []).map((r) => [r.id, r.title]));
  return mostSevere(report.issues, MAX_FINDINGS).map((i) => ({
    id: i.id,
    severity: i.severity,
    title: clipText(titles.get(i.id) ?? i.pattern, TITLE_CHARS),
    file: clipPath(i.location.file, PATH_CHARS),
    line: i.location.start_line,
    snippet: clipText(i.finding, SNIPPET_CHARS),
    occurrences: Math.max(1, i.occurrences.length),
  }));
}

function countBy<T>(rows: readonly T[], key: (row: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[key(row)] = (counts[key(row)] ?? 0) + 1;
  return counts;
}

/** The exceptions to show: one per reason code first (fatal ones lead), then the rest in order. */
function pickExceptions(rows: readonly LedgerException[], limit: number): LedgerException[] {
  const ordered = [...rows.filter((e) => e.fatal), ...rows.filter((e) => !e.fatal)];
  const picked = new Set<number>();
  const reasons = new Set<string>();
  ordered.forEach((e, n) => {
    if (picked.size < limit && !reasons.has(e.reason_code)) {
      reasons.add(e.reason_code);
      picked.add(n);
    }
  });
  for (let n = 0; n < ordered.length && picked.size < limit; n += 1) picked.add(n);
  return [...picked].sort((a, b) => a - b).map((n) => ordered[n] as LedgerException);
}

function compactException(e: LedgerException): CompactException {
  return {
    reason_code: e.reason_code,
    path: clipPath(e.path, PATH_CHARS),
    message: clipText(e.message, MESSAGE_CHARS),
    fatal: e.fatal,
    ...(e.start_line === undefined ? {} : { start_line: e.start_line }),
  };
}

export function compactCompleteness(c: AnalysisCompleteness): CompactCompleteness {
  const exceptions = pickExceptions(c.ledger_exceptions, MAX_EXCEPTIONS);
  return {
    status: c.status,
    is_complete: c.is_complete,
    execution_successful: c.execution_successful,
    total_components: c.total_components,
    fully_inspected_files: c.fully_inspected_files,
    partially_inspected_files: c.partially_inspected_files,
    entirely_uninspected_files: c.entirely_uninspected_files,
    coverage_percent: c.coverage_percent,
    ledger_exceptions_total: c.ledger_exceptions.length,
    exceptions_by_reason: countBy(c.ledger_exceptions, (e) => e.reason_code),
    ledger_exceptions: exceptions.map(compactException),
    ledger_exceptions_omitted: c.ledger_exceptions.length - exceptions.length,
    scope_exclusions_by_reason: countBy(c.scope_exclusions, (s) => s.reason_code),
    analyzer_statuses: c.analyzer_statuses.slice(0, MAX_ANALYZERS).map((a) => ({
      analyzer_id: clipText(a.analyzer_id, ID_CHARS),
      status: a.status,
      ...(a.message === undefined ? {} : { message: clipText(a.message, MESSAGE_CHARS) }),
    })),
    limitations: c.limitations.slice(0, MAX_LIMITATIONS).map((l) => clipText(l, MESSAGE_CHARS)),
    limitations_omitted: Math.max(0, c.limitations.length - MAX_LIMITATIONS),
  };
}
