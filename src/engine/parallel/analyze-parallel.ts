// `analyzeFiles` on worker threads for a bundle large enough to pay for them (threshold.ts). The report is
// the single-threaded one: workers run the same per-file analysis, results merge back in file order
// (merge.ts), and the bundle-level stage (deadline row, cross-file calibration, bundle rules, statuses)
// runs once here as it does in the single-threaded path.
import { isMainThread } from 'node:worker_threads';
import { languagesOf } from '../../behaviour/context.js';
import type { ParseBudget } from '../../behaviour/parser.js';
import type { Ledger } from '../../ledger/index.js';
import type { Limits } from '../../limits/index.js';
import type { BundleView, FileView } from '../../model/bundle.js';
import { ruleById } from '../../rules/index.js';
import type { Rule, RuleMeta } from '../../rules/types.js';
import { analyzeFiles, beginAnalysis, finishAnalysis } from '../analyze.js';
import type { AnalysisDeadline, AnalysisResult } from '../analyze.js';
import { OrderedMerge } from './merge.js';
import type { Batch } from './merge.js';
import { createAnalysisPool, TASKS_PER_WORKER, workerHeapLimits } from './pool.js';
import type { AnalysisPool } from './pool.js';
import type { AnalysisTask, AnalysisTaskResult, WireBundle } from './protocol.js';
import { epochNow, runTask } from './run-task.js';
import { planParallel } from './threshold.js';
import type { ParallelPlan, ParallelSetting } from './threshold.js';
import { analysisWorker } from './worker-file.js';

export interface AnalysisInput {
  rules: readonly Rule[];
  files: readonly FileView[];
  bundle: BundleView;
  limits: Limits;
  ledger: Ledger;
  deadline: AnalysisDeadline;
  onProgress?: ((done: number, total: number) => void) | undefined;
  parse?: ParseBudget | undefined;
}

export interface ParallelContext {
  setting: ParallelSetting | undefined;
  /** The scan runs on an injected clock (tests): workers cannot share it, so analysis stays on one thread. */
  injectedClock: boolean;
}

/**
 * The plan for this scan, or null for the single-threaded path: too small a bundle, one thread, an
 * injected clock, automatic mode inside a worker thread, or a rule outside the shipped catalogue (a rule object cannot cross to a worker;
 * `--rules-dir` signatures are unaffected: the signature stage runs on the main thread either way).
 */
export function parallelPlanFor(input: AnalysisInput, context: ParallelContext): ParallelPlan | null {
  if (context.setting === false || context.injectedClock) return null;
  // A scan already on a worker thread (`batch`, the queue) shares the cores with its siblings: automatic
  // mode does not start threads of its own there.
  if (context.setting === undefined && !isMainThread) return null;
  if (!input.rules.every((r) => ruleById(r.meta.id) === r)) return null;
  return planParallel(input.files, context.setting);
}

export async function analyzeFilesAsync(input: AnalysisInput, context: ParallelContext): Promise<AnalysisResult> {
  const plan = parallelPlanFor(input, context);
  if (!plan) return analyzeFiles(input.rules, input.files, input.bundle, input.limits, input.ledger, input.deadline, input.onProgress, input.parse);
  const largest = input.files.reduce((n, f) => Math.max(n, f.text.length), 0);
  const pool = createAnalysisPool(workersOf(plan), analysisWorker(plan.workerFile), workerHeapLimits(largest));
  try {
    return await analyzeOnPool(input, plan, pool);
  } finally {
    await pool.destroy();
  }
}

export async function analyzeOnPool(input: AnalysisInput, plan: ParallelPlan, pool: AnalysisPool): Promise<AnalysisResult> {
  const { rules, files, bundle, limits, ledger, deadline } = input;
  // The behavioural parse budget bounds the scan's time; threads spend it side by side, so they share N times
  // it (else a parallel scan would parse fewer code files than one thread in the same time).
  const state = beginAnalysis(rules, { ...limits, behaviourScanTimeMs: limits.behaviourScanTimeMs * plan.threads });
  const metas = new Map<string, RuleMeta>(rules.map((r) => [r.meta.id, r.meta]));
  const merge = new OrderedMerge(files, plan.batches, metas, state, ledger, input.onProgress);
  const base = baseTask(input, state.behaviourBudget.limitMs);
  let next = 0;
  let halted = false;
  let spentMs = 0;
  let settle!: { resolve: () => void; reject: (err: unknown) => void };
  const completed = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  const take = (): number | undefined => (halted || next >= plan.batches.length ? undefined : next++);
  /** Batches handed to a worker and not yet accepted; the main thread may re-run them (`onMain`). */
  const onWorkers = new Set<number>();
  const rerun = new Set<number>();
  const accepted = new Set<number>();
  const accept = (index: number, result: AnalysisTaskResult): void => {
    // The same batch analysed twice (a worker's and the main thread's run): the first result counts.
    if (accepted.has(index)) return;
    accepted.add(index);
    onWorkers.delete(index);
    for (const o of result.outcomes) spentMs += o.behaviourMs;
    // The deadline stopped this batch: later batches would not have run in one thread either.
    if (OrderedMerge.stops(result)) halted = true;
    merge.add(index, result);
    if (merge.complete) settle.resolve();
  };
  const taskOf = (i: number): AnalysisTask => {
    const b = plan.batches[i] as Batch;
    return { ...base, files: files.slice(b.start, b.end), behaviour: { limitMs: base.behaviour.limitMs, spentMs } };
  };
  // A worker takes batches only once warm; until then (and for a small bundle, throughout) the main thread
  // takes them, so a worker's start-up never delays the scan.
  const onWorker = async (): Promise<void> => {
    let warm = true;
    try {
      await pool.warmUp({ warmUp: true, ruleIds: base.ruleIds, limits, languages: input.parse ? [...languagesOf(files)] : [] });
    } catch {
      // A worker that cannot start: this runner's batches are analysed on the main thread instead.
      warm = false;
    }
    for (let i = take(); i !== undefined; i = take()) {
      if (warm) onWorkers.add(i);
      accept(i, await (warm ? runBatch(pool, taskOf(i)) : runHere(taskOf(i))));
    }
  };
  const earliestOnWorkers = (): number | undefined => {
    let min: number | undefined;
    for (const i of onWorkers) if (!rerun.has(i) && (min === undefined || i < min)) min = i;
    return min;
  };
  const onMain = async (): Promise<void> => {
    for (let i = take(); i !== undefined; i = take()) {
      accept(i, await runHere(taskOf(i)));
    }
    // Nothing left to take: rather than wait for a worker's batch (a cold worker is several times slower),
    // the main thread runs the earliest one itself; whichever run finishes first is accepted.
    for (let i = earliestOnWorkers(); i !== undefined && !merge.complete; i = earliestOnWorkers()) {
      rerun.add(i);
      accept(i, await runHere(taskOf(i)));
    }
  };
  // Two runners per worker, so a worker has its next batch queued (pool.ts, TASKS_PER_WORKER).
  for (let k = 0; k < workersOf(plan) * TASKS_PER_WORKER; k += 1) onWorker().catch(settle.reject);
  if (plan.mainThread) onMain().catch(settle.reject);
  await completed;
  return finishAnalysis(rules, files, bundle, limits, ledger, deadline, state, merge.stoppedAt);
}

/**
 * The main thread analyses batches too (unless told not to): it is warm while a worker still starts, so
 * `threads` is the main thread plus threads - 1 workers.
 */
function workersOf(plan: ParallelPlan): number {
  return plan.mainThread ? plan.threads - 1 : plan.threads;
}

/** A batch analysed on the scan's own thread, yielding before each file so starting workers are not kept waiting (run-task.ts). */
function runHere(task: AnalysisTask): Promise<AnalysisTaskResult> {
  return runTask(task, true);
}

/** A worker that fails (crash, out of memory, a grammar it cannot load) costs speed, never results. */
async function runBatch(pool: AnalysisPool, task: AnalysisTask): Promise<AnalysisTaskResult> {
  try {
    return await pool.run(task);
  } catch {
    return runHere(task);
  }
}

type BaseTask = Omit<AnalysisTask, 'files' | 'behaviour'> & { behaviour: { limitMs: number } };

function baseTask(input: AnalysisInput, behaviourLimitMs: number): BaseTask {
  const { rules, bundle, limits, deadline, parse } = input;
  const { documentedHosts, ...plain } = bundle;
  const wire: WireBundle = { ...plain };
  // Behavioural rules (the only readers) run only with trees; computed once here, not once per worker.
  if (parse && documentedHosts) wire.documentedHosts = [...documentedHosts()];
  return {
    ruleIds: rules.map((r) => r.meta.id), bundle: wire, limits,
    deadlineAt: epochNow() + (limits.scanDeadlineMs - deadline.elapsedMs()),
    ...(parse ? { parse } : {}),
    behaviour: { limitMs: behaviourLimitMs },
  };
}
