// Runs one rule (or the whole catalogue) on an in-memory file, the same way the engine does.
import type { Finding } from '../../src/analysis/finding.js';
import { FileAnalyzer } from '../../src/analysis/runner.js';
import { typeFromPath } from '../../src/discovery/classify.js';
import { defaultLimits } from '../../src/limits/index.js';
import { RULES } from '../../src/rules/index.js';
import type { Rule } from '../../src/rules/types.js';
import type { BundleView, FileView } from '../../src/model/bundle.js';

export interface HarnessFile {
  path?: string;
  text: string;
  executable?: boolean;
  isManifest?: boolean;
}

export function fileView(f: HarnessFile): FileView {
  const path = f.path ?? 'notes.md';
  return {
    path,
    type: typeFromPath(path),
    text: f.text,
    executable: f.executable ?? false,
    hidden: path.split('/').some((s) => s.startsWith('.')),
    localOnly: false,
    isManifest: f.isManifest ?? (path === 'SKILL.md' || path === 'skill.md'),
  };
}

export function runRule(rule: Rule, f: HarnessFile, bundle?: Partial<BundleView>): Finding[] {
  const file = fileView(f);
  const analyzer = new FileAnalyzer(file, defaultLimits());
  const view: BundleView = {
    paths: bundle?.paths ?? [file.path],
    manifest: bundle?.manifest ?? null,
    manifestPath: bundle?.manifestPath ?? (file.isManifest ? file.path : null),
    bytecode: bundle?.bytecode ?? [],
    inventory: bundle?.inventory ?? [],
  };
  if (rule.kind === 'pattern') {
    if (!rule.appliesTo || rule.appliesTo(file)) analyzer.runPatternRule(rule);
  } else if (rule.kind === 'custom') {
    if (!rule.appliesTo || rule.appliesTo(file)) analyzer.runCustomRule(rule, { file, bundle: view });
  } else {
    throw new Error(`${rule.kind} rules are not run per file (bundle rules: runBundleRule; signature rules: the signature stage)`);
  }
  return analyzer.findings;
}

export function ruleIdsFor(f: HarnessFile): string[] {
  const ids = new Set<string>();
  for (const rule of RULES) {
    if (rule.kind === 'bundle' || rule.kind === 'signature') continue;
    for (const finding of runRule(rule, f)) ids.add(finding.rule.id);
  }
  return [...ids].sort();
}

/** Findings at or above HIGH, the ones a false positive would hurt most. */
export function highFindings(findings: Finding[]): Finding[] {
  return findings.filter((x) => x.severity === 'HIGH' || x.severity === 'CRITICAL');
}

/** Runs a bundle-level rule over in-memory files. */
export function runBundleRule(rule: Rule, files: HarnessFile[], bundle?: Partial<BundleView>): Finding[] {
  if (rule.kind !== 'bundle') throw new Error('not a bundle rule');
  const views = files.map(fileView);
  const manifestFile = views.find((v) => v.isManifest);
  const view: BundleView = {
    paths: bundle?.paths ?? views.map((v) => v.path),
    manifest: bundle?.manifest ?? null,
    manifestPath: bundle?.manifestPath ?? manifestFile?.path ?? null,
    bytecode: bundle?.bytecode ?? [],
    inventory: bundle?.inventory ?? [],
  };
  const limits = defaultLimits();
  const out: Finding[] = [];
  for (const hit of rule.check(view, views)) {
    const target = views.find((v) => v.path === hit.file) ?? fileView({ path: hit.file, text: '' });
    const analyzer = new FileAnalyzer(target, limits);
    analyzer.add(rule.meta, hit, analyzer.rawView());
    out.push(...analyzer.findings);
  }
  return out;
}
