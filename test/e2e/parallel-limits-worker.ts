// Test-only worker (`parallel: { workerFile }`): appends its thread's resource limits (JSON, one line per
// batch) to $SKILLSPECTOR_POOL_LIMITS; on a batch holding a path with "hog" it allocates until its heap cap
// ends it. Otherwise it analyses the batch normally.
import { appendFileSync } from 'node:fs';
import { resourceLimits } from 'node:worker_threads';
import type { AnalysisTask, AnalysisTaskResult, WarmUpTask } from '../../src/engine/parallel/protocol.js';
import { workerEntry } from '../../src/engine/parallel/run-task.js';

const held: number[][] = [];

export default async function limitsWorker(task: AnalysisTask | WarmUpTask): Promise<AnalysisTaskResult | null> {
  const out = process.env.SKILLSPECTOR_POOL_LIMITS;
  if (out && 'files' in task) appendFileSync(out, `${JSON.stringify(resourceLimits)}\n`);
  if ('files' in task && task.files.some((f) => f.path.includes('hog'))) {
    if (out) appendFileSync(out, 'hog\n');
    // Bounded, so a worker without a cap fails the test instead of eating the machine: 1 GB, then a throw.
    while (held.length < 128) held.push(new Array<number>(1 << 20).fill(held.length + 0.5));
    throw new Error('the heap cap did not end this worker');
  }
  return workerEntry(task);
}
