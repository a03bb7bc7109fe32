// One batch of files through the same per-file analysis the single-threaded loop runs (analyzeFile), with
// results as plain data. The worker entry calls it; the main thread calls it too when a worker fails.
import { releaseViews } from '../../analysis/views.js';
import type { Finding } from '../../analysis/finding.js';
import { languagesOf } from '../../behaviour/context.js';
import { loadParsers, parserReady } from '../../behaviour/parser.js';
import type { BundleView } from '../../model/bundle.js';
import { ruleById } from '../../rules/index.js';
import type { Rule } from '../../rules/types.js';
import { analyzeFile, beginAnalysis } from '../analyze.js';
import type { AnalysisDeadline } from '../analyze.js';
import type { AnalysisTask, AnalysisTaskResult, FileOutcome, WarmUpTask, WireBundle, WireFinding } from './protocol.js';
import { RecordingLedger } from './recording-ledger.js';

/** Epoch milliseconds, comparable across threads (each thread's `performance.now()` has its own origin). */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

/** What a worker thread is asked to do: warm up, or analyse a batch. */
export function workerEntry(task: AnalysisTask | WarmUpTask): Promise<AnalysisTaskResult | null> {
  return 'warmUp' in task ? warmUp(task).then(() => null) : runTask(task);
}

async function warmUp(task: WarmUpTask): Promise<void> {
  const rules = task.ruleIds.map(catalogueRule);
  beginAnalysis(rules, task.limits);
  await loadParsers(task.languages);
}

/**
 * `yieldBetweenFiles`: let the event loop turn before each file. The main thread sets it: it analyses
 * batches while its workers start, and a worker's start (loading tinypool, the worker's ready message,
 * handing it the warm-up, its answer) advances one step per turn of the main thread's loop. Yielding only
 * between batches left the worker idle for the first 10–15 s of a 30 s scan; between files it is at work
 * within about a second of start-up, and each yield costs microseconds.
 */
export async function runTask(task: AnalysisTask, yieldBetweenFiles = false): Promise<AnalysisTaskResult> {
  const rules = task.ruleIds.map(catalogueRule);
  if (task.parse) {
    const langs = languagesOf(task.files);
    await loadParsers(langs);
    // The main side loaded these grammars; a worker that cannot must not analyse without trees.
    for (const lang of langs) if (!parserReady(lang)) throw new Error(`grammar ${lang} did not load in the worker`);
  }
  const state = beginAnalysis(rules, { ...task.limits, behaviourScanTimeMs: task.behaviour.limitMs });
  state.behaviourBudget.spentMs = task.behaviour.spentMs;
  const deadline: AnalysisDeadline = {
    expired: () => epochNow() > task.deadlineAt,
    elapsedMs: () => task.limits.scanDeadlineMs - (task.deadlineAt - epochNow()),
  };
  const bundle = bundleOf(task.bundle);
  const outcomes: FileOutcome[] = [];
  try {
    for (const file of task.files) {
      if (yieldBetweenFiles) await new Promise(setImmediate);
      if (deadline.expired()) return { outcomes, expiredBefore: true };
      const ledger = new RecordingLedger();
      const failedRules = new Set<string>();
      const budget = state.behaviourBudget;
      const skippedBefore = budget.skipped.length;
      const spentBefore = budget.spentMs;
      const { findings, cut } = analyzeFile(rules, file, bundle, task.limits, ledger, deadline, { failedRules, behaviourBudget: budget }, task.parse);
      outcomes.push({
        findings: findings.map(toWire), ops: ledger.ops, cut, failedRules: [...failedRules],
        behaviourSkipped: budget.skipped.length > skippedBefore, behaviourMs: budget.spentMs - spentBefore,
      });
      if (cut) break;
    }
  } finally {
    releaseViews();
  }
  return { outcomes, expiredBefore: false };
}

function catalogueRule(id: string): Rule {
  const rule = ruleById(id);
  if (!rule) throw new Error(`rule ${id} is not in the shipped catalogue`);
  return rule;
}

function bundleOf(wire: WireBundle): BundleView {
  const { documentedHosts, ...rest } = wire;
  const hosts = documentedHosts ? new Set(documentedHosts) : undefined;
  return {
    ...rest,
    // Only behavioural rules (which need trees, so `parse`) read these; the main side sends them then.
    documentedHosts: () => {
      if (!hosts) throw new Error('documented hosts were not sent to this worker');
      return hosts;
    },
  };
}

function toWire(f: Finding): WireFinding {
  const { rule, ...rest } = f;
  return { ruleId: rule.id, ...rest };
}
