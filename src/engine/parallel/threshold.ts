// When one scan's file analysis goes to worker threads, and how the files are cut into batches.
// A worker costs about 0.6 s of CPU to start (loading the catalogue, compiling patterns, grammars) and runs
// several times slower than the main thread on its first batches while its code is cold. The main thread
// keeps analysing meanwhile, so nothing waits for a start-up, but that CPU competes with the main thread
// unless a core is idle. Each worker also holds a second engine, about 100 MB whatever the bundle's size.
// Hence automatic mode only for bundles of 8 MB of text or more, only when at least two workers can run on
// idle cores (one worker alone bought at most 1.2x on a 2-core host, for 22-50 % more CPU and +100 MB),
// and `--threads N` to ask for workers anyway. Measurements: docs/PERFORMANCE.md, "Issue 14".
import { availableParallelism, loadavg } from 'node:os';
import type { Batch } from './merge.js';

/**
 * `ScanOptions.parallel`: absent = automatic (parallel when the bundle is large enough), `false` = always
 * one thread, `true` = parallel whenever there are two threads and two files, an object = automatic with
 * these settings. `threads` counts every analysing thread, the main thread included unless `mainThread`
 * is false (then all batches go to workers). `workerFile` replaces the worker module (tests only).
 */
export type ParallelSetting = boolean | {
  threads?: number;
  minBytes?: number;
  minFiles?: number;
  mainThread?: boolean;
  workerFile?: string;
};

/** Text (UTF-16 code units, ~bytes for ASCII) below which a worker's start-up costs more than it saves. */
export const DEFAULT_MIN_BYTES = 8_000_000;
/**
 * Fewest analysing threads (main thread included) fully automatic mode starts workers for: with one worker
 * the second engine's memory bought too little time to be worth it.
 */
export const MIN_AUTO_THREADS = 3;
/** Files below which batching overhead is not worth it even for large text. */
export const DEFAULT_MIN_FILES = 16;
/**
 * Batches per thread: enough to balance uneven files and threads that run at different speeds (a worker
 * is slower while its code is cold), few enough that per-batch costs (sending the bundle view) stay small.
 */
const BATCHES_PER_THREAD = 16;
/** The fixed cost of one file (views, rule applicability, result transfer), in text-length units. */
const PER_FILE_WEIGHT = 2_048;

export interface ParallelPlan {
  /** Analysing threads: the workers, plus the main thread when `mainThread`. */
  threads: number;
  mainThread: boolean;
  batches: Batch[];
  workerFile?: string;
}

export function planParallel(
  files: readonly { text: string }[],
  setting: ParallelSetting | undefined,
  cores: number = availableParallelism(),
  /** The host's one-minute load average (0 where the platform has none). */
  load: number = loadavg()[0] ?? 0,
): ParallelPlan | null {
  if (setting === false) return null;
  // Fully automatic: workers only where two or more of them find an idle core (this scan's own thread
  // counts). A worker that competes with the main thread for the same CPU measured slower, never faster.
  if (setting === undefined && (cores < MIN_AUTO_THREADS || load > cores - MIN_AUTO_THREADS + 0.5)) return null;
  const opts = typeof setting === 'object' ? setting : {};
  const threads = Math.min(Math.max(1, Math.floor(opts.threads ?? cores)), files.length);
  if (threads < 2) return null;
  if (setting !== true) {
    const chars = files.reduce((n, f) => n + f.text.length, 0);
    if (chars < (opts.minBytes ?? DEFAULT_MIN_BYTES) || files.length < (opts.minFiles ?? DEFAULT_MIN_FILES)) return null;
  }
  return {
    threads, mainThread: opts.mainThread !== false, batches: batchesOf(files, threads * BATCHES_PER_THREAD),
    ...(opts.workerFile !== undefined ? { workerFile: opts.workerFile } : {}),
  };
}

/** Contiguous batches of about equal weight (text plus a per-file cost), at most `count` of them. */
export function batchesOf(files: readonly { text: string }[], count: number): Batch[] {
  const weight = (f: { text: string }): number => f.text.length + PER_FILE_WEIGHT;
  const total = files.reduce((n, f) => n + weight(f), 0);
  const target = total / Math.max(1, count);
  const out: Batch[] = [];
  let start = 0;
  let acc = 0;
  files.forEach((f, i) => {
    acc += weight(f);
    if (acc >= target) {
      out.push({ start, end: i + 1 });
      start = i + 1;
      acc = 0;
    }
  });
  if (start < files.length) out.push({ start, end: files.length });
  return out;
}
