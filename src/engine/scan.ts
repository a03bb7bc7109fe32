// The one engine entry point: options in, ScanReport out. The CLI and the MCP server are adapters.
import type { Finding } from '../analysis/finding.js';
import { applySuppressions, contentDigest, fingerprinter, hasInlineDirective, LineStore, suppressedIssues, suppressionMetadata } from '../baseline/index.js';
import type { Baseline } from '../baseline/index.js';
import { applyRulePolicy, configurationMetadata } from '../config/policy.js';
import type { ScanPolicy } from '../config/policy.js';
import { concealmentOf } from '../container/concealment.js';
import { parseManifest } from '../discovery/manifest.js';
import type { Manifest } from '../discovery/manifest.js';
import { resolveTarget } from '../discovery/target.js';
import { Budget, defaultLimits } from '../limits/index.js';
import type { Clock, Limits } from '../limits/index.js';
import { deriveCompleteness, Ledger } from '../ledger/index.js';
import { buildIssues, ruleDescriptors } from '../report/issues.js';
import { SCHEMA_VERSION } from '../report/types.js';
import type { ComponentRow, InventoryReportRow, ScanReport } from '../report/types.js';
import { RULES } from '../rules/index.js';
import { SNAPSHOT_DATE } from '../rules/supply-chain/data/advisories.js';
import type { OnlineAdvisory } from '../advisories/osv.js';
import type { Rule } from '../rules/types.js';
import type { BundleView, FileView, InventoryEntry } from '../model/bundle.js';
import { PathMatcher } from '../shared/glob.js';
import { VERSION } from '../shared/version.js';
import { assess } from '../scoring/score.js';
import { assignRoles } from '../analysis/placement.js';
import { analyzeFiles } from './analyze.js';
import type { AnalysisResult } from './analyze.js';
import { analyzeFilesAsync } from './parallel/analyze-parallel.js';
import type { AnalysisInput } from './parallel/analyze-parallel.js';
import type { ParallelSetting } from './parallel/threshold.js';
import { languagesOf, parseBudgetOf } from '../behaviour/context.js';
import { documentedHosts } from '../behaviour/documented.js';
import { loadParsers, parserReady } from '../behaviour/parser.js';
import type { CodeLanguage } from '../behaviour/parser.js';
import { collectBundle } from './bundle.js';
import { ArtifactBytes } from './contents.js';
import { recordRemoteFacts } from './remote-facts.js';
import type { RemoteSource } from '../model/remote-source.js';
import { archiveFields, classify, findManifestPath, opaqueComponent } from './components.js';
import type { Classified } from './components.js';
import { runSignatureStage } from './signatures.js';
import { failedLlmStage, runLlmStage } from './llm-stage.js';
import type { LlmScanSettings, LlmStageResult } from './llm-stage.js';
import type { SignatureSet } from '../signatures/index.js';

export interface ScanOptions {
  target: string;
  excludes?: readonly string[];
  /** Bundle-relative path of the selected baseline file, left out of analysis. */
  baselinePath?: string;
  /** Bundle-relative paths of the reports this scan writes (`-o`, `--report`), left out of analysis (`scanner_report`). */
  reportPaths?: readonly string[];
  limits?: Partial<Limits>;
  clock?: Clock;
  now?: () => Date;
  rules?: readonly Rule[];
  baseline?: Baseline;
  /** The user's configuration: disabled rules, severity overrides, trusted inline directives (src/config/). */
  policy?: ScanPolicy;
  /** Called after each analysed file; the CLI draws a progress line from it. */
  onProgress?: (done: number, total: number) => void;
  /** Advisories prefetched from OSV.dev (`scan --online`, src/engine/online.ts); SC4 consults them besides the snapshot. */
  onlineAdvisories?: readonly OnlineAdvisory[];
  /** Why that live lookup failed or was cut short; any entry makes the analysis incomplete. */
  osvErrors?: readonly string[];
  /** The user's compiled signature set (`scan --rules-dir`), reported as YR-CUSTOM; the adapter loads and compiles it. */
  customSignatures?: SignatureSet;
  /** Run the LLM stage (CONTRACT §7) with this provider and these budgets; only `scanAsync` does. Absent: static only. */
  llm?: LlmScanSettings;
  /**
   * File analysis on worker threads (src/engine/parallel/): absent = when the bundle is large enough, `false` =
   * never, `true` = always, or settings. Only `scanAsync`/`finishScanAsync` use it; the report is the same either way.
   */
  parallel?: ParallelSetting;
  /** The target is a temporary copy of a remote one (src/remote/): the report names the URL and its checkout facts. */
  remote?: RemoteSource;
}

export interface DetailedScan {
  report: ScanReport;
  /** Every finding after the configuration's rule policy and before suppression, for writing a baseline. */
  findings: Finding[];
  /** A finding's baseline fingerprint (CONTRACT §9). */
  fingerprintOf: (f: Finding) => string;
}

export function scan(options: ScanOptions): ScanReport {
  return scanDetailed(options).report;
}

export function scanDetailed(options: ScanOptions): DetailedScan {
  return finishScan(prepareScan(options));
}

/**
 * The full scan with behavioural analysis available: the sync discovery stage, then the parsers for the
 * code languages present (none are loaded when the bundle holds no code file), then the sync finish.
 * The CLI and the MCP server use this; `scan`/`scanDetailed` stay synchronous and give rules no trees.
 */
export async function scanAsync(options: ScanOptions): Promise<DetailedScan> {
  const prepared = prepareScan(options);
  await loadScanParsers(prepared, options.rules);
  return finishScanAsync(prepared);
}

/** `finishScan` plus the LLM stage when the scan's options configure one (`ScanOptions.llm`). */
export async function finishScanAsync(prepared: PreparedScan, more: FinishOptions = {}): Promise<DetailedScan> {
  const analysed = await analysePreparedAsync(prepared, more);
  const settings = analysed.options.llm;
  const llm = settings ? await llmStage(prepared, analysed, settings) : undefined;
  return reportPrepared(prepared, analysed, llm);
}

/**
 * The LLM stage on the static findings. Its time is not charged to the scan deadline (the provider's
 * latency is not the bundle's fault) but counts in `duration_ms`. It never throws: an unexpected error
 * is a failed analyzer and a degraded scan.
 */
async function llmStage(prepared: PreparedScan, analysed: Analysed, settings: LlmScanSettings): Promise<LlmStageResult> {
  const { ledger } = prepared.state;
  const rules = new Map((analysed.options.rules ?? RULES).filter((r) => r.kind === 'llm').map((r) => [r.meta.id, r.meta]));
  prepared.state.budgetClock.pause();
  try {
    return await runLlmStage(prepared.files, analysed.findings, ledger, settings, rules);
  } catch (err) {
    return failedLlmStage(analysed.findings, ledger, settings, err);
  } finally {
    prepared.state.budgetClock.resume();
  }
}

/**
 * Loads the grammars `prepared`'s code files need (runtime once per process, each grammar once), so
 * `finishScan` can hand rules a tree. Time spent here is not charged to the scan deadline (the clocks are
 * paused between prepare and finish, as for `--online`).
 */
export async function loadScanParsers(
  prepared: PreparedScan,
  rules: readonly Rule[] = RULES,
  load: (langs: Iterable<CodeLanguage>) => Promise<void> = loadParsers,
): Promise<void> {
  // No active rule reads trees: nothing to load (and no WASM start-up cost).
  if (!rules.some((r) => r.meta.usesTree === true)) return;
  const langs = languagesOf(prepared.files);
  try {
    await load(langs);
  } catch (err) {
    // Never fatal, never silent: the scan goes on without trees and says so (the analysis is incomplete).
    prepared.state.parserLoadError = err instanceof Error ? err.message : String(err);
    return;
  }
  if ([...langs].every(parserReady)) prepared.state.parsersLoaded = true;
}

/** What `finishScan` may add to the options given to `prepareScan` (everything after the views exist). */
export type FinishOptions = Pick<ScanOptions, 'rules' | 'baseline' | 'onProgress' | 'onlineAdvisories' | 'osvErrors'>;

/**
 * A target walked, expanded and classified once (discovery → containers → classification → views), with
 * no rule run yet. `scan --online` reads `files` for pinned dependencies, awaits OSV, then calls
 * `finishScan` once; the time between the two steps is not charged to the scan deadline or duration.
 */
export interface PreparedScan {
  /** The analysed file views, roles assigned: exactly what the rules will read. */
  readonly files: readonly FileView[];
  /** The bundle-level view handed to bundle rules. */
  readonly view: BundleView;
  /** Engine state carried to `finishScan`; not an API. */
  readonly state: PreparedState;
}

interface PreparedState {
  options: ScanOptions;
  limits: Limits;
  budget: Budget;
  budgetClock: PausableClock;
  durationClock: PausableClock;
  started: number;
  scannedAt: string;
  target: ReturnType<typeof resolveTarget>;
  ledger: Ledger;
  bundle: ReturnType<typeof collectBundle>;
  /** Every artifact's bytes from here on: text files' bytes are re-encoded from their views (src/engine/contents.ts). */
  bytes: ArtifactBytes;
  classified: Classified[];
  manifest: Manifest | null;
  finished: boolean;
  /** Set by `loadScanParsers`: every grammar the files need is loaded, so rules may ask for trees. */
  parsersLoaded: boolean;
  /** Why loading the parsers failed, if it did; recorded as a limitation by `finishScan`. */
  parserLoadError?: string;
}

/** A clock that stands still between prepare and finish, so awaiting the network never eats the scan's time. */
class PausableClock {
  private offset = 0;
  private pausedAt: number | undefined;
  constructor(private readonly base: Clock) {}
  readonly now = (): number => (this.pausedAt ?? this.base()) - this.offset;
  pause(): void {
    this.pausedAt ??= this.base();
  }
  resume(): void {
    if (this.pausedAt === undefined) return;
    this.offset += this.base() - this.pausedAt;
    this.pausedAt = undefined;
  }
}

/** Discovery, containers, classification and views: every read of the target happens here, once. */
export function prepareScan(options: ScanOptions): PreparedScan {
  const limits: Limits = { ...defaultLimits(), ...options.limits };
  const budgetClock = new PausableClock(options.clock ?? (() => performance.now()));
  const durationClock = new PausableClock(() => performance.now());
  const budget = new Budget(limits, budgetClock.now);
  const started = durationClock.now();
  const scannedAt = (options.now ?? (() => new Date()))().toISOString();
  const target = resolveTarget(options.target);
  const ledger = new Ledger();
  const excludes = new PathMatcher(options.excludes ?? []);
  const bundle = collectBundle(target, budget, ledger, {
    excludes,
    ...(options.baselinePath !== undefined ? { baselinePath: options.baselinePath } : {}),
    ...(options.reportPaths !== undefined ? { reportPaths: new Set(options.reportPaths) } : {}),
  });
  if (options.remote) recordRemoteFacts(options.remote, bundle.artifacts, ledger, excludes);
  const manifestPath = findManifestPath(bundle.artifacts);
  const classified = bundle.artifacts.map((a) => classify(a, ledger.getInventory(a.path) ?? fallbackRow(a), manifestPath));
  const manifest = readManifest(classified, manifestPath, limits, ledger);
  const inventoryEntries = buildInventoryEntries(classified, ledger);
  const view: BundleView = { paths: inventoryEntries.map((e) => e.path), manifest, manifestPath, bytecode: bundle.bytecode, inventory: inventoryEntries };
  const files = classified.flatMap((c) => (c.view ? [c.view] : []));
  assignRoles(files);
  let hosts: ReadonlySet<string> | undefined;
  view.documentedHosts = () => (hosts ??= documentedHosts(files));
  // Discovery, classification and concealment were the last readers of text files' raw bytes: from here on
  // the text is the one copy held, so a large bundle is not kept in memory twice until the signature stage.
  const bytes = new ArtifactBytes();
  bytes.release(classified, bundle.archive ? [bundle.archive] : []);
  budgetClock.pause();
  durationClock.pause();
  return {
    files, view,
    state: { options, limits, budget, budgetClock, durationClock, started, scannedAt, target, ledger, bundle, bytes, classified, manifest, finished: false, parsersLoaded: false },
  };
}

/** Analysis, baseline, scoring and the report, on a prepared target. Call it once per `prepareScan`. */
export function finishScan(prepared: PreparedScan, more: FinishOptions = {}): DetailedScan {
  return reportPrepared(prepared, analysePrepared(prepared, more));
}

/** The static findings of a prepared scan, before the LLM stage, the baseline and scoring. */
interface Analysed {
  options: ScanOptions;
  findings: Finding[];
  rulesRun: number;
}

function analysePrepared(prepared: PreparedScan, more: FinishOptions = {}): Analysed {
  const { options, input } = analysisInput(prepared, more);
  const { rules, files, bundle, limits, ledger, deadline, onProgress, parse } = input;
  return analysedWith(prepared, options, input, analyzeFiles(rules, files, bundle, limits, ledger, deadline, onProgress, parse));
}

/** `analysePrepared` with file analysis on worker threads when `options.parallel` and the bundle call for it. */
async function analysePreparedAsync(prepared: PreparedScan, more: FinishOptions = {}): Promise<Analysed> {
  const { options, input } = analysisInput(prepared, more);
  const context = { setting: options.parallel, injectedClock: options.clock !== undefined };
  return analysedWith(prepared, options, input, await analyzeFilesAsync(input, context));
}

function analysisInput(prepared: PreparedScan, more: FinishOptions): { options: ScanOptions; input: AnalysisInput } {
  const s = prepared.state;
  if (s.finished) throw new Error('finishScan: this prepared scan was already finished');
  s.finished = true;
  s.budgetClock.resume();
  s.durationClock.resume();
  const options: ScanOptions = { ...s.options, ...more };
  const { limits, budget, ledger } = s;
  const { files, view } = prepared;
  if (options.onlineAdvisories) view.onlineAdvisories = options.onlineAdvisories;
  const osvErrors = options.osvErrors ?? [];
  if (osvErrors.length > 0) {
    // A failed live lookup must never read as "no known vulnerabilities".
    ledger.limitation(`Live OSV lookup failed: ${osvErrors.join('; ')}; results rely on the bundled snapshot (${SNAPSHOT_DATE}).`);
  }
  if (s.parserLoadError !== undefined) {
    ledger.limitation(`The code parser could not be loaded (${s.parserLoadError}); behavioural analysis did not run.`);
  }
  const rules = options.rules ?? RULES;
  const deadline = { expired: () => budget.scanExpired(), elapsedMs: () => budget.elapsedMs() };
  const parse = s.parsersLoaded ? parseBudgetOf(limits) : undefined;
  return { options, input: { rules, files, bundle: view, limits, ledger, deadline, onProgress: options.onProgress, parse } };
}

/** The signature stage and the limitations that depend on the analysis, after file and bundle rules. */
function analysedWith(prepared: PreparedScan, options: ScanOptions, input: AnalysisInput, analysis: AnalysisResult): Analysed {
  const { rules, ledger, deadline } = input;
  // After the text rules, so one deadline row tells the story when time runs out (the stage adds its own only
  // when analysis finished in time).
  analysis.findings.push(...signatureStage(prepared, rules, deadline));
  if (analysis.findings.some((f) => f.rule.id === 'AE1')) {
    ledger.limitation('One or more artifacts referenced from SKILL.md were not completely inspected.');
  }
  if (!ledger.inventory().some((r) => r.disposition !== 'out_of_scope')) {
    // "0 files scanned" must never read as a clean bill of health.
    ledger.limitation('No analyzable files were found in the target; nothing was inspected.');
  }
  return { options, findings: analysis.findings, rulesRun: analysis.rulesRun };
}

function reportPrepared(prepared: PreparedScan, analysed: Analysed, llm?: LlmStageResult): DetailedScan {
  const s = prepared.state;
  const { options } = analysed;
  const { scannedAt, target, ledger, bundle, classified, manifest } = s;
  const osvErrors = options.osvErrors ?? [];
  const findings = applyRulePolicy(llm ? llm.findings : analysed.findings, options.policy);
  const completeness = deriveCompleteness(ledger);
  const components = buildComponents(classified, ledger);
  const executable = new Map(components.map((c) => [c.path, c.executable]));
  const artifactOf = new Map(bundle.artifacts.map((a) => [a.path, a]));
  const digests = new Map<string, string>();
  const digestOf = (path: string): string => {
    let d = digests.get(path);
    if (d === undefined) {
      const artifact = artifactOf.get(path);
      digests.set(path, (d = contentDigest(artifact && s.bytes.of(artifact))));
    }
    return d;
  };
  const textOf = new Map(prepared.files.map((f) => [f.path, f.text]));
  const lines = new LineStore((path) => textOf.get(path));
  const suppression = {
    baseline: options.baseline, fingerprintOf: fingerprinter(lines, digestOf),
    hasDirective: (f: Finding) => hasInlineDirective(f, lines.get(f.file)), trustInline: options.policy?.trustInlineSuppressions === true,
  };
  const partition = applySuppressions(findings, suppression);
  const floor = { isComplete: completeness.is_complete, executionSuccessful: completeness.execution_successful, entirelyUninspected: completeness.entirely_uninspected_files, llmDegraded: llm?.degraded ?? false };
  const scored = (list: readonly Finding[]) => list.map((f) => ({
    ruleId: f.rule.id, severity: f.severity, confidence: f.confidence, executable: executable.get(f.file) ?? false,
    triaged: f.tags.includes('contextual-triage'),
  }));
  let risk = assess(scored(partition.active), floor);
  if (llm) {
    // The LLM can only add or raise; this guard keeps that true whatever a reply did.
    const staticRisk = assess(scored(applySuppressions(applyRulePolicy(analysed.findings, options.policy), suppression).active), floor);
    risk = worseRisk(risk, staticRisk);
  }
  const suppressed = suppressedIssues(partition);
  const report: ScanReport = {
    schema_version: SCHEMA_VERSION,
    tool: { name: 'skillspector', version: VERSION },
    skill: { name: manifest?.name ?? target.name, source: options.remote?.source ?? options.target, scanned_at: scannedAt },
    risk_assessment: risk,
    components,
    inventory: ledger.inventory().map(toInventoryRow),
    issues: buildIssues(partition.active),
    suppressed_count: suppressed.issues.length,
    suppressed: suppressed.issues,
    rules: ruleDescriptors([...partition.active, ...partition.suppressed.map((x) => x.finding)]),
    metadata: {
      scan_mode: llm?.metadata.llm_used === true ? 'static+llm' : 'static-only', llm_requested: llm !== undefined, llm_used: false,
      llm_provider: null, llm_model: null, llm_calls: 0, llm_input_tokens: 0, llm_output_tokens: 0,
      ...(llm ? llm.metadata : {}),
      duration_ms: Math.round(s.durationClock.now() - s.started), has_executable_scripts: components.some((c) => c.executable),
      target_kind: bundle.kind, rules_run: analysed.rulesRun + (llm ? (options.rules ?? RULES).filter((r) => r.kind === 'llm').length : 0), advisory_snapshot: SNAPSHOT_DATE,
      advisory_sources: options.onlineAdvisories ? ['bundled-snapshot', 'osv-live'] : ['bundled-snapshot'],
      ...(osvErrors.length > 0 ? { osv_errors: [...osvErrors] } : {}),
      ...suppressionMetadata(options.baseline, partition, suppressed),
      ...configurationMetadata(options.policy),
      ...(options.remote ? { source: { ...options.remote.metadata } } : {}),
    },
    execution_successful: completeness.execution_successful,
    analysis_completeness: completeness,
  };
  return { report, findings, fingerprintOf: suppression.fingerprintOf };
}

const RECOMMENDATION_RANK = { SAFE: 0, CAUTION: 1, DO_NOT_INSTALL: 2 } as const;

function worseRisk(a: ScanReport['risk_assessment'], b: ScanReport['risk_assessment']): ScanReport['risk_assessment'] {
  const rank = (r: ScanReport['risk_assessment']): number => RECOMMENDATION_RANK[r.recommendation] * 1000 + r.score;
  return rank(b) > rank(a) ? b : a;
}

/** YR1–YR4 and YR-CUSTOM on the raw bytes of every component in scope (the archive target's own bytes too). */
function signatureStage(prepared: PreparedScan, rules: readonly Rule[], deadline: { expired: () => boolean; elapsedMs: () => number }): Finding[] {
  const { options, limits, ledger, bundle, bytes } = prepared.state;
  const components = bundle.archive ? [bundle.archive, ...bundle.artifacts] : bundle.artifacts;
  const skip = (path: string): boolean => {
    const row = ledger.getInventory(path);
    return row !== undefined && row.disposition === 'out_of_scope' && row.reason !== 'binary_content';
  };
  let result: ReturnType<typeof runSignatureStage>;
  try {
    result = runSignatureStage({
      rules, custom: options.customSignatures, components, views: new Map(prepared.files.map((f) => [f.path, f])),
      bundle: prepared.view, limits, ledger, deadline, skip, bytesOf: (a) => bytes.of(a), hasBytes: (a) => bytes.has(a),
    });
  } catch (err) {
    // Never fatal, never silent: the signature result is unknown and the analysis says so.
    ledger.setAnalyzerStatus({ analyzer_id: 'signatures', status: 'failed', files: 0, reason_code: 'analyzer_runtime_error', message: `Signature matching failed unexpectedly (${err instanceof Error ? err.name : typeof err}).` });
    return [];
  }
  if (rules.some((r) => r.kind === 'signature')) {
    ledger.setAnalyzerStatus({ analyzer_id: 'signatures', status: result.scanned > 0 ? 'completed' : 'not_applicable', files: result.scanned });
  }
  return result.findings;
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
    if (row.decrypted_with) entry.decryptedWith = row.decrypted_with;
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
  if (row.decrypted_with) out.decrypted_with = { file: row.decrypted_with.file, line: row.decrypted_with.line };
  return out;
}
