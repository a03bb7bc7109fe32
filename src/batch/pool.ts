// Runs batch tasks on worker threads (tinypool), at most `jobs` at a time, and yields each line as it
// finishes (completion order). A task over its time limit is aborted, which makes tinypool terminate
// that worker and start a fresh one; a task whose worker dies is an `error` line. The batch goes on.
import Tinypool from 'tinypool';
import { attemptTiered, failureLine, HEAP_TIERS, ROOMY_IDLE_MS, roomyTier } from './heap-tiers.js';
import type { HeapTiers, RoomyTier } from './heap-tiers.js';
import type { BatchTask, TaskResult } from './scan-task.js';
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
  /** Heap limits of the scan threads (tests make them small). */
  heap?: HeapTiers;
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

const PING: PingTask = { ping: true };

/** One task: on a capped thread, again on the roomy one if its heap ran out; every failure is a line. */
async function runOne(capped: Tinypool, roomy: RoomyTier, task: BatchTask, timeoutMs: number | undefined): Promise<TaskResult> {
  const result = await attemptTiered<TaskResult>(capped, roomy, task, PING, timeoutMs);
  return result.ok ? result.value : { line: failureLine(task.target, result, timeoutMs) };
}

export async function* runPool(tasks: Iterable<BatchTask>, options: PoolOptions): AsyncGenerator<TaskResult> {
  const file = options.workerFile ?? workerFileUrl();
  const jobs = Math.max(1, Math.floor(options.jobs));
  const heap = options.heap ?? HEAP_TIERS;
  const make = (threads: number, resourceLimits: HeapTiers['capped'], keep: boolean): Tinypool =>
    new Tinypool({ filename: file.href, minThreads: keep ? threads : 0, maxThreads: threads, idleTimeout: ROOMY_IDLE_MS, execArgv: execArgvFor(file), isolateWorkers: false, resourceLimits });
  const pool = make(jobs, heap.capped, true);
  const roomy = roomyTier(() => {
    const p = make(1, heap.roomy, false);
    p.on('error', () => undefined);
    return p;
  });
  // A worker that dies is reported through its task's rejection (an `error` line); the pool-level event
  // would otherwise end the process.
  pool.on('error', () => undefined);
  const running = new Map<number, Promise<{ id: number; result: TaskResult }>>();
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
      running.set(id, runOne(pool, roomy, next.value, options.timeoutMs).then((result) => ({ id, result })));
    }
  };
  try {
    fill();
    while (running.size > 0) {
      const { id, result } = await Promise.race(running.values());
      running.delete(id);
      fill();
      yield result;
    }
  } finally {
    await Promise.all([pool.destroy(), roomy.destroy()]);
  }
}
