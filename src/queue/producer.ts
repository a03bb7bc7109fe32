// `batch --queue redis://…`: enqueue one job per target on the shared queue, yield each target's line
// once, in completion order, then remove this batch's jobs again (also when the caller stops early or
// an error ends the batch). Completions arrive as queue events; polling the outstanding jobs' states
// when no event came for a while covers events missed in a reconnect and jobs that vanished.
import { resolve } from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import type { JobsOptions } from 'bullmq';
import type { BatchLine } from '../batch/line.js';
import type { BatchScanSettings } from '../batch/scan-one.js';
import { isRemoteTarget } from '../batch/targets.js';
import { BatchInbox } from './batch-inbox.js';
import type { ScanJobData } from './job-data.js';
import { assertReachable, connectionOf, DEFAULT_QUEUE_NAME, JOB_NAME, jobIdOf, newBatchId, QUEUE_PREFIX, validQueueName } from './layout.js';
import { parseQueueUrl } from './queue-url.js';

export interface QueuedBatchOptions {
  queueUrl: string;
  settings: BatchScanSettings;
  timeoutPerSkillMs?: number;
  /** The shared queue's name (default `batch`); workers must be started with the same. */
  queueName?: string;
  /** Told once when nothing completes and no worker is connected. */
  onNotice?: (message: string) => void;
  /** How long without an event before the outstanding jobs are polled (default 3 s). */
  pollAfterMs?: number;
}

const ADD_CHUNK = 500;
const POLL_CHUNK = 200;
/** A backstop only: results of a batch whose producer died are evicted after a day. */
const ORPHAN_AGE_S = 24 * 60 * 60;

function jobOptions(jobId: string): JobsOptions {
  return { jobId, attempts: 1, removeOnComplete: { age: ORPHAN_AGE_S }, removeOnFail: { age: ORPHAN_AGE_S } };
}

interface BatchJob {
  jobId: string;
  /** As the caller gave it: the line reports this. */
  target: string;
  data: ScanJobData;
}

function jobsOf(batchId: string, targets: readonly string[], opts: QueuedBatchOptions): BatchJob[] {
  return targets.map((target, i) => {
    // Workers run elsewhere, in other directories: a local path travels absolute (they must see the same
    // filesystem path, e.g. a shared mount); URLs travel as they are.
    const data: ScanJobData = { batch: batchId, target: isRemoteTarget(target) ? target : resolve(target), settings: opts.settings };
    if (opts.timeoutPerSkillMs !== undefined) data.timeoutMs = Math.max(1, Math.round(opts.timeoutPerSkillMs));
    return { jobId: jobIdOf(batchId, i), target, data };
  });
}

async function addJobs(queue: Queue, jobs: readonly BatchJob[]): Promise<void> {
  for (let i = 0; i < jobs.length; i += ADD_CHUNK) {
    await queue.addBulk(jobs.slice(i, i + ADD_CHUNK).map((j) => ({ name: JOB_NAME, data: j.data, opts: jobOptions(j.jobId) })));
  }
}

/** Reads the state of some outstanding jobs; a job that vanished is added again (same id, so never twice). */
async function poll(queue: Queue, inbox: BatchInbox, byId: ReadonlyMap<string, BatchJob>, cursor: number): Promise<number> {
  const ids = inbox.pendingIds();
  const start = cursor % Math.max(1, ids.length);
  for (const jobId of ids.slice(start, start + POLL_CHUNK)) {
    const state = await queue.getJobState(jobId);
    if (state === 'completed' || state === 'failed') {
      const job = await queue.getJob(jobId);
      if (job && state === 'completed') inbox.completed(jobId, job.returnvalue);
      else if (job) inbox.failed(jobId, job.failedReason);
    } else if (state === 'unknown') {
      const lost = byId.get(jobId);
      if (lost) await addJobs(queue, [lost]);
    }
  }
  return start + POLL_CHUNK;
}

async function removeJobs(queue: Queue, jobIds: readonly string[]): Promise<void> {
  for (let i = 0; i < jobIds.length; i += ADD_CHUNK) {
    // An active job is locked and stays; its result is evicted by the orphan age.
    await Promise.all(jobIds.slice(i, i + ADD_CHUNK).map((id) => queue.remove(id).catch(() => 0)));
  }
}

export async function* runQueuedBatch(targets: readonly string[], opts: QueuedBatchOptions): AsyncGenerator<BatchLine> {
  const address = parseQueueUrl(opts.queueUrl);
  const name = validQueueName(opts.queueName ?? DEFAULT_QUEUE_NAME);
  await assertReachable(address);
  const batchId = newBatchId();
  const jobs = jobsOf(batchId, targets, opts);
  const byId = new Map(jobs.map((j) => [j.jobId, j]));
  const inbox = new BatchInbox(new Map(jobs.map((j) => [j.jobId, j.target])));
  const connection = connectionOf(address);
  const queue = new Queue(name, { connection, prefix: QUEUE_PREFIX });
  const events = new QueueEvents(name, { connection, prefix: QUEUE_PREFIX });
  events.on('completed', ({ jobId, returnvalue }) => inbox.completed(jobId, returnvalue));
  events.on('failed', ({ jobId, failedReason }) => inbox.failed(jobId, failedReason));
  events.on('error', () => undefined); // reconnects on its own; polling covers what it missed
  queue.on('error', () => undefined);
  const pollAfterMs = opts.pollAfterMs ?? 3_000;
  const unremoved = new Set(byId.keys());
  try {
    await events.waitUntilReady();
    await addJobs(queue, jobs);
    let cursor = 0;
    let idleMs = 0;
    let noticed = false;
    while (!inbox.done) {
      const next = await inbox.next(pollAfterMs);
      if (next) {
        idleMs = 0;
        yield next.line;
        if ((await queue.remove(next.jobId).catch(() => 0)) === 1) unremoved.delete(next.jobId);
        continue;
      }
      idleMs += pollAfterMs;
      cursor = await poll(queue, inbox, byId, cursor);
      // CLIENT LIST (how BullMQ counts workers) may be disabled on managed Redis: then no notice.
      if (!noticed && idleMs >= 10 * pollAfterMs && (await queue.getWorkersCount().catch(() => -1)) === 0) {
        noticed = true;
        opts.onNotice?.(`no worker is serving queue "${name}" at ${address.display}: start one with \`skillspector worker --queue ${address.display}\``);
      }
    }
  } finally {
    await removeJobs(queue, [...unremoved]);
    await events.close();
    await queue.close();
  }
}
