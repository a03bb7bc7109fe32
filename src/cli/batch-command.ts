// `skillspector batch <DIR | LIST_FILE>`: many skills on worker threads (or a queue), NDJSON lines as
// they finish, a summary on stderr and in `--summary FILE`, exit code as for `scan --recursive`.
import { availableParallelism } from 'node:os';
import { extname, resolve } from 'node:path';
import { runBatch, assertOutsideTargets } from '../batch/run-batch.js';
import type { BatchOptions } from '../batch/run-batch.js';
import { batchProgress } from '../batch/progress.js';
import { parseShard } from '../batch/shard.js';
import { summaryJson, summaryLine, summaryMarkdown } from '../batch/summary.js';
import { batchTargets } from '../batch/targets.js';
import { UsageError } from '../discovery/target.js';
import { writeSideFile } from '../shared/side-file.js';
import { SEVERITIES } from '../shared/types.js';
import type { Severity } from '../shared/types.js';

export interface BatchCliOptions {
  jobs?: string;
  output?: string;
  summary?: string;
  cache?: string;
  resume?: boolean;
  shard?: string;
  timeoutPerSkill?: string;
  exclude: string[];
  queue?: string;
  allowPrivateNetwork?: boolean;
  failOnIncomplete?: boolean;
  failOnFindings?: boolean;
  failOnSeverity?: string;
  quiet?: boolean;
}

function positiveInt(value: string, flag: string): number {
  if (!/^\d{1,6}$/.test(value.trim()) || Number(value) < 1) throw new UsageError(`${flag} expects a whole number of at least 1; got ${JSON.stringify(value)}`);
  return Number(value);
}

function seconds(value: string): number {
  const s = Number(value);
  if (value.trim() === '' || !Number.isFinite(s) || s <= 0) throw new UsageError(`--timeout-per-skill expects seconds greater than 0; got ${JSON.stringify(value)}`);
  return Math.round(s * 1000);
}

function severity(value: string | undefined): Severity | undefined {
  if (value === undefined) return undefined;
  const up = value.toUpperCase();
  if (!(SEVERITIES as readonly string[]).includes(up)) throw new UsageError(`--fail-on-severity expects one of ${SEVERITIES.join(', ')}; got ${JSON.stringify(value)}`);
  return up as Severity;
}

function summaryFormat(file: string): 'markdown' | 'json' {
  const ext = extname(file).toLowerCase();
  if (ext === '.md' || ext === '.markdown') return 'markdown';
  if (ext === '.json') return 'json';
  throw new UsageError(`--summary names a .md or .json file (the extension picks the format); got ${JSON.stringify(file)}`);
}

/** The command's options, checked before anything is scanned (a bad value exits 2 at once). */
function batchOptions(opts: BatchCliOptions): Omit<BatchOptions, 'stdout' | 'onProgress'> {
  const failOnSeverity = severity(opts.failOnSeverity);
  if (opts.queue !== undefined && !/^rediss?:\/\//i.test(opts.queue)) throw new UsageError(`--queue expects a redis:// or rediss:// URL; got ${JSON.stringify(opts.queue)}`);
  return {
    settings: opts.exclude.length > 0 ? { excludes: opts.exclude } : {},
    jobs: opts.jobs !== undefined ? positiveInt(opts.jobs, '--jobs') : availableParallelism(),
    ...(opts.output !== undefined ? { output: opts.output } : {}),
    ...(opts.cache !== undefined ? { cacheDir: opts.cache } : {}),
    ...(opts.resume === true ? { resume: true } : {}),
    ...(opts.shard !== undefined ? { shard: parseShard(opts.shard) } : {}),
    ...(opts.timeoutPerSkill !== undefined ? { timeoutMs: seconds(opts.timeoutPerSkill) } : {}),
    ...(opts.queue !== undefined ? { queueUrl: opts.queue } : {}),
    ...(opts.allowPrivateNetwork === true ? { allowPrivateNetwork: true } : {}),
    gates: {
      failOnIncomplete: opts.failOnIncomplete === true,
      failOnFindings: opts.failOnFindings === true,
      ...(failOnSeverity !== undefined ? { failOnSeverity } : {}),
    },
  };
}

export async function runBatchCommand(arg: string, opts: BatchCliOptions): Promise<0 | 1 | 2> {
  const options = batchOptions(opts);
  const format = opts.summary !== undefined ? summaryFormat(opts.summary) : undefined;
  const say = (line: string): void => {
    if (!opts.quiet) process.stderr.write(`skillspector: ${line}\n`);
  };
  const { targets, warnings, source } = batchTargets(arg);
  for (const w of warnings) say(`warning: ${w}`);
  if (targets.length === 0) {
    // Nothing to scan is a usage error: a CI job pointed at the wrong directory must not pass green.
    say(source === 'directory'
      ? `no skill found under ${JSON.stringify(arg)} (a skill is a directory holding SKILL.md or skill.md); nothing scanned`
      : `the list file ${JSON.stringify(arg)} names no target; nothing scanned`);
    return 2;
  }
  if (opts.summary !== undefined) assertOutsideTargets(opts.summary, '--summary', targets);
  if (source === 'list' && opts.output !== undefined && resolve(opts.output) === resolve(arg)) {
    throw new UsageError(`--output ${JSON.stringify(opts.output)} is the list file being read; write the results elsewhere`);
  }
  const progress = batchProgress(process.stderr, process.stderr.isTTY === true && !opts.quiet);
  const result = await runBatch(targets, {
    ...options,
    stdout: { write: (text) => process.stdout.write(text), close: () => undefined },
    onProgress: (done, total) => progress.tick(done, total),
    onNotice: (message) => say(message),
  });
  progress.done();
  if (!opts.quiet) process.stderr.write(summaryLine(result.summary, result.timing));
  if (opts.summary !== undefined && format !== undefined) {
    const body = format === 'json' ? summaryJson(result.summary, result.timing) : summaryMarkdown(result.summary, result.timing);
    writeSideFile(opts.summary, body, { what: 'summary', target: arg, allowInsideTarget: true });
  }
  return result.summary.exitCode;
}
