// A batch worker module for tests only (passed through runBatch's `workerFile`): a target whose name
// holds `hang` never finishes, `crash` throws, `die` throws outside the task (an uncaught
// exception kills the worker thread), `hog` holds HOG_MB of heap while it scans, `glutton` allocates
// until its heap limit ends the thread; anything else is scanned.
import { runTask } from '../../src/batch/scan-task.js';
import type { BatchTask, TaskResult } from '../../src/batch/scan-task.js';
import { isPing } from '../../src/batch/worker.js';
import type { PingTask } from '../../src/batch/worker.js';

/** Live heap a `hog` target holds: over the tests' capped tier, under their roomy one. */
export const HOG_MB = 96;

/** Arrays of small integers, ~0.8 MB each of V8 heap (not external memory, which heap limits ignore). */
function holdHeap(mb: number): number[][] {
  const held: number[][] = [];
  for (let i = 0; i < mb * 1.25; i++) held.push(new Array<number>(100_000).fill(i));
  return held;
}

export default async function testWorker(task: BatchTask | PingTask): Promise<TaskResult | null> {
  if (isPing(task)) return null;
  if (task.target.includes('hang')) return new Promise<TaskResult>(() => undefined);
  if (task.target.includes('crash')) throw new Error('planted crash');
  if (task.target.includes('die')) {
    setTimeout(() => {
      throw new Error('uncaught in worker');
    }, 10);
    return new Promise<TaskResult>(() => undefined);
  }
  if (task.target.includes('glutton')) holdHeap(1_000_000);
  if (task.target.includes('hog')) {
    const held = holdHeap(HOG_MB);
    const line = await runTask(task);
    return held.length > 0 ? line : line;
  }
  return runTask(task);
}
