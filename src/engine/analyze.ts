// Runs every applicable rule; an analyzer failure becomes a ledger fact, never a crash.
import type { Finding } from '../analysis/finding.js';
import { registerKeywords } from '../analysis/keywords.js';
import { corroborateFlow } from '../analysis/calibration.js';
import { fileRole } from '../analysis/placement.js';
import { FileAnalyzer } from '../analysis/runner.js';
import { releaseViews } from '../analysis/views.js';
import type { Limits } from '../limits/index.js';
import type { Ledger } from '../ledger/index.js';
import type { Rule } from '../rules/types.js';
import type { BundleView, FileView } from '../model/bundle.js';

export interface AnalysisResult {
  findings: Finding[];
  rulesRun: number;
}

function applies(rule: Rule, file: FileView): boolean {
  if (rule.kind === 'bundle') return false;
  if (rule.meta.fileTypes && !rule.meta.fileTypes.includes(file.type)) return false;
  return !rule.appliesTo || rule.appliesTo(file);
}

function errorClass(err: unknown): string {
  return err instanceof Error ? err.name : typeof err;
}

export function analyzeFiles(
  rules: readonly Rule[],
  files: readonly FileView[],
  bundle: BundleView,
  limits: Limits,
  ledger: Ledger,
  expired: () => boolean,
  onProgress?: (done: number, total: number) => void,
): AnalysisResult {
  const findings: Finding[] = [];
  const failedRules = new Set<string>();
  let stoppedAt: string | undefined;
  let done = 0;
  // Every pattern keyword goes into the shared one-pass keyword automaton before the first file is read.
  for (const rule of rules) {
    if (rule.kind === 'pattern') for (const spec of rule.patterns) if (spec.keywords) registerKeywords(spec.keywords);
  }
  for (const file of files) {
    if (expired()) {
      stoppedAt = file.path;
      break;
    }
    const analyzer = new FileAnalyzer(file, limits);
    for (const rule of rules) {
      if (!applies(rule, file)) continue;
      try {
        if (rule.kind === 'pattern') analyzer.runPatternRule(rule);
        else if (rule.kind === 'custom') analyzer.runCustomRule(rule, { file, bundle, views: analyzer.views });
      } catch (err) {
        failedRules.add(rule.meta.id);
        ledger.exception({
          phase: 'analysis', reason: 'analyzer_runtime_error', path: file.path, analyzers: [rule.meta.id],
          message: `Rule ${rule.meta.id} failed unexpectedly (${errorClass(err)}); its result for this file is unknown.`,
        });
      }
    }
    analyzer.finish();
    for (const hit of analyzer.views.limitHits) {
      ledger.exception({
        phase: 'analysis', reason: 'output_limit', path: file.path, observed: hit.observed, limit: hit.limit, unit: 'records',
        message: `Matching stopped early: more than ${hit.limit} ${hit.what} in one file; the rest were not judged.`,
      });
    }
    if (analyzer.truncated) {
      ledger.exception({
        phase: 'analysis', reason: 'output_limit', path: file.path, observed: limits.maxFindingsPerFile + 1,
        limit: limits.maxFindingsPerFile, unit: 'records',
        message: `More than ${limits.maxFindingsPerFile} findings in one file; the rest were dropped.`,
      });
    }
    findings.push(...analyzer.findings);
    done += 1;
    onProgress?.(done, files.length);
  }
  if (stoppedAt !== undefined) recordDeadline(ledger, files, stoppedAt, limits);
  const roles = new Map(files.map((f) => [f.path, fileRole(f)]));
  corroborateFlow(findings, (path) => roles.get(path));
  findings.push(...runBundleRules(rules, files, bundle, limits, ledger, failedRules));
  releaseViews();
  recordStatuses(rules, files, ledger, failedRules);
  return { findings, rulesRun: rules.length };
}

function recordDeadline(ledger: Ledger, files: readonly FileView[], stoppedAt: string, limits: Limits): void {
  let skipping = false;
  for (const file of files) {
    if (file.path === stoppedAt) skipping = true;
    if (skipping) ledger.degrade(file.path, 'partial', 'runtime_limit');
  }
  ledger.exception({
    phase: 'analysis', reason: 'runtime_limit', path: stoppedAt, observed: limits.scanDeadlineMs / 1000,
    limit: limits.scanDeadlineMs / 1000, unit: 'seconds',
    message: 'The scan deadline passed during analysis; this and later files were not analyzed.',
  });
}

function runBundleRules(
  rules: readonly Rule[], files: readonly FileView[], bundle: BundleView, limits: Limits, ledger: Ledger, failed: Set<string>,
): Finding[] {
  const out: Finding[] = [];
  const byPath = new Map(files.map((f) => [f.path, f]));
  for (const rule of rules) {
    if (rule.kind !== 'bundle') continue;
    try {
      for (const hit of rule.check(bundle, files)) {
        const file = byPath.get(hit.file) ?? placeholderView(hit.file, bundle);
        const analyzer = new FileAnalyzer(file, limits);
        analyzer.add(rule.meta, hit, analyzer.rawView());
        out.push(...analyzer.findings);
      }
    } catch (err) {
      failed.add(rule.meta.id);
      ledger.exception({
        phase: 'analysis', reason: 'analyzer_runtime_error', path: bundle.manifestPath ?? '.', analyzers: [rule.meta.id],
        message: `Rule ${rule.meta.id} failed unexpectedly (${errorClass(err)}); its result is unknown.`,
      });
    }
  }
  return out;
}

/** Findings on binary or opaque artifacts (SC8, SC9) have no text view. */
function placeholderView(path: string, bundle: BundleView): FileView {
  const entry = bundle.inventory.find((e) => e.path === path);
  return {
    path, type: entry?.type ?? 'binary', text: '', executable: entry?.executable ?? false,
    hidden: entry?.hidden ?? false, localOnly: true, isManifest: false,
  };
}

function recordStatuses(rules: readonly Rule[], files: readonly FileView[], ledger: Ledger, failed: Set<string>): void {
  const applicable = rules.filter((r) => r.kind !== 'bundle');
  ledger.setAnalyzerStatus({
    analyzer_id: 'static_rules',
    status: failed.size > 0 ? 'failed' : files.length === 0 ? 'not_applicable' : 'completed',
    files: files.length,
    ...(failed.size > 0 ? { reason_code: 'analyzer_runtime_error', message: `Failed rules: ${[...failed].sort().join(', ')}` } : {}),
  });
  ledger.setAnalyzerStatus({ analyzer_id: 'bundle_rules', status: 'completed', files: applicable.length > 0 ? files.length : 0 });
}
