// The batch run (CONTRACT §11), shared by the CLI and tests: filter the targets (shard, resume), run
// them on worker threads or a queue, stream each line to the sink as it finishes, and keep only the
// summary counts. The cache is consulted in the worker (hashing runs in parallel with scans) and written
// here, off the scan threads.
import { lstatSync, mkdirSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { UsageError } from '../discovery/target.js';
import { CacheWriter, cacheKey, readCached } from './cache.js';
import type { LineGates } from './gates.js';
import type { HeapTiers } from './heap-tiers.js';
import { openOutputFile, readPreviousLines } from './output-file.js';
import type { LineSink } from './output-file.js';
import { runPool } from './pool.js';
import type { BatchScanSettings } from './scan-one.js';
import type { BatchTask, TaskResult } from './scan-task.js';
import { inShard } from './shard.js';
import type { Shard } from './shard.js';
import { BatchSummary } from './summary.js';
import type { SummaryTiming } from './summary.js';
import { isRemoteTarget } from './targets.js';

export interface BatchOptions {
  settings: BatchScanSettings;
  jobs: number;
  /** NDJSON file; when absent lines go to `stdout`. */
  output?: string;
  stdout?: LineSink;
  cacheDir?: string;
  resume?: boolean;
  shard?: Shard;
  timeoutMs?: number;
  /** `--queue redis://…`: run the tasks on a BullMQ queue (src/queue/producer.ts) instead of local threads. */
  queueUrl?: string;
  gates?: LineGates;
  /** Tests only: the worker module (one that hangs or crashes); never reachable from the command line. */
  workerFile?: URL;
  /** Tests only: the scan threads' heap limits (src/batch/heap-tiers.ts). */
  heap?: HeapTiers;
  /** Remote targets may resolve to loopback/private addresses (CONTRACT §10); never in queue mode. */
  allowPrivateNetwork?: boolean;
  /** Queue mode: what the queue client wants said once (e.g. no worker is connected). */
  onNotice?: (message: string) => void;
  /** Called after each line with how many of this run's targets are done, and of how many. */
  onProgress?: (done: number, total: number) => void;
}

export interface BatchResult {
  summary: BatchSummary;
  timing: SummaryTiming;
  /** Targets this run scanned (after shard and resume). */
  selected: number;
}

/** Whether `path` is `dir` itself or lies inside it (lexically). */
function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && resolve(rel) !== rel);
}

/** Nothing this command writes may land inside a scanned target (it would change what is scanned). */
export function assertOutsideTargets(path: string, what: string, targets: readonly string[]): void {
  const abs = resolve(path);
  for (const t of targets) {
    if (isRemoteTarget(t)) continue;
    if (isInside(resolve(t), abs)) throw new UsageError(`${what} ${JSON.stringify(path)} lies inside the target ${JSON.stringify(t)}; write it elsewhere`);
  }
}

function prepareCacheDir(dir: string): string {
  const abs = resolve(dir);
  try {
    mkdirSync(abs, { recursive: true });
    const st = lstatSync(abs);
    if (!st.isDirectory()) throw new UsageError(`--cache ${JSON.stringify(dir)} is not a directory`);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`cannot use --cache ${JSON.stringify(dir)}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  return abs;
}

/**
 * Queue mode: cache hits are answered here, the rest go to the queue; finished lines are stored in the
 * cache. The queue client (src/queue/producer.ts, BullMQ) loads only when `--queue` is given.
 */
async function* viaQueue(targets: readonly string[], options: BatchOptions, cacheDir: string | undefined): AsyncGenerator<TaskResult> {
  const keys = new Map<string, string>();
  const misses: string[] = [];
  for (const target of targets) {
    const key = cacheDir !== undefined && !isRemoteTarget(target) ? cacheKey(target, options.settings) : null;
    const hit = key !== null && cacheDir !== undefined ? readCached(cacheDir, key, target) : null;
    if (hit) yield { line: { ...hit, duration_ms: 0 } };
    else {
      if (key !== null) keys.set(target, key);
      misses.push(target);
    }
  }
  if (misses.length === 0) return;
  const { runQueuedBatch } = await import('../queue/producer.js');
  const queueUrl = options.queueUrl as string;
  const lines = runQueuedBatch(misses, {
    queueUrl, settings: options.settings,
    ...(options.timeoutMs !== undefined ? { timeoutPerSkillMs: options.timeoutMs } : {}),
    ...(options.onNotice ? { onNotice: options.onNotice } : {}),
  });
  for await (const line of lines) {
    const key = keys.get(line.target);
    yield key !== undefined ? { line, store: key } : { line };
  }
}

export async function runBatch(targets: readonly string[], options: BatchOptions): Promise<BatchResult> {
  const started = performance.now();
  if (options.allowPrivateNetwork === true && options.queueUrl !== undefined) throw new UsageError('--allow-private-network does not apply to --queue: queue workers fetch remote targets under their own policy');
  if (options.resume === true && options.output === undefined) throw new UsageError('--resume needs --output FILE (the NDJSON file of the run to resume)');
  if (options.output !== undefined) assertOutsideTargets(options.output, '--output', targets);
  if (options.cacheDir !== undefined) assertOutsideTargets(options.cacheDir, '--cache', targets);
  const cacheDir = options.cacheDir !== undefined ? prepareCacheDir(options.cacheDir) : undefined;
  const summary = new BatchSummary(options.gates);
  const done = new Set<string>();
  if (options.resume === true && options.output !== undefined) {
    await readPreviousLines(options.output, (line) => {
      if (done.has(line.target) || !inShard(line.target, options.shard)) return;
      done.add(line.target);
      summary.add(line, true);
    });
  }
  const selected = targets.filter((t) => inShard(t, options.shard) && !done.has(t));
  const sink = options.output !== undefined ? openOutputFile(options.output, options.resume === true) : options.stdout;
  if (!sink) throw new Error('runBatch needs an output file or a stdout sink');
  const cache = cacheDir !== undefined ? new CacheWriter(cacheDir) : undefined;
  let produced = 0;
  try {
    const lines = options.queueUrl !== undefined
      ? viaQueue(selected, options, cacheDir)
      : runPool(tasksOf(selected, options, cacheDir), {
        jobs: options.jobs,
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        ...(options.workerFile !== undefined ? { workerFile: options.workerFile } : {}),
        ...(options.heap !== undefined ? { heap: options.heap } : {}),
      });
    for await (const { line, store } of lines) {
      if (store !== undefined) await cache?.store(store, line);
      sink.write(`${JSON.stringify(line)}\n`);
      summary.add(line);
      options.onProgress?.(++produced, selected.length);
    }
  } finally {
    await cache?.flush();
    if (options.output !== undefined) sink.close();
  }
  return { summary, timing: { durationMs: performance.now() - started, produced }, selected: selected.length };
}

function* tasksOf(targets: readonly string[], options: BatchOptions, cacheDir: string | undefined): Generator<BatchTask> {
  const extra = { ...(cacheDir !== undefined ? { cacheDir } : {}), ...(options.allowPrivateNetwork === true ? { allowPrivateNetwork: true } : {}) };
  for (const target of targets) yield { target, settings: options.settings, ...extra };
}
