// `skillspector worker`: takes scan jobs of any batch from the shared queue, scans each target in a
// thread of its own pool and completes the job with the target's BatchLine. Malformed jobs complete with
// an `error` line; nothing in job data but the target is ever read from disk or the network.
import { Worker } from 'bullmq';
import type { Job } from 'bullmq';
import { errorLine } from '../batch/line.js';
import type { BatchLine } from '../batch/line.js';
import { claimedTarget, describeIssues, scanJobSchema } from './job-data.js';
import { connectionOf, DEFAULT_LOCK_MS, DEFAULT_QUEUE_NAME, JOB_NAME, MAX_STALLED_COUNT, QUEUE_PREFIX } from './layout.js';
import { parseQueueUrl } from './queue-url.js';
import { createScanPool } from './scan-pool.js';

export interface QueueWorkerOptions {
  queueUrl: string;
  /** Jobs scanned at once (one scan thread each). */
  jobs: number;
  queueName?: string;
  /** Job lock period; a dead worker's job is re-queued after about two of them. */
  lockMs?: number;
  /** One line per event (start, done, errors); no newline. */
  log?: (line: string) => void;
}

export interface RunningQueueWorker {
  /** Resolves once connected and taking jobs. */
  ready: Promise<void>;
  /** Stops taking jobs; `force` abandons active ones (another worker re-runs them once their lock lapses). */
  close(force?: boolean): Promise<void>;
}

function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ');
}

function processorOf(pool: ReturnType<typeof createScanPool>, log: (line: string) => void): (job: Job) => Promise<BatchLine> {
  return async (job) => {
    if (job.name !== JOB_NAME) return errorLine(claimedTarget(job.data), `malformed job: unknown job name ${JSON.stringify(job.name)}`, 0);
    const parsed = scanJobSchema.safeParse(job.data);
    if (!parsed.success) {
      log(`job ${job.id ?? '?'}: malformed (${describeIssues(parsed.error)}), completed as an error line`);
      return errorLine(claimedTarget(job.data), `malformed job: ${describeIssues(parsed.error)}`, 0);
    }
    const { target, settings, timeoutMs } = parsed.data;
    log(`start ${job.id ?? '?'} ${oneLine(target)}`);
    const line = await pool.scan(target, settings, timeoutMs);
    log(`done ${job.id ?? '?'} ${line.status} ${line.recommendation ?? '-'} ${oneLine(target)}${line.error ? `: ${oneLine(line.error)}` : ''}`);
    return line;
  };
}

export function startQueueWorker(opts: QueueWorkerOptions): RunningQueueWorker {
  const address = parseQueueUrl(opts.queueUrl);
  const log = opts.log ?? (() => undefined);
  const lockMs = opts.lockMs ?? DEFAULT_LOCK_MS;
  const pool = createScanPool(opts.jobs);
  const worker = new Worker(opts.queueName ?? DEFAULT_QUEUE_NAME, processorOf(pool, log), {
    connection: connectionOf(address),
    prefix: QUEUE_PREFIX,
    concurrency: opts.jobs,
    lockDuration: lockMs,
    stalledInterval: lockMs,
    maxStalledCount: MAX_STALLED_COUNT,
    drainDelay: 1,
  });
  let lastError = '';
  worker.on('error', (err) => {
    // ioredis repeats a connection error on every retry: report each distinct one once.
    if (err.message !== lastError) log(`queue error: ${oneLine(err.message)}`);
    lastError = err.message;
  });
  worker.on('failed', (job, err) => log(`job ${job?.id ?? '?'} failed: ${oneLine(err.message)}`));
  return {
    ready: worker.waitUntilReady().then(() => undefined),
    async close(force = false) {
      await worker.close(force);
      await pool.close();
    },
  };
}
