// Scan threads of `batch` and of queue workers run with a capped heap, and a skill that does not fit is
// scanned again, alone, on a thread without the cap.
//
// Why: V8 sizes a heap's growth by its limit, not by what is live. A scan thread that has read thousands of
// small skills keeps ~50 MB live but, with the default limit, lets its old generation grow to several times
// that before collecting; with two threads the batch process peaked at 430–570 MB on the 2,000-skill bench.
// With a 256 MB cap it peaks near 300 MB at the same throughput (docs/PERFORMANCE.md, batch throughput).
// The cap must never cost a verdict: a skill whose scan needs more is retried on the roomy tier (one
// thread, created when first needed), so memory stays proportional to the skills actually that large.
import type { ResourceLimits } from 'node:worker_threads';
import type Tinypool from 'tinypool';
import { errorLine } from './line.js';
import type { BatchLine } from './line.js';

export interface HeapTiers {
  /** Limits of the threads that take every skill first. */
  capped: ResourceLimits;
  /** Limits of the one thread that rescans a skill the capped tier could not hold. */
  roomy: ResourceLimits;
}

/** Production limits; tests pass smaller ones to make the retry happen with small skills. */
export const HEAP_TIERS: HeapTiers = {
  // A small young generation: a thread scanning thousands of small skills otherwise lets V8 grow it to its maximum.
  capped: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 256 },
  roomy: { maxYoungGenerationSizeMb: 8 },
};

/** The roomy thread ends this long after its last skill: it holds what a large scan left behind. */
export const ROOMY_IDLE_MS = 2_000;

/** Node ends a thread that reaches its resource limits with this code (the task's rejection carries it). */
export function isOutOfMemory(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
}

export type Attempt<T> = { ok: true; value: T } | Failure;
type Failure = { ok: false; error: unknown; timedOut: boolean; elapsedMs: number };

/** The `error` or `timeout` line for a task that failed on every tier it was tried on. */
export function failureLine(target: string, failure: Failure, timeoutMs: number | undefined): BatchLine {
  const { error, elapsedMs } = failure;
  const reason = error instanceof Error ? error.message : String(error);
  if (failure.timedOut && timeoutMs !== undefined) return errorLine(target, `timed out after ${timeoutMs / 1000} s (--timeout-per-skill)`, elapsedMs, 'timeout');
  if (isOutOfMemory(error)) return errorLine(target, `scan thread ran out of memory, also on a thread without the heap cap: ${reason}`, elapsedMs);
  return errorLine(target, `scan thread failed: ${reason}`, elapsedMs);
}

/**
 * One task on one pool. With a time limit, `warmUp` goes first: a fresh thread (the first ones, or one
 * replacing a thread ended for a timeout or its heap) loads the engine before it answers, so the limit
 * measures the scan and not the thread's start-up. Tasks carrying an abort signal get a thread to
 * themselves, so the warm-up and the task land on the same free thread.
 */
export async function attempt<T>(pool: Tinypool, task: unknown, warmUp: unknown, timeoutMs: number | undefined): Promise<Attempt<T>> {
  // Tinypool keeps a thread it starts after the pool's own start-up unreferenced until the thread is ready,
  // so a task waiting for a replacement thread (after a timeout, a crash or a heap cap) holds nothing that
  // keeps the event loop alive: the process would end with the task unanswered.
  const alive = setInterval(() => undefined, 60_000);
  try {
    return await attemptOnce<T>(pool, task, warmUp, timeoutMs);
  } finally {
    clearInterval(alive);
  }
}

async function attemptOnce<T>(pool: Tinypool, task: unknown, warmUp: unknown, timeoutMs: number | undefined): Promise<Attempt<T>> {
  if (timeoutMs !== undefined) {
    try {
      await pool.run(warmUp);
    } catch (error) {
      return { ok: false, error, timedOut: false, elapsedMs: 0 };
    }
  }
  const started = performance.now();
  const abort = new AbortController();
  const timer = timeoutMs !== undefined ? setTimeout(() => abort.abort(), timeoutMs) : undefined;
  try {
    return { ok: true, value: (await pool.run(task, { signal: abort.signal })) as T };
  } catch (error) {
    return { ok: false, error, timedOut: abort.signal.aborted, elapsedMs: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The task on the capped pool, and once more on the roomy one when the capped thread ran out of heap.
 * The retry has its own time limit (the first attempt ended early, at the cap, not at the limit).
 */
export async function attemptTiered<T>(capped: Tinypool, roomy: RoomyTier, task: unknown, warmUp: unknown, timeoutMs: number | undefined): Promise<Attempt<T>> {
  const first = await attempt<T>(capped, task, warmUp, timeoutMs);
  if (first.ok || first.timedOut || !isOutOfMemory(first.error)) return first;
  return roomy.one((pool) => attempt<T>(pool, task, warmUp, timeoutMs));
}

export interface RoomyTier {
  /** Runs `fn` when no other retry is running: one large scan at a time. */
  one<T>(fn: (pool: Tinypool) => Promise<T>): Promise<T>;
  destroy(): Promise<void>;
}

/**
 * The roomy tier: a one-thread pool made on first use (it is rarely needed), taking one retry at a time.
 * Serial on our side, not queued in tinypool: a pool without minimum threads does not replace a thread
 * that died (here: of its heap) for the tasks queued behind it, and they would wait forever.
 */
export function roomyTier(make: () => Tinypool): RoomyTier {
  let pool: Tinypool | undefined;
  let tail: Promise<unknown> = Promise.resolve();
  return {
    one<T>(fn: (p: Tinypool) => Promise<T>): Promise<T> {
      const run = tail.then(() => fn((pool ??= make())));
      tail = run.catch(() => undefined);
      return run;
    },
    destroy: async () => {
      await pool?.destroy();
    },
  };
}
