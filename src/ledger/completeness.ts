// Derives the public completeness block (CONTRACT §3.4) from the ledger alone.
import type { AnalyzerStatus, InventoryRow, Ledger, LedgerException, ScopeExclusion } from './ledger.js';
import { comparePaths } from './ledger.js';

export type CompletenessStatus = 'complete' | 'partial' | 'failed';

export interface AnalysisCompleteness {
  status: CompletenessStatus;
  is_complete: boolean;
  execution_successful: boolean;
  total_components: number;
  fully_inspected_files: number;
  partially_inspected_files: number;
  entirely_uninspected_files: number;
  coverage_percent: number;
  ledger_exceptions: LedgerException[];
  scope_exclusions: ScopeExclusion[];
  analyzer_statuses: AnalyzerStatus[];
  limitations: string[];
}

type Inspection = 'full' | 'partial' | 'none';

function inspectionOf(row: InventoryRow, pathsWithExceptions: Set<string>): Inspection {
  if (row.disposition === 'failed') return 'none';
  if (row.disposition === 'partial') return row.content_kind === 'opaque' ? 'none' : 'partial';
  return pathsWithExceptions.has(row.path) ? 'partial' : 'full';
}

function sortExceptions(rows: LedgerException[]): LedgerException[] {
  return [...rows].sort(
    (a, b) =>
      comparePaths(a.path, b.path) ||
      (a.start_line ?? 0) - (b.start_line ?? 0) ||
      comparePaths(a.phase, b.phase) ||
      comparePaths(a.reason_code, b.reason_code) ||
      comparePaths(a.member ?? '', b.member ?? ''),
  );
}

export function deriveCompleteness(ledger: Ledger): AnalysisCompleteness {
  const relevant = ledger.inventory().filter((r) => r.disposition !== 'out_of_scope');
  const exceptionPaths = new Set(ledger.exceptions.map((e) => e.path));
  let full = 0;
  let partial = 0;
  let none = 0;
  for (const row of relevant) {
    const state = inspectionOf(row, exceptionPaths);
    if (state === 'full') full += 1;
    else if (state === 'partial') partial += 1;
    else none += 1;
  }
  const fatal = ledger.exceptions.some((e) => e.fatal);
  const degradedAnalyzer = [...ledger.analyzerStatuses.values()].some(
    (s) => s.status === 'failed' || s.status === 'degraded',
  );
  const incomplete =
    ledger.exceptions.length > 0 || ledger.limitations.length > 0 || partial > 0 || none > 0 || degradedAnalyzer;
  const status: CompletenessStatus = fatal ? 'failed' : incomplete ? 'partial' : 'complete';
  const total = relevant.length;
  return {
    status,
    is_complete: status === 'complete',
    execution_successful: !fatal,
    total_components: total,
    fully_inspected_files: full,
    partially_inspected_files: partial,
    entirely_uninspected_files: none,
    coverage_percent: total === 0 ? 100 : Math.round((full / total) * 1000) / 10,
    ledger_exceptions: sortExceptions(ledger.exceptions),
    scope_exclusions: [...ledger.scopeExclusions].sort((a, b) => comparePaths(a.path, b.path)),
    analyzer_statuses: [...ledger.analyzerStatuses.values()].sort((a, b) => comparePaths(a.analyzer_id, b.analyzer_id)),
    limitations: [...ledger.limitations],
  };
}
