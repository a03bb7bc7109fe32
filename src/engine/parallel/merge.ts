// Puts batch results back in file order, exactly as the single-threaded loop would have produced them:
// findings with their rule metadata re-attached, ledger writes replayed, the first deadline cut honoured
// (files after it are dropped even if a worker analysed them), progress reported file by file.
import type { Finding } from '../../analysis/finding.js';
import type { Ledger } from '../../ledger/index.js';
import type { FileView } from '../../model/bundle.js';
import type { RuleMeta } from '../../rules/types.js';
import type { AnalysisState } from '../analyze.js';
import type { AnalysisTaskResult, FileOutcome, WireFinding } from './protocol.js';
import { replay } from './recording-ledger.js';

/** A contiguous run of the scan's files: indices [start, end). */
export interface Batch {
  start: number;
  end: number;
}

export class OrderedMerge {
  private readonly results = new Map<number, AnalysisTaskResult>();
  private next = 0;
  private done = 0;
  /** The file the deadline stopped analysis at; once set, nothing later counts. */
  stoppedAt: string | undefined;

  constructor(
    private readonly files: readonly FileView[],
    private readonly batches: readonly Batch[],
    private readonly metas: ReadonlyMap<string, RuleMeta>,
    private readonly state: AnalysisState,
    private readonly ledger: Ledger,
    private readonly onProgress?: (done: number, total: number) => void,
  ) {}

  /** Whether batch `i` ended the analysis (the deadline passed in it); later batches need not run. */
  static stops(result: AnalysisTaskResult): boolean {
    return result.expiredBefore || result.outcomes.some((o) => o.cut);
  }

  /** Accepts batch `i`'s result (in any order) and merges every batch that is now next in file order. */
  add(i: number, result: AnalysisTaskResult): void {
    this.results.set(i, result);
    for (let r = this.results.get(this.next); r !== undefined && this.stoppedAt === undefined; r = this.results.get(this.next)) {
      this.results.delete(this.next);
      this.mergeBatch(this.batches[this.next] as Batch, r);
      this.next += 1;
    }
  }

  /** Every batch up to the stop (or all of them) was merged. */
  get complete(): boolean {
    return this.stoppedAt !== undefined || this.next === this.batches.length;
  }

  private mergeBatch(batch: Batch, result: AnalysisTaskResult): void {
    result.outcomes.forEach((outcome, k) => {
      if (this.stoppedAt !== undefined) return;
      const file = this.files[batch.start + k] as FileView;
      this.mergeFile(file, outcome);
      if (outcome.cut) this.stoppedAt = file.path;
    });
    if (this.stoppedAt === undefined && result.expiredBefore) {
      const notStarted = this.files[batch.start + result.outcomes.length];
      if (notStarted) this.stoppedAt = notStarted.path;
    }
  }

  private mergeFile(file: FileView, outcome: FileOutcome): void {
    replay(outcome.ops, this.ledger);
    for (const id of outcome.failedRules) this.state.failedRules.add(id);
    const budget = this.state.behaviourBudget;
    budget.spentMs += outcome.behaviourMs;
    if (outcome.behaviourSkipped) budget.skipped.push(file.path);
    for (const f of outcome.findings) this.state.findings.push(this.attach(f));
    this.done += 1;
    this.onProgress?.(this.done, this.files.length);
  }

  private attach(wire: WireFinding): Finding {
    const { ruleId, ...rest } = wire;
    const rule = this.metas.get(ruleId);
    if (!rule) throw new Error(`a worker reported rule ${ruleId}, which this scan does not run`);
    return { rule, ...rest };
  }
}
