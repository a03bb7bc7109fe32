// The producer's view of one batch: which jobs are still out, and the lines that arrived, each handed
// out exactly once however often its job is reported (events, polling, a job re-run after a worker died).
import { errorLine } from '../batch/line.js';
import type { BatchLine } from '../batch/line.js';
import { resultLine } from './job-data.js';

export class BatchInbox {
  private readonly pending = new Map<string, string>();
  private readonly arrived: { jobId: string; line: BatchLine }[] = [];
  private wake: (() => void) | undefined;

  constructor(jobs: ReadonlyMap<string, string>) {
    for (const [jobId, target] of jobs) this.pending.set(jobId, target);
  }

  get outstanding(): number {
    return this.pending.size;
  }

  /** Job ids still out, for polling their state. */
  pendingIds(): string[] {
    return [...this.pending.keys()];
  }

  completed(jobId: string, value: unknown): void {
    const target = this.pending.get(jobId);
    if (target === undefined) return;
    this.settle(jobId, resultLine(target, value) ?? errorLine(target, 'the worker returned a malformed result', 0));
  }

  failed(jobId: string, reason: string): void {
    const target = this.pending.get(jobId);
    if (target === undefined) return;
    const why = /stalled more than allowable limit/i.test(reason) ? `its worker stopped while scanning it, ${reason}` : reason;
    this.settle(jobId, errorLine(target, `queue job failed: ${why}`, 0));
  }

  /** The next arrived line, or undefined when none arrives within `waitMs`. */
  async next(waitMs: number): Promise<{ jobId: string; line: BatchLine } | undefined> {
    if (this.arrived.length === 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
    return this.arrived.shift();
  }

  get done(): boolean {
    return this.pending.size === 0 && this.arrived.length === 0;
  }

  private settle(jobId: string, line: BatchLine): void {
    this.pending.delete(jobId);
    this.arrived.push({ jobId, line });
    this.wake?.();
  }
}
