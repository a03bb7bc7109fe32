// One batch task as a worker thread (or the queue path) runs it: look the skill up in the cache, else
// scan it. Plain data in, one BatchLine out (with the key to store it under); never throws. Storing is
// the main thread's (CacheWriter in ./cache.ts), so a scan thread never waits on a file being created.
import { cacheKey, readCached } from './cache.js';
import { scanOne } from './scan-one.js';
import type { BatchScanSettings } from './scan-one.js';
import { errorLine } from './line.js';
import type { BatchLine } from './line.js';
import { isRemoteTarget } from './targets.js';

export interface BatchTask {
  target: string;
  settings: BatchScanSettings;
  /** `--cache DIR`, absolute. */
  cacheDir?: string;
  /** `batch --allow-private-network`: remote targets may resolve to loopback/private addresses (§10). */
  allowPrivateNetwork?: boolean;
}

/**
 * A remote target (CONTRACT §10) is fetched into a temporary copy, scanned, and removed; the line keeps
 * the URL. The fetching code loads only when a remote target comes up.
 */
async function scanTarget(target: string, settings: BatchScanSettings, allowPrivateNetwork: boolean): Promise<BatchLine> {
  if (!isRemoteTarget(target)) return scanOne(target, settings);
  const started = performance.now();
  try {
    const { withLocalTarget } = await import('../remote/with-target.js');
    return await withLocalTarget(target, allowPrivateNetwork ? { allowPrivateNetwork } : {}, (local) => scanOne(target, settings, local));
  } catch (err) {
    return errorLine(target, err instanceof Error ? err.message : String(err), performance.now() - started);
  }
}

/** A scan thread's answer: the line, and on a cache miss the key the main thread stores it under. */
export interface TaskResult {
  line: BatchLine;
  store?: string;
}

export async function runTask(task: BatchTask): Promise<TaskResult> {
  const started = performance.now();
  const key = task.cacheDir !== undefined && !isRemoteTarget(task.target) ? cacheKey(task.target, task.settings) : null;
  if (key !== null && task.cacheDir !== undefined) {
    const hit = readCached(task.cacheDir, key, task.target);
    if (hit) return { line: { ...hit, duration_ms: Math.round(performance.now() - started) } };
  }
  const line = await scanTarget(task.target, task.settings, task.allowPrivateNetwork === true);
  return key !== null ? { line, store: key } : { line };
}
