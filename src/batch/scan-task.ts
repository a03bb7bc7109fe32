// One batch task as a worker thread (or the queue path) runs it: look the skill up in the cache, else
// scan it and store the line. Plain data in, one BatchLine out; never throws.
import { cacheKey, readCached, writeCached } from './cache.js';
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

export async function runTask(task: BatchTask): Promise<BatchLine> {
  const started = performance.now();
  const key = task.cacheDir !== undefined && !isRemoteTarget(task.target) ? cacheKey(task.target, task.settings) : null;
  if (key !== null && task.cacheDir !== undefined) {
    const hit = readCached(task.cacheDir, key, task.target);
    if (hit) return { ...hit, duration_ms: Math.round(performance.now() - started) };
  }
  const line = await scanTarget(task.target, task.settings, task.allowPrivateNetwork === true);
  if (key !== null && task.cacheDir !== undefined) writeCached(task.cacheDir, key, line);
  return line;
}
