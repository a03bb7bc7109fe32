// The queue worker's scan threads: one per job slot, a per-skill timeout that terminates the thread, and
// every outcome turned into a BatchLine (a crash or timeout is a line, never a failed job).
import { Tinypool } from 'tinypool';
import { errorLine } from '../batch/line.js';
import type { BatchLine } from '../batch/line.js';
import type { BatchScanSettings } from '../batch/scan-one.js';
import type { ScanTask, WarmUpTask } from './scan-thread.js';
import { YOUNG_GENERATION } from '../batch/pool.js';

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

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

const WARM_UP: WarmUpTask = { warmUp: true };

export function createScanPool(threads: number, threadUrl: URL = scanThreadUrl()): ScanPool {
  const pool = new Tinypool({ filename: threadUrl.href, minThreads: 0, maxThreads: threads, idleTimeout: 60_000, execArgv: execArgvFor(threadUrl), resourceLimits: YOUNG_GENERATION });
  // A thread that dies is reported through its task's rejection; the pool-level event would end the process.
  pool.on('error', () => undefined);
  return {
    async scan(target, settings, timeoutMs) {
      if (timeoutMs !== undefined) {
        // Tasks carrying a signal get a thread to themselves, so the warm-up and the scan share one.
        await pool.run(WARM_UP).catch(() => null);
      }
      const started = performance.now();
      const abort = new AbortController();
      const timer = timeoutMs === undefined ? undefined : setTimeout(() => abort.abort(), timeoutMs);
      try {
        const task: ScanTask = { target, settings };
        return (await pool.run(task, { signal: abort.signal })) as BatchLine;
      } catch (err) {
        const elapsed = performance.now() - started;
        if (abort.signal.aborted) return errorLine(target, `scan timed out after ${((timeoutMs ?? 0) / 1000).toFixed(1)} s (--timeout-per-skill)`, elapsed, 'timeout');
        return errorLine(target, `scan thread failed: ${message(err)}`, elapsed);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => pool.destroy(),
  };
}
