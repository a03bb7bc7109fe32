// The inspection ledger: the one record of what was and was not inspected.
import type { ContentKind, Disposition, Provenance } from '../shared/types.js';
import { outcomeFor, REASON_MESSAGES } from './reasons.js';
import type { ExceptionReason, Outcome, ReasonCode, ScopeReason } from './reasons.js';

export type Phase = 'discovery' | 'read' | 'manifest' | 'containers' | 'analysis' | 'report' | 'llm';

export interface LedgerException {
  outcome: Outcome;
  phase: Phase;
  reason_code: ExceptionReason;
  message: string;
  path: string;
  start_line?: number;
  end_line?: number;
  fatal: boolean;
  analyzers?: string[];
  member?: string;
  observed?: number;
  limit?: number;
  unit?: LimitUnit;
}

export type LimitUnit = 'bytes' | 'members' | 'entries' | 'depth' | 'ratio' | 'seconds' | 'records';

export interface ScopeExclusion {
  reason_code: ScopeReason;
  path: string;
  message: string;
}

export interface InventoryRow {
  path: string;
  content_kind: ContentKind;
  disposition: Disposition;
  size_bytes: number;
  reason?: ReasonCode;
  hidden: boolean;
  local_only: boolean;
  provenance?: Provenance;
  /** An encrypted member opened with a password from the bundle's text: where that password was written. */
  decrypted_with?: DecryptedWith;
}

/** A file and 1-based line of the bundle's text; the password itself is never recorded. */
export interface DecryptedWith {
  file: string;
  line: number;
}

export type AnalyzerState = 'completed' | 'degraded' | 'failed' | 'not_applicable' | 'disabled';

export interface AnalyzerStatus {
  analyzer_id: string;
  status: AnalyzerState;
  files: number;
  reason_code?: string;
  message?: string;
}

export interface ExceptionInput {
  phase: Phase;
  reason: ExceptionReason;
  path: string;
  message?: string;
  member?: string;
  observed?: number;
  limit?: number;
  unit?: LimitUnit;
  analyzers?: string[];
  startLine?: number;
  endLine?: number;
}

const DISPOSITION_RANK: Record<Disposition, number> = { analyzed: 0, out_of_scope: 1, partial: 2, failed: 3 };

export class Ledger {
  readonly exceptions: LedgerException[] = [];
  readonly scopeExclusions: ScopeExclusion[] = [];
  readonly limitations: string[] = [];
  readonly analyzerStatuses = new Map<string, AnalyzerStatus>();
  private readonly inventoryRows = new Map<string, InventoryRow>();
  /** Paths whose failed state must never be downgraded (collisions). */
  private readonly pinned = new Set<string>();

  exception(input: ExceptionInput): LedgerException {
    const outcome = outcomeFor(input.reason);
    const row: LedgerException = {
      outcome,
      phase: input.phase,
      reason_code: input.reason,
      message: input.message ?? REASON_MESSAGES[input.reason],
      path: input.path,
      fatal: outcome === 'failed',
    };
    if (input.startLine !== undefined) row.start_line = input.startLine;
    if (input.endLine !== undefined) row.end_line = input.endLine;
    if (input.analyzers) row.analyzers = input.analyzers;
    if (input.member !== undefined) row.member = input.member;
    if (input.observed !== undefined) row.observed = input.observed;
    if (input.limit !== undefined) row.limit = input.limit;
    if (input.unit !== undefined) row.unit = input.unit;
    this.exceptions.push(row);
    return row;
  }

  scope(reason: ScopeReason, path: string, message?: string): void {
    this.scopeExclusions.push({ reason_code: reason, path, message: message ?? REASON_MESSAGES[reason] });
  }

  limitation(text: string): void {
    if (!this.limitations.includes(text)) this.limitations.push(text);
  }

  setAnalyzerStatus(status: AnalyzerStatus): void {
    this.analyzerStatuses.set(status.analyzer_id, status);
  }

  addInventory(row: InventoryRow): void {
    this.inventoryRows.set(row.path, row);
  }

  hasInventory(path: string): boolean {
    return this.inventoryRows.has(path);
  }

  getInventory(path: string): InventoryRow | undefined {
    return this.inventoryRows.get(path);
  }

  /**
   * Move a row to a worse disposition. Never improves one, and never touches a pinned row,
   * so a later override cannot downgrade a collision from failed to partial.
   */
  degrade(path: string, disposition: Disposition, reason: ReasonCode): void {
    const row = this.inventoryRows.get(path);
    if (!row || this.pinned.has(path)) return;
    const rank = DISPOSITION_RANK[disposition];
    const current = DISPOSITION_RANK[row.disposition];
    // At equal rank the first reason stays: it is usually the most telling.
    if (rank > current || (rank === current && row.reason === undefined)) {
      row.disposition = disposition;
      row.reason = reason;
    }
  }

  /** Force a row to failed and keep it there. */
  pinFailed(path: string, reason: ReasonCode): void {
    const row = this.inventoryRows.get(path);
    if (row) {
      row.disposition = 'failed';
      row.reason = reason;
    }
    this.pinned.add(path);
  }

  inventory(): InventoryRow[] {
    return [...this.inventoryRows.values()].sort((a, b) => comparePaths(a.path, b.path));
  }
}

export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
