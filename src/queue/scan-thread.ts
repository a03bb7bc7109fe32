// Worker-thread entry of the queue worker's scan pool: scans one job's target off the main thread, so the
// main thread keeps renewing BullMQ locks (a CPU-bound scan on it would let locks lapse and jobs be
// handed out twice) and a timed-out scan can be stopped by terminating its thread.
import { runTask } from '../batch/scan-task.js';
import type { BatchScanSettings } from '../batch/scan-one.js';
import type { BatchLine } from '../batch/line.js';
import { setRegexWarmup } from '../analysis/kernel.js';

// A scan thread lives for many skills: compile rule regexes to optimised native code at first use (src/analysis/kernel.ts).
setRegexWarmup(true);

export interface ScanTask {
  target: string;
  settings: BatchScanSettings;
}

/** Answered at once, once this module and the engine are loaded: a timeout then measures the scan only. */
export interface WarmUpTask {
  warmUp: true;
}

export default async function scanTask(task: ScanTask | WarmUpTask): Promise<BatchLine | null> {
  if ('warmUp' in task) return null;
  // The same path as a local batch (remote targets fetched under the default, private-network-refusing
  // policy), but never with a cache directory: nothing but the target is read.
  return (await runTask({ target: task.target, settings: task.settings })).line;
}
