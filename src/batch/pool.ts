// Runs batch tasks on worker threads (tinypool), at most `jobs` at a time, and yields each line as it
// finishes (completion order). A task over its time limit is aborted, which makes tinypool terminate
// that worker and start a fresh one; a task whose worker dies is an `error` line. The batch goes on.
import Tinypool from 'tinypool';
import { errorLine } from './line.js';
import type { BatchLine } from './line.js';
import type { BatchTask } from './scan-task.js';
import type { PingTask } from './worker.js';

/**
 * Where the worker module is. Under tsx (tests, `node --import tsx src/cli/main.ts`) this file is .ts
 * and so is the worker; under dist both are .js. A bundled build adapts this one function.
 */
export function workerFileUrl(): URL {
  const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return new URL(`./worker.${ext}`, import.meta.url);
}

export interface PoolOptions {
  jobs: number;
  /** Abort a task after this long (`--timeout-per-skill`); none when undefined. */
  timeoutMs?: number;
  /** The worker module; tests pass their own (a worker that hangs or crashes). */
  workerFile?: URL;
}

/**
 * A .ts worker needs tsx's loader inside its thread. On Node 20 `--import tsx` in a worker's execArgv does
 * not reach the worker's own module graph, so the thread registers tsx through its API first (as
 * src/engine/parallel/worker-file.ts does).
 */
function execArgvFor(file: URL): string[] {
  if (!file.pathname.endsWith('.ts')) return [];
  const api = import.meta.resolve('tsx/esm/api');
  return ['--import', `data:text/javascript,import{register}from${JSON.stringify(api)};register();`];
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

const PING: PingTask = { ping: true };

/**
 * One task on one free worker. With a time limit, a ping goes first: a fresh worker (the first ones, or
 * the one replacing a worker stopped for a timeout) loads the engine before it answers, so the limit
 * measures the scan and not the worker's start-up. Other slots' tasks carry abort signals, which keeps
 * their workers exclusive, so the ping and the task land on the same free worker.
 */
async function runOne(pool: Tinypool, task: BatchTask, timeoutMs: number | undefined): Promise<BatchLine> {
  if (timeoutMs !== undefined) {
    try {
      await pool.run(PING);
    } catch (err) {
      return errorLine(task.target, `worker failed to start: ${message(err)}`, 0);
    }
  }
  const started = performance.now();
  const abort = new AbortController();
  const timer = timeoutMs !== undefined ? setTimeout(() => abort.abort(), timeoutMs) : undefined;
  return (pool.run(task, { signal: abort.signal }) as Promise<BatchLine>)
    .catch((err: unknown) => {
      const elapsed = performance.now() - started;
      if (abort.signal.aborted && timeoutMs !== undefined) {
        return errorLine(task.target, `timed out after ${timeoutMs / 1000} s (--timeout-per-skill)`, elapsed, 'timeout');
      }
      return errorLine(task.target, `worker failed: ${message(err)}`, elapsed);
    })
    .finally(() => clearTimeout(timer));
}

/** Worker heap settings shared with the queue worker's pool. */
export const YOUNG_GENERATION = { maxYoungGenerationSizeMb: 8 };

export async function* runPool(tasks: Iterable<BatchTask>, options: PoolOptions): AsyncGenerator<BatchLine> {
  const file = options.workerFile ?? workerFileUrl();
  const jobs = Math.max(1, Math.floor(options.jobs));
  // A small young generation: a worker scanning thousands of small skills otherwise lets V8 grow it to its
  // maximum. On the 2,000-skill bench this lowered peak RSS with two workers (509–557 MB against 543–679 MB
  // without, across runs) at the same CPU time (docs/PERFORMANCE.md, batch throughput).
  const pool = new Tinypool({ filename: file.href, minThreads: jobs, maxThreads: jobs, execArgv: execArgvFor(file), isolateWorkers: false, resourceLimits: YOUNG_GENERATION });
  // A worker that dies is reported through its task's rejection (an `error` line); the pool-level event
  // would otherwise end the process.
  pool.on('error', () => undefined);
  const running = new Map<number, Promise<{ id: number; line: BatchLine }>>();
  const source = tasks[Symbol.iterator]();
  let nextId = 0;
  let exhausted = false;
  const fill = (): void => {
    while (!exhausted && running.size < jobs) {
      const next = source.next();
      if (next.done === true) {
        exhausted = true;
        return;
      }
      const id = nextId++;
      running.set(id, runOne(pool, next.value, options.timeoutMs).then((line) => ({ id, line })));
    }
  };
  try {
    fill();
    while (running.size > 0) {
      const { id, line } = await Promise.race(running.values());
      running.delete(id);
      fill();
      yield line;
    }
  } finally {
    await pool.destroy();
  }
}
