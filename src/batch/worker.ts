// The tinypool worker module of `batch`: one task in, one NDJSON line out (never the report, so the
// main thread holds nothing per skill), with the cache key the main thread stores it under.
import { runTask } from './scan-task.js';
import type { BatchTask, TaskResult } from './scan-task.js';
import { setRegexWarmup } from '../analysis/kernel.js';

// A scan thread lives for many skills: compile rule regexes to optimised native code at first use (src/analysis/kernel.ts).
setRegexWarmup(true);

/** Answered at once: by then this module and the engine it imports are loaded (pool.ts warms with it). */
export interface PingTask {
  ping: true;
}

export function isPing(task: BatchTask | PingTask): task is PingTask {
  return 'ping' in task;
}

export default async function scanInWorker(task: BatchTask | PingTask): Promise<TaskResult | null> {
  return isPing(task) ? null : runTask(task);
}
