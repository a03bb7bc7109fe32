// Test-only worker (`parallel: { workerFile }`): appends "<threadId> <files>" per batch to
// $SKILLSPECTOR_POOL_MARK, then analyses the batch normally; shows how the work was spread.
import { appendFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import type { AnalysisTask, AnalysisTaskResult, WarmUpTask } from '../../src/engine/parallel/protocol.js';
import { workerEntry } from '../../src/engine/parallel/run-task.js';

export default async function markingWorker(task: AnalysisTask | WarmUpTask): Promise<AnalysisTaskResult | null> {
  const mark = process.env.SKILLSPECTOR_POOL_MARK;
  if (mark && 'files' in task) appendFileSync(mark, `${threadId} ${task.files.length}\n`);
  return workerEntry(task);
}
