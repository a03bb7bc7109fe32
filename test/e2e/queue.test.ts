// Distributed batch (CONTRACT §11, last bullet) against a real redis-server and real worker processes.
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import type { BatchLine } from '../../src/batch/line.js';
import { UsageError } from '../../src/discovery/target.js';
import { runQueuedBatch } from '../../src/queue/producer.js';
import type { QueuedBatchOptions } from '../../src/queue/producer.js';
import { connectionOf, QUEUE_PREFIX } from '../../src/queue/layout.js';
import { parseQueueUrl } from '../../src/queue/queue-url.js';
import { redisMissing, startRedis } from '../helpers/redis-server.js';
import type { RedisServer } from '../helpers/redis-server.js';
import { cli, REPO_ROOT, writeTree } from '../helpers/tree.js';

const skip = redisMissing;
/** Short locks so a killed worker's job is re-queued within a few seconds. */
const LOCK_MS = '1000';

interface WorkerProcess {
  child: ChildProcess;
  log: () => string;
  /** Resolves when the log matches. */
  waitFor(pattern: RegExp): Promise<void>;
}

function startWorker(t: TestContext, url: string, extra: readonly string[] = []): Promise<WorkerProcess> {
  // Another working directory than the producer's, as on another machine.
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), join(REPO_ROOT, 'src/cli/main.ts'), 'worker', '--queue', url, '--jobs', '1', '--lock-ms', LOCK_MS, ...extra], {
    cwd: tmpdir(),
    env: { ...process.env, SKILLSPECTOR_PROVIDER: '', NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  child.stderr?.setEncoding('utf8').on('data', (c: string) => {
    stderr += c;
    for (const w of waiters.filter((x) => x.pattern.test(stderr))) w.resolve();
  });
  t.after(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  });
  const worker: WorkerProcess = {
    child,
    log: () => stderr,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        if (pattern.test(stderr)) return resolve();
        waiters.push({ pattern, resolve });
        child.once('exit', (code) => reject(new Error(`worker exited (${code}) before ${pattern}: ${stderr}`)));
      }),
  };
  return worker.waitFor(/ready: serving/).then(() => worker);
}

/** Stops a worker the way an operator would and waits for it to exit. */
async function stopWorker(w: WorkerProcess): Promise<void> {
  if (w.child.exitCode !== null || w.child.signalCode !== null) return;
  const exited = new Promise((r) => w.child.once('exit', r));
  w.child.kill('SIGTERM');
  await exited;
}

function skills(t: TestContext, count: number, filesEach = 1): string[] {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    files[`s${i}/SKILL.md`] = `---\nname: s${i}\ndescription: test skill ${i}\n---\n# Skill ${i}\nSummarise the user's notes.\n`;
    for (let f = 1; f < filesEach; f++) files[`s${i}/notes/n${f}.md`] = `# Note ${f}\n${'Plain prose about the weather. '.repeat(40)}\n`;
  }
  const root = writeTree(files, 'skillspector-queue-');
  t.after(() => rmSync(root, { recursive: true, force: true }));
  return Array.from({ length: count }, (_, i) => join(root, `s${i}`));
}

async function collect(targets: readonly string[], opts: QueuedBatchOptions): Promise<BatchLine[]> {
  const lines: BatchLine[] = [];
  for await (const line of runQueuedBatch(targets, opts)) lines.push(line);
  return lines;
}

/** Keys of the shared queue that are job data (a job hash, its lock or logs, or a non-empty state list). */
async function jobKeys(redis: RedisServer): Promise<string[]> {
  const keys = (await redis.command('KEYS', `${QUEUE_PREFIX}:*`)) as string[];
  const bookkeeping = /^skillspector:batch:(meta|events|id|stalled-check|marker)$/;
  return keys.filter((k) => !bookkeeping.test(k)).sort();
}

function assertEachOnce(lines: readonly BatchLine[], targets: readonly string[]): void {
  assert.deepEqual(lines.map((l) => l.target).sort(), [...targets].sort(), 'every target exactly once');
}

test('two workers share one batch; each target is reported once; the batch leaves no job behind', { skip }, async (t) => {
  const redis = await startRedis(t);
  const [a, b] = await Promise.all([startWorker(t, redis.url), startWorker(t, redis.url)]);
  // Relative paths, as a list file may give them: they reach the workers absolute and come back as given.
  const targets = skills(t, 24).map((p) => relative(process.cwd(), p));
  const lines = await collect(targets, { queueUrl: redis.url, settings: {}, pollAfterMs: 500 });
  assertEachOnce(lines, targets);
  for (const line of lines) {
    assert.equal(line.status, 'scanned', JSON.stringify(line));
    assert.equal(line.recommendation, 'SAFE');
    assert.equal(line.execution_successful, true);
  }
  for (const w of [a, b]) assert.match(w.log(), /done \S+ scanned/, `both workers scanned: ${w.log()}`);
  await Promise.all([stopWorker(a), stopWorker(b)]);
  assert.match(a.log(), /SIGTERM: finishing active jobs[\s\S]*stopped/);
  assert.deepEqual(await jobKeys(redis), []);
});

test('a worker killed with SIGKILL mid-batch: its job is re-run elsewhere, no target lost or reported twice', { skip }, async (t) => {
  const redis = await startRedis(t);
  const victim = await startWorker(t, redis.url);
  const targets = skills(t, 8, 60);
  const run = collect(targets, { queueUrl: redis.url, settings: {}, pollAfterMs: 500 });
  await victim.waitFor(/start (\S+) /);
  victim.child.kill('SIGKILL');
  const jobId = /start (\S+) /.exec(victim.log())?.[1] ?? '';
  const survivor = await startWorker(t, redis.url);
  const lines = await run;
  assertEachOnce(lines, targets);
  assert.ok(lines.every((l) => l.status === 'scanned'), JSON.stringify(lines.filter((l) => l.status !== 'scanned')));
  assert.match(survivor.log(), new RegExp(`start ${jobId} `), `the killed worker's job ${jobId} ran again`);
  assert.doesNotMatch(victim.log(), new RegExp(`done ${jobId} `));
  await stopWorker(survivor);
  assert.deepEqual(await jobKeys(redis), []);
});

test('a caller that stops reading early leaves no waiting job behind', { skip }, async (t) => {
  const redis = await startRedis(t);
  const worker = await startWorker(t, redis.url);
  const targets = skills(t, 12);
  const lines: BatchLine[] = [];
  for await (const line of runQueuedBatch(targets, { queueUrl: redis.url, settings: {}, pollAfterMs: 500 })) {
    lines.push(line);
    break;
  }
  assert.equal(lines.length, 1);
  await stopWorker(worker); // finishes the job it holds, if any
  assert.equal(await redis.command('LLEN', 'skillspector:batch:wait'), 0, 'waiting jobs were removed');
  const hashes = (await jobKeys(redis)).filter((k) => /:b[0-9a-z]+-\d+$/.test(k));
  assert.ok(hashes.length <= 1, `at most the job a worker held at the time is left (evicted by age): ${hashes.join(', ')}`);
});

test('a batch with no worker says so, re-adds a job that vanished, and completes once a worker starts', { skip, timeout: 30_000 }, async (t) => {
  const redis = await startRedis(t);
  const targets = skills(t, 3);
  const notices: string[] = [];
  let late: Promise<WorkerProcess> | undefined;
  const lines = await collect(targets, {
    queueUrl: redis.url,
    settings: {},
    pollAfterMs: 50,
    onNotice: (message) => {
      notices.push(message);
      late = (async () => {
        // A job lost behind the batch's back (a flushed or restarted Redis): polling adds it again.
        const [lost] = (await redis.command('KEYS', 'skillspector:batch:b*-0')) as string[];
        assert.ok(lost);
        await redis.command('LREM', 'skillspector:batch:wait', '0', lost.replace('skillspector:batch:', ''));
        await redis.command('DEL', lost);
        return startWorker(t, redis.url);
      })();
    },
  });
  assertEachOnce(lines, targets);
  assert.equal(notices.length, 1);
  assert.match(notices[0] ?? '', /no worker is serving queue "batch" at redis:\/\/127\.0\.0\.1:\d+\/0: start one with `skillspector worker --queue/);
  if (late) await stopWorker(await late);
});

test('malformed jobs complete with an error line and read nothing', { skip }, async (t) => {
  const redis = await startRedis(t);
  const worker = await startWorker(t, redis.url);
  const connection = connectionOf(parseQueueUrl(redis.url));
  const queue = new Queue('batch', { connection, prefix: QUEUE_PREFIX });
  const events = new QueueEvents('batch', { connection, prefix: QUEUE_PREFIX });
  const bad = [
    { name: 'scan', data: { batch: 'x', target: 42, settings: {} } },
    { name: 'scan', data: { batch: 'x', target: REPO_ROOT, settings: { rulesDir: '/etc' } } },
    { name: 'scan', data: { batch: 'x', target: REPO_ROOT, settings: {}, baseline: '/etc/passwd' } },
    { name: 'shell', data: { batch: 'x', target: REPO_ROOT, settings: {} } },
  ];
  try {
    await events.waitUntilReady();
    for (const job of bad) {
      const added = await queue.add(job.name, job.data);
      const line = (await added.waitUntilFinished(events, 30_000)) as BatchLine;
      assert.equal(line.status, 'error', JSON.stringify(job));
      assert.equal(line.recommendation, null);
      assert.match(line.error ?? '', /malformed job/);
    }
  } finally {
    // Before the server stops (t.after), or the clients would reconnect forever.
    await events.close();
    await queue.close();
  }
  assert.doesNotMatch(worker.log(), /start /, 'no malformed job was scanned');
});

test('--timeout-per-skill: a scan that overruns is a timeout line and the job completes', { skip }, async (t) => {
  const redis = await startRedis(t);
  await startWorker(t, redis.url);
  const targets = skills(t, 2, 200);
  const lines = await collect(targets, { queueUrl: redis.url, settings: {}, timeoutPerSkillMs: 1, pollAfterMs: 500 });
  assertEachOnce(lines, targets);
  for (const line of lines) {
    assert.equal(line.status, 'timeout');
    assert.equal(line.recommendation, null);
    assert.match(line.error ?? '', /timed out/);
  }
  assert.deepEqual(await jobKeys(redis), []);
});

test('a bad or unreachable queue URL is a clear usage error (exit 2), before anything is enqueued', async () => {
  await assert.rejects(collect(['x'], { queueUrl: 'http://127.0.0.1:6379/0', settings: {} }), (err: unknown) => err instanceof UsageError && /invalid --queue URL/.test(err.message));
  await assert.rejects(collect(['x'], { queueUrl: 'redis://127.0.0.1:1/0', settings: {} }), (err: unknown) => err instanceof UsageError && /cannot use the queue at redis:\/\/127\.0\.0\.1:1\/0/.test(err.message));
  for (const [url, message] of [
    ['redis://127.0.0.1:6379/x', /invalid --queue URL/],
    ['redis://127.0.0.1:1/0', /cannot use the queue/],
  ] as const) {
    const r = cli(['worker', '--queue', url]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  }
});
