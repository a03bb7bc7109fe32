// Test-only worker (`parallel: { workerFile }`): the worker thread exits on any batch holding a path with
// "boom"; other batches are analysed normally.
import type { AnalysisTask, AnalysisTaskResult, WarmUpTask } from '../../src/engine/parallel/protocol.js';
import { workerEntry } from '../../src/engine/parallel/run-task.js';

export default async function crashingWorker(task: AnalysisTask | WarmUpTask): Promise<AnalysisTaskResult | null> {
  if ('files' in task && task.files.some((f) => f.path.includes('boom'))) process.exit(7);
  return workerEntry(task);
}
