// The worker-thread pool for one scan: started on the first batch, stopped when the scan's analysis ends.
// tinypool rejects a task whose worker throws, but not one whose worker exits (process.exit, a fatal error
// in native code); and its destroy() waits for every worker's exit event through a helper that throws
// (uncaught) when a worker that is still starting fails meanwhile. So: any worker that exits while the scan
// still runs breaks the pool (every batch in flight or still to come is rejected at once, and the caller
// analyses it on the main thread), pool-level errors are absorbed the same way, and destroy() terminates
// the workers itself instead of calling tinypool's destroy().
import type { ResourceLimits } from 'node:worker_threads';
import type Tinypool from 'tinypool';
import type { AnalysisTask, AnalysisTaskResult, WarmUpTask } from './protocol.js';
import type { WorkerModule } from './worker-file.js';

/** Batches a worker holds at once: the one it runs and the next. */
export const TASKS_PER_WORKER = 2;

export interface AnalysisPool {
  /** Resolves once one worker has loaded what the scan needs (call it once per worker). */
  warmUp(task: WarmUpTask): Promise<void>;
  run(task: AnalysisTask): Promise<AnalysisTaskResult>;
  destroy(): Promise<void>;
}

/**
 * A worker's heap limits for a bundle whose largest analysed text is `largestChars` long. V8 sizes a heap's
 * growth by its limit, not by what is live: an uncapped worker let its old generation grow to several times
 * its live data (a 5,000-file bundle peaked at 946 MB with one worker, 510 MB on one thread). A worker holds
 * one batch at a time, so its live data is the engine plus its largest file's text and views (two bytes a
 * character, a few copies). A batch that does not fit ends the worker, and that batch and every later one
 * run on the main thread (`createAnalysisPool`): the cap costs speed, never results.
 */
export function workerHeapLimits(largestChars: number): ResourceLimits {
  const largestMb = (largestChars * 2) / (1024 * 1024);
  return { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: Math.ceil(Math.min(1_024, 128 + 12 * largestMb)) };
}

export function createAnalysisPool(threads: number, worker: WorkerModule, resourceLimits?: ResourceLimits): AnalysisPool {
  let pool: Promise<Tinypool> | undefined;
  let broken: Error | undefined;
  let destroying = false;
  const inFlight = new Set<(err: Error) => void>();
  const breakPool = (err: Error): void => {
    broken ??= err;
    for (const reject of inFlight) reject(err);
    inFlight.clear();
  };
  // Loaded on first use: a scan that stays on one thread (most) never pays for loading tinypool.
  const start = async (): Promise<Tinypool> => {
    const { default: Pool } = await import('tinypool');
    const p = new Pool({
      filename: worker.filename, execArgv: worker.execArgv, minThreads: threads, maxThreads: threads,
      // A worker keeps its compiled rules and grammars between batches of the same scan.
      isolateWorkers: false,
      // Tasks are handed out on the main thread, which is often busy analysing a batch itself: each worker
      // holds its next batch already, so it never idles waiting for the main thread to hand one over.
      concurrentTasksPerWorker: TASKS_PER_WORKER,
      ...(resourceLimits ? { resourceLimits } : {}),
    });
    for (const thread of p.threads) {
      thread.once('exit', (code: number) => {
        if (!destroying) breakPool(new Error(`an analysis worker exited unexpectedly (code ${code})`));
      });
    }
    // A worker that fails with no task of its own (while starting) is reported on the pool itself.
    p.on('error', (err: unknown) => {
      if (!destroying) breakPool(err instanceof Error ? err : new Error(String(err)));
    });
    return p;
  };
  const send = <T>(task: AnalysisTask | WarmUpTask): Promise<T> => {
    if (broken) return Promise.reject(broken);
    if (destroying) return Promise.reject(new Error('the analysis pool was destroyed'));
    const started = (pool ??= start());
    return new Promise<T>((resolve, reject) => {
      inFlight.add(reject);
      started.then((p) => p.run(task) as Promise<T>).then(resolve, reject).finally(() => inFlight.delete(reject));
    });
  };
  return {
    warmUp: (task) => send<null>(task).then(() => undefined),
    run: (task) => send<AnalysisTaskResult>(task),
    async destroy() {
      destroying = true;
      // Whatever is still in flight (a warm-up the scan no longer needs) is abandoned, never left pending.
      for (const reject of inFlight) reject(new Error('the analysis pool was destroyed'));
      inFlight.clear();
      const p = await pool?.catch(() => undefined);
      pool = undefined;
      if (p) await Promise.all(p.threads.map((t) => t.terminate()));
    },
  };
}
