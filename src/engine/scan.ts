// The one engine entry point: options in, ScanReport out. The CLI and the MCP server are adapters.
import { concealmentOf } from '../container/concealment.js';
import { parseManifest } from '../discovery/manifest.js';
import type { Manifest } from '../discovery/manifest.js';
import { resolveTarget } from '../discovery/target.js';
import { Budget, defaultLimits } from '../limits/index.js';
import type { Clock, Limits } from '../limits/index.js';
import { deriveCompleteness, Ledger } from '../ledger/index.js';
import { buildIssues } from '../report/issues.js';
import { SCHEMA_VERSION } from '../report/types.js';
import type { ComponentRow, InventoryReportRow, ScanReport } from '../report/types.js';
import { RULES } from '../rules/index.js';
import type { BundleView, InventoryEntry, Rule } from '../rules/types.js';
import { PathMatcher } from '../shared/glob.js';
import { VERSION } from '../shared/version.js';
import { assess } from '../scoring/score.js';
import { analyzeFiles } from './analyze.js';
import { collectBundle } from './bundle.js';
import { archiveFields, classify, findManifestPath, opaqueComponent } from './components.js';
import type { Classified } from './components.js';

export interface ScanOptions {
  target: string;
  excludes?: readonly string[];
  /** Bundle-relative path of the selected baseline file, left out of analysis. */
  baselinePath?: string;
  limits?: Partial<Limits>;
  clock?: Clock;
  now?: () => Date;
  rules?: readonly Rule[];
}

export function scan(options: ScanOptions): ScanReport {
  const limits: Limits = { ...defaultLimits(), ...options.limits };
  const budget = new Budget(limits, options.clock);
  const started = performance.now();
  const scannedAt = (options.now ?? (() => new Date()))().toISOString();
  const target = resolveTarget(options.target);
  const ledger = new Ledger();
  const excludes = new PathMatcher(options.excludes ?? []);
  const bundle = collectBundle(target, budget, ledger, {
    excludes,
    ...(options.baselinePath !== undefined ? { baselinePath: options.baselinePath } : {}),
  });
  const manifestPath = findManifestPath(bundle.artifacts);
  const classified = bundle.artifacts.map((a) => classify(a, ledger.getInventory(a.path) ?? fallbackRow(a), manifestPath));
  const manifest = readManifest(classified, manifestPath, limits, ledger);
  const inventoryEntries = buildInventoryEntries(classified, ledger);
  const view: BundleView = { paths: inventoryEntries.map((e) => e.path), manifest, manifestPath, bytecode: bundle.bytecode, inventory: inventoryEntries };
  const files = classified.flatMap((c) => (c.view ? [c.view] : []));
  const rules = options.rules ?? RULES;
  const analysis = analyzeFiles(rules, files, view, limits, ledger, () => budget.scanExpired());
  const completeness = deriveCompleteness(ledger);
  const components = buildComponents(classified, ledger);
  const executable = new Map(components.map((c) => [c.path, c.executable]));
  const risk = assess(
    analysis.findings.map((f) => ({ ruleId: f.rule.id, severity: f.severity, confidence: f.confidence, executable: executable.get(f.file) ?? false })),
    { isComplete: completeness.is_complete, executionSuccessful: completeness.execution_successful, entirelyUninspected: completeness.entirely_uninspected_files, llmDegraded: false },
  );
  return {
    schema_version: SCHEMA_VERSION,
    tool: { name: 'skillspector', version: VERSION },
    skill: { name: manifest?.name ?? target.name, source: options.target, scanned_at: scannedAt },
    risk_assessment: risk,
    components,
    inventory: ledger.inventory().map(toInventoryRow),
    issues: buildIssues(analysis.findings),
    suppressed_count: 0,
    suppressed: [],
    metadata: {
      scan_mode: 'static-only', llm_requested: false, llm_used: false,
      duration_ms: Math.round(performance.now() - started), has_executable_scripts: components.some((c) => c.executable),
      target_kind: bundle.kind, rules_run: analysis.rulesRun,
    },
    execution_successful: completeness.execution_successful,
    analysis_completeness: completeness,
  };
}

function fallbackRow(a: { path: string; size: number; hidden: boolean }): Classified['row'] {
  return { path: a.path, content_kind: 'opaque', disposition: 'partial', size_bytes: a.size, reason: 'opaque_content', hidden: a.hidden, local_only: true };
}

function readManifest(classified: readonly Classified[], manifestPath: string | null, limits: Limits, ledger: Ledger): Manifest | null {
  const entry = classified.find((c) => c.artifact.path === manifestPath);
  if (!entry?.view) return null;
  const parsed = parseManifest(entry.view.text, limits);
  if (parsed.ok) return parsed.manifest;
  ledger.exception({ phase: 'manifest', reason: parsed.reason, path: entry.artifact.path, message: parsed.message });
  ledger.degrade(entry.artifact.path, 'partial', parsed.reason);
  return null;
}

function buildInventoryEntries(classified: readonly Classified[], ledger: Ledger): InventoryEntry[] {
  const byPath = new Map(classified.map((c) => [c.artifact.path, c]));
  const regularFiles = new Set(classified.filter((c) => c.artifact.origin === 'disk').map((c) => c.artifact.path));
  return ledger.inventory().map((row) => {
    const c = byPath.get(row.path);
    const entry: InventoryEntry = {
      path: row.path, disposition: row.disposition, contentKind: row.content_kind,
      type: c?.component.type ?? 'binary', executable: c?.component.executable ?? false, size: row.size_bytes, hidden: row.hidden,
    };
    if (row.provenance) entry.provenance = row.provenance;
    if (row.disposition !== 'out_of_scope') {
      const concealment = concealmentOf(
        { row, bytes: c?.artifact.bytes, mode: c?.artifact.mode ?? 0, origin: c?.artifact.origin ?? 'member' },
        regularFiles,
      );
      if (concealment) entry.concealment = concealment;
    }
    return entry;
  });
}

function buildComponents(classified: readonly Classified[], ledger: Ledger): ComponentRow[] {
  const rows = new Map(classified.map((c) => [c.artifact.path, c.component]));
  for (const row of ledger.inventory()) {
    if (!rows.has(row.path) && row.disposition !== 'out_of_scope' && row.provenance) rows.set(row.path, opaqueComponent(row));
  }
  return [...rows.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function toInventoryRow(row: ReturnType<Ledger['inventory']>[number]): InventoryReportRow {
  const out: InventoryReportRow = {
    path: row.path, content_kind: row.content_kind, disposition: row.disposition, size_bytes: row.size_bytes,
    hidden: row.hidden, local_only: row.local_only, ...archiveFields(row),
  };
  if (row.reason !== undefined && row.disposition !== 'analyzed') out.reason = row.reason;
  return out;
}
