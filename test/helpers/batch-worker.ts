// A batch worker module for tests only (passed through runBatch's `workerFile`): a target whose name
// holds `hang` never finishes, `crash` throws, `die` throws outside the task (an uncaught
// exception kills the worker thread); anything else is scanned.
import { runTask } from '../../src/batch/scan-task.js';
import type { BatchTask } from '../../src/batch/scan-task.js';
import type { BatchLine } from '../../src/batch/line.js';
import { isPing } from '../../src/batch/worker.js';
import type { PingTask } from '../../src/batch/worker.js';

export default async function testWorker(task: BatchTask | PingTask): Promise<BatchLine | null> {
  if (isPing(task)) return null;
  if (task.target.includes('hang')) return new Promise<BatchLine>(() => undefined);
  if (task.target.includes('crash')) throw new Error('planted crash');
  if (task.target.includes('die')) {
    setTimeout(() => {
      throw new Error('uncaught in worker');
    }, 10);
    return new Promise<BatchLine>(() => undefined);
  }
  return runTask(task);
}
