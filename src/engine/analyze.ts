// Runs every applicable rule; an analyzer failure becomes a ledger fact, never a crash.
import type { Finding } from '../analysis/finding.js';
import { registerKeywords } from '../analysis/keywords.js';
import { corroborateFlow } from '../analysis/calibration.js';
import { fileRole } from '../analysis/placement.js';
import { activateLog } from '../analysis/kernel.js';
import type { LimitLog } from '../analysis/kernel.js';
import { FileAnalyzer } from '../analysis/runner.js';
import { placeholderView } from './placeholder-view.js';
import { releaseViews } from '../analysis/views.js';
import { BehaviourBudget, FileTree } from '../behaviour/context.js';
import type { ParseBudget } from '../behaviour/parser.js';
import type { Limits } from '../limits/index.js';
import type { Ledger } from '../ledger/index.js';
import type { Rule, RuleContext } from '../rules/types.js';
import type { BundleView, FileView } from '../model/bundle.js';

export interface AnalysisResult {
  findings: Finding[];
  rulesRun: number;
}

function applies(rule: Rule, file: FileView): boolean {
  // Bundle rules run once after the files; signature and LLM rules run in their own stages.
  if (rule.kind === 'bundle' || rule.kind === 'signature' || rule.kind === 'llm') return false;
  if (rule.meta.fileTypes && !rule.meta.fileTypes.includes(file.type)) return false;
  return !rule.appliesTo || rule.appliesTo(file);
}

function errorClass(err: unknown): string {
  return err instanceof Error ? err.name : typeof err;
}

/** The scan deadline as analysis sees it: whether it passed, and the real time spent so far. */
export interface AnalysisDeadline {
  expired: () => boolean;
  elapsedMs: () => number;
}

export function analyzeFiles(
  rules: readonly Rule[],
  files: readonly FileView[],
  bundle: BundleView,
  limits: Limits,
  ledger: Ledger,
  deadline: AnalysisDeadline,
  onProgress?: (done: number, total: number) => void,
  /** Set when the scan's grammars were loaded (`scanAsync`): rules may then ask for a tree via `ctx.tree`. */
  parse?: ParseBudget,
): AnalysisResult {
  const state = beginAnalysis(rules, limits);
  let stoppedAt: string | undefined;
  let done = 0;
  for (const file of files) {
    if (deadline.expired()) {
      stoppedAt = file.path;
      break;
    }
    const { findings, cut } = analyzeFile(rules, file, bundle, limits, ledger, deadline, state, parse);
    for (const f of findings) state.findings.push(f);
    done += 1;
    onProgress?.(done, files.length);
    if (cut) {
      stoppedAt = file.path;
      break;
    }
  }
  return finishAnalysis(rules, files, bundle, limits, ledger, deadline, state, stoppedAt);
}

/** What the per-file loop accumulates across files: findings, rules that failed, the shared parse budget. */
export interface AnalysisState {
  findings: Finding[];
  failedRules: Set<string>;
  behaviourBudget: BehaviourBudget;
}

/** Before the first file: every pattern keyword goes into the shared one-pass keyword automaton. */
export function beginAnalysis(rules: readonly Rule[], limits: Limits): AnalysisState {
  for (const rule of rules) {
    if (rule.kind === 'pattern') for (const spec of rule.patterns) if (spec.keywords) registerKeywords(spec.keywords);
  }
  return { findings: [], failedRules: new Set(), behaviourBudget: new BehaviourBudget(limits.behaviourScanTimeMs) };
}

/**
 * One file through every applicable rule, calibration and its limit rows. `cut`: the deadline passed while
 * it ran, so it was cut short and no later file may be analysed. The parallel path (src/engine/parallel/)
 * runs this same function in worker threads.
 */
export function analyzeFile(
  rules: readonly Rule[],
  file: FileView,
  bundle: BundleView,
  limits: Limits,
  ledger: Ledger,
  deadline: AnalysisDeadline,
  state: Pick<AnalysisState, 'failedRules' | 'behaviourBudget'>,
  parse?: ParseBudget,
): { findings: Finding[]; cut: boolean } {
  const analyzer = new FileAnalyzer(file, limits, deadline.expired);
  // Parsed at most once, and only if some rule asks; deleted once this file's rules are done.
  const tree = parse ? new FileTree(file, parse, ledger, () => limits.scanDeadlineMs - deadline.elapsedMs(), state.behaviourBudget) : undefined;
  const ctx: RuleContext = { file, bundle, views: analyzer.views, ...(tree ? { tree: tree.get } : {}) };
  let cut = false;
  for (const rule of rules) {
    // Checked between rules, and inside matching (src/analysis/kernel.ts): one huge file cannot run on.
    if (deadline.expired()) {
      cut = true;
      break;
    }
    try {
      if (!applies(rule, file)) continue;
      if (rule.kind === 'pattern') analyzer.runPatternRule(rule);
      else if (rule.kind === 'custom') analyzer.runCustomRule(rule, ctx);
    } catch (err) {
      // Recorded for this rule and this file only; every other rule and file is still analysed.
      state.failedRules.add(rule.meta.id);
      ledger.exception({
        phase: 'analysis', reason: 'analyzer_runtime_error', path: file.path, analyzers: [rule.meta.id],
        message: `Rule ${rule.meta.id} failed unexpectedly (${errorClass(err)}); its result for this file is unknown.`,
      });
    }
  }
  tree?.release();
  // A rule that was running when the deadline passed may have stopped early: this file is cut short too.
  cut ||= deadline.expired();
  try {
    analyzer.finish();
  } catch (err) {
    ledger.exception({
      phase: 'analysis', reason: 'analyzer_runtime_error', path: file.path, analyzers: ['calibration'],
      message: `Finding calibration failed unexpectedly (${errorClass(err)}); severities for this file may be unadjusted.`,
    });
  }
  recordLimitHits(ledger, file.path, analyzer, limits);
  return { findings: analyzer.findings, cut };
}

/** After the last file: the deadline row, cross-file calibration, bundle rules and analyzer statuses. */
export function finishAnalysis(
  rules: readonly Rule[],
  files: readonly FileView[],
  bundle: BundleView,
  limits: Limits,
  ledger: Ledger,
  deadline: AnalysisDeadline,
  state: AnalysisState,
  stoppedAt: string | undefined,
): AnalysisResult {
  const { findings, failedRules, behaviourBudget } = state;
  if (stoppedAt !== undefined) recordDeadline(ledger, files, stoppedAt, limits, deadline.elapsedMs());
  behaviourBudget.record(ledger);
  const roles = new Map(files.map((f) => [f.path, fileRole(f)]));
  corroborateFlow(findings, (path) => roles.get(path));
  for (const f of runBundleRules(rules, files, bundle, limits, ledger, failedRules)) findings.push(f);
  releaseViews();
  recordStatuses(rules, files, ledger, failedRules);
  return { findings, rulesRun: rules.filter((r) => r.kind !== 'llm').length };
}

function recordLimitHits(ledger: Ledger, path: string, analyzer: FileAnalyzer, limits: Limits): void {
  for (const hit of analyzer.views.limitHits) {
    ledger.exception({
      phase: 'analysis', reason: 'output_limit', path, observed: hit.observed, limit: hit.limit, unit: 'records',
      message: hit.message ?? `Matching stopped early: more than ${hit.limit} ${hit.what} in one file; the rest were not judged.`,
    });
  }
  if (analyzer.truncated) {
    ledger.exception({
      phase: 'analysis', reason: 'output_limit', path, observed: limits.maxFindingsPerFile + 1,
      limit: limits.maxFindingsPerFile, unit: 'records',
      message: `More than ${limits.maxFindingsPerFile} findings in one file; the rest were dropped.`,
    });
  }
}

/** `stoppedAt` and every later file are partial; the row carries the real time spent, not the limit. */
function recordDeadline(ledger: Ledger, files: readonly FileView[], stoppedAt: string, limits: Limits, elapsedMs: number): void {
  let skipping = false;
  for (const file of files) {
    if (file.path === stoppedAt) skipping = true;
    if (skipping) ledger.degrade(file.path, 'partial', 'runtime_limit');
  }
  ledger.exception({
    phase: 'analysis', reason: 'runtime_limit', path: stoppedAt, observed: Math.round(elapsedMs) / 1000,
    limit: limits.scanDeadlineMs / 1000, unit: 'seconds',
    message: 'The scan deadline passed during analysis; this file was cut short and later files were not analyzed.',
  });
}

function runBundleRules(
  rules: readonly Rule[], files: readonly FileView[], bundle: BundleView, limits: Limits, ledger: Ledger, failed: Set<string>,
): Finding[] {
  const out: Finding[] = [];
  const byPath = new Map(files.map((f) => [f.path, f]));
  const where = bundle.manifestPath ?? '.';
  // Caps a bundle rule's helpers reach are noted here (they have no file views) and recorded on the manifest.
  const log: LimitLog = { limits, limitHits: [] };
  for (const rule of rules) {
    if (rule.kind !== 'bundle') continue;
    try {
      activateLog(log);
      const hits = rule.check(bundle, files);
      for (const hit of hits) {
        // Findings on binary or opaque artifacts (SC8, SC9) have no text view.
        const file = byPath.get(hit.file) ?? placeholderView(hit.file, bundle.inventory.find((e) => e.path === hit.file));
        const analyzer = new FileAnalyzer(file, limits);
        analyzer.add(rule.meta, hit, analyzer.rawView());
        for (const f of analyzer.findings) out.push(f);
      }
    } catch (err) {
      failed.add(rule.meta.id);
      ledger.exception({
        phase: 'analysis', reason: 'analyzer_runtime_error', path: where, analyzers: [rule.meta.id],
        message: `Rule ${rule.meta.id} failed unexpectedly (${errorClass(err)}); its result is unknown.`,
      });
    }
  }
  activateLog(undefined);
  for (const hit of log.limitHits) {
    ledger.exception({
      phase: 'analysis', reason: 'output_limit', path: where, observed: hit.observed, limit: hit.limit, unit: 'records',
      message: hit.message ?? `A bundle rule stopped early: more than ${hit.limit} ${hit.what}; the rest were not judged.`,
    });
  }
  return out;
}

function recordStatuses(rules: readonly Rule[], files: readonly FileView[], ledger: Ledger, failed: Set<string>): void {
  const applicable = rules.filter((r) => r.kind !== 'bundle' && r.kind !== 'signature' && r.kind !== 'llm');
  ledger.setAnalyzerStatus({
    analyzer_id: 'static_rules',
    status: failed.size > 0 ? 'failed' : files.length === 0 ? 'not_applicable' : 'completed',
    files: files.length,
    ...(failed.size > 0 ? { reason_code: 'analyzer_runtime_error', message: `Failed rules: ${[...failed].sort().join(', ')}` } : {}),
  });
  ledger.setAnalyzerStatus({ analyzer_id: 'bundle_rules', status: 'completed', files: applicable.length > 0 ? files.length : 0 });
}
