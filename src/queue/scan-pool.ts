// The queue worker's scan threads: one per job slot, a per-skill timeout that terminates the thread, and
// every outcome turned into a BatchLine (a crash or timeout is a line, never a failed job).
import { Tinypool } from 'tinypool';
import type { BatchLine } from '../batch/line.js';
import type { BatchScanSettings } from '../batch/scan-one.js';
import type { ScanTask, WarmUpTask } from './scan-thread.js';
import { attemptTiered, failureLine, HEAP_TIERS, ROOMY_IDLE_MS, roomyTier } from '../batch/heap-tiers.js';
import type { HeapTiers } from '../batch/heap-tiers.js';

export interface ScanPool {
  scan(target: string, settings: BatchScanSettings, timeoutMs?: number): Promise<BatchLine>;
  close(): Promise<void>;
}

/** The thread entry beside this module: .ts under tsx (tests, `node --import tsx`), .js in dist/. */
export function scanThreadUrl(): URL {
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`./scan-thread${ext}`, import.meta.url);
}

/**
 * A .ts thread needs tsx's loader inside it; on Node 20 `--import tsx` in a worker's execArgv does not reach
 * the worker's own module graph, so the thread registers tsx through its API first.
 */
function execArgvFor(url: URL): string[] {
  if (!url.pathname.endsWith('.ts')) return [];
  const api = import.meta.resolve('tsx/esm/api');
  return ['--import', `data:text/javascript,import{register}from${JSON.stringify(api)};register();`];
}

const WARM_UP: WarmUpTask = { warmUp: true };

export function createScanPool(threads: number, threadUrl: URL = scanThreadUrl(), heap: HeapTiers = HEAP_TIERS): ScanPool {
  const make = (max: number, resourceLimits: HeapTiers['capped'], idleTimeout: number): Tinypool => {
    const pool = new Tinypool({ filename: threadUrl.href, minThreads: 0, maxThreads: max, idleTimeout, execArgv: execArgvFor(threadUrl), resourceLimits });
    // A thread that dies is reported through its task's rejection; the pool-level event would end the process.
    pool.on('error', () => undefined);
    return pool;
  };
  const pool = make(threads, heap.capped, 60_000);
  const roomy = roomyTier(() => make(1, heap.roomy, ROOMY_IDLE_MS));
  return {
    async scan(target, settings, timeoutMs) {
      const task: ScanTask = { target, settings };
      const result = await attemptTiered<BatchLine>(pool, roomy, task, WARM_UP, timeoutMs);
      return result.ok ? result.value : failureLine(target, result, timeoutMs);
    },
    close: async () => {
      await Promise.all([pool.destroy(), roomy.destroy()]);
    },
  };
}
