// `skillspector worker --queue URL [--jobs N]`: serve the shared batch queue until SIGINT/SIGTERM.
// The first signal finishes the active jobs and exits; a second abandons them (another worker re-runs
// them once their lock lapses).
import { availableParallelism } from 'node:os';
import { UsageError } from '../discovery/target.js';
import { assertReachable, DEFAULT_QUEUE_NAME, validQueueName } from '../queue/layout.js';
import { parseQueueUrl } from '../queue/queue-url.js';
import { startQueueWorker } from '../queue/worker.js';

export interface WorkerCliOptions {
  queue: string;
  jobs?: string;
  queueName?: string;
  lockMs?: string;
  quiet?: boolean;
}

function positiveInt(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`${flag} must be a positive whole number, got ${JSON.stringify(value)}`);
  return Number(value);
}

/** Resolves when the worker has stopped after a signal. */
export async function runWorker(opts: WorkerCliOptions): Promise<void> {
  const address = parseQueueUrl(opts.queue);
  const jobs = positiveInt(opts.jobs, '--jobs', availableParallelism());
  const lockMs = positiveInt(opts.lockMs, '--lock-ms', 10_000);
  const queueName = validQueueName(opts.queueName ?? DEFAULT_QUEUE_NAME);
  await assertReachable(address);
  const say = (line: string): void => void process.stderr.write(`skillspector worker: ${line}\n`);
  const log = opts.quiet === true ? () => undefined : say;
  const worker = startQueueWorker({ queueUrl: opts.queue, jobs, queueName, lockMs, log });
  await worker.ready;
  say(`ready: serving queue "${queueName}" at ${address.display} with ${jobs} job${jobs === 1 ? '' : 's'} at a time (Ctrl-C to stop)`);
  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals): void => {
      if (stopping) {
        say(`${signal} again: abandoning active jobs`);
        void worker.close(true).finally(resolve);
        return;
      }
      stopping = true;
      say(`${signal}: finishing active jobs (send it again to abandon them)`);
      void worker.close().finally(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  say('stopped');
}
