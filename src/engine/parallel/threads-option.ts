// `scan --threads N`: how many worker threads one large bundle's analysis may use (1 = one thread).
import { UsageError } from '../../discovery/target.js';
import type { ParallelSetting } from './threshold.js';

export function threadsSetting(value: string): ParallelSetting {
  const n = /^\d{1,4}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--threads expects a whole number of threads, 1 or more; got ${JSON.stringify(value)}`);
  // The size threshold still applies: a small bundle is faster on one thread whatever N is.
  return n === 1 ? false : { threads: n };
}
