// `skillspector scan`: parse options, run the engine, write every requested format, exit by verdict.
import { relative, resolve, sep } from 'node:path';
import { loadBaseline } from '../baseline/index.js';
import { activeRules, withUserConfig } from '../config/index.js';
import type { ScanPolicy } from '../config/index.js';
import { RULES } from '../rules/index.js';
import type { OsvResult } from '../advisories/osv.js';
import { finishScan, finishScanAsync, loadScanParsers, prepareScan } from '../engine/scan.js';
import type { FinishOptions, PreparedScan, ScanOptions } from '../engine/scan.js';
import type { ScanReport } from '../report/types.js';
import { FORMATS, isFormat } from '../report/writers/formats.js';
import { loadRenderer } from '../report/writers/load.js';
import { parseDocsUrl, prepareSarifOptions } from '../report/writers/sarif-options.js';
import type { SarifFlags, SarifOptions } from '../report/writers/sarif-options.js';
import type { Format, WriterOptions } from '../report/writers/formats.js';
import { checkSideWrite, readSideFile, writeSideFile } from '../shared/side-file.js';
import { compileSignatures, loadSignatureDir, SignatureSyntaxError } from '../signatures/index.js';
import type { SignatureSet } from '../signatures/index.js';
import { SEVERITIES } from '../shared/types.js';
import type { Severity } from '../shared/types.js';
import { exitVerdict, gatesFromConfig } from './exit-codes.js';
import { estimateJson, estimateLlm, estimateText } from './estimate.js';
import type { LlmEstimate } from './estimate.js';
import { decideLlm, llmNotice, scanLlmSettings } from './llm-options.js';
import type { Environment, LlmFlags } from './llm-options.js';
import { progressLine } from './progress.js';
import { UsageError } from '../discovery/target.js';
import { threadsSetting } from '../engine/parallel/threads-option.js';
import { isRemoteTarget } from '../remote/url-kind.js';

export interface ScanCliOptions extends LlmFlags {
  format: string;
  output?: string;
  report: string[];
  exclude: string[];
  failOnIncomplete?: boolean;
  failOnFindings?: boolean;
  failOnSeverity?: string;
  baseline?: string;
  showSuppressed?: boolean;
  /** Display filter of terminal/markdown/html (CONTRACT keeps JSON, SARIF, verdict and exit code whole). */
  minSeverity?: string;
  summary?: boolean;
  quiet?: boolean;
  verbose?: boolean;
  color: boolean;
  /** Also look pinned dependencies up live in OSV.dev (SC4). The only option that opens a connection. */
  online?: boolean;
  /** A directory of the user's signature files (YR-CUSTOM). */
  rulesDir?: string;
  /** SARIF artifact URIs resolve from DIR (default: the git checkout holding the target). */
  sarifRoot?: string;
  /** Where this version's files are browsable: SARIF rule helpUri and tool informationUri. */
  docsUrl?: string;
  /** `--config FILE`, or false for `--no-config` (src/config/). */
  config?: string | false;
  trustInlineSuppressions?: boolean;
  /** `--recursive`: every skill under the directory on its own (src/cli/recursive-scan.ts). */
  recursive?: boolean;
  /** A git URL target: scan only this folder of the repository (CONTRACT §10). */
  subdir?: string;
  /** Remote targets may use plain http and private, loopback or link-local addresses. */
  allowPrivateNetwork?: boolean;
  /** `--threads N`: worker threads for one large bundle's analysis (src/engine/parallel/); 1 = one thread. */
  threads?: string;
}

/**
 * A remote target (CONTRACT §10) is fetched into a temporary directory that `run` scans; the directory is
 * removed afterwards. The fetch code is loaded only for a URL, so a local scan never pays for it.
 */
async function onLocalTarget<T>(target: string, opts: ScanCliOptions, run: (path: string, extras: Partial<ScanOptions>) => Promise<T>): Promise<T> {
  if (!isRemoteTarget(target) && opts.subdir === undefined) return run(target, {});
  const { withLocalTarget } = await import('../remote/with-target.js');
  const remote = { allowPrivateNetwork: opts.allowPrivateNetwork === true, ...(opts.subdir !== undefined ? { subdir: opts.subdir } : {}) };
  return withLocalTarget(target, remote, ({ path, scanExtras }) => run(path, scanExtras));
}

/** SARIF of a remote scan: artifact URIs stay repository-relative, with no file:// root (the copy is gone). */
function sarifOptionsFor(target: string, opts: SarifFlags, remote: boolean): (report: ScanReport) => SarifOptions {
  if (!remote) return prepareSarifOptions(target, opts);
  if (opts.sarifRoot !== undefined) throw new UsageError('--sarif-root applies to local targets only; a remote target has no local root');
  const docsUrl = opts.docsUrl !== undefined ? parseDocsUrl(opts.docsUrl) : undefined;
  return () => (docsUrl !== undefined ? { docsUrl } : {});
}

export interface ReportTarget {
  format: Format;
  file: string;
}

export function parseReportSpecs(specs: readonly string[]): ReportTarget[] {
  return specs.map((spec) => {
    const eq = spec.indexOf('=');
    const format = eq === -1 ? '' : spec.slice(0, eq).toLowerCase();
    const file = eq === -1 ? '' : spec.slice(eq + 1);
    if (!isFormat(format) || file === '') {
      throw new UsageError(`--report expects FORMAT=FILE with FORMAT one of ${FORMATS.join(', ')}; got ${JSON.stringify(spec)}`);
    }
    return { format, file };
  });
}

function parseSeverity(s: string | undefined, flag = '--fail-on-severity'): Severity | undefined {
  if (s === undefined) return undefined;
  const up = s.toUpperCase();
  if (!(SEVERITIES as readonly string[]).includes(up)) throw new UsageError(`${flag} expects one of ${SEVERITIES.join(', ')}; got ${JSON.stringify(s)}`);
  return up as Severity;
}

/** The baseline file, when it lies inside the target, is left out of analysis. */
export function baselineInside(target: string, baseline: string | undefined): string | undefined {
  if (baseline === undefined) return undefined;
  const rel = relative(resolve(target), resolve(baseline));
  if (rel === '' || rel.startsWith('..') || resolve(rel) === rel) return undefined;
  return rel.split(sep).join('/');
}

/**
 * A report may be written inside the scanned folder (`scan . -o report.sarif` is the usual CI step), but
 * never through a link, a FIFO or a hard-linked file planted there, and never over the target itself.
 */
function reportWrite(target: string): { what: string; target: string; allowInsideTarget: true } {
  return { what: 'report', target, allowInsideTarget: true };
}

export function writeReport(target: string, file: string, body: string): void {
  writeSideFile(file, body, reportWrite(target));
}

/**
 * Loads and compiles the `--rules-dir` signature files before anything is scanned. A file that does not
 * parse, and a directory that cannot be read, is a usage error (exit 2): one line naming file and line.
 */
export function loadCustomSignatures(dir: string): SignatureSet {
  try {
    const sources = loadSignatureDir(dir, (path, maxBytes) => readSideFile(path, { what: 'signature file', maxBytes }));
    // An empty set would scan for nothing while looking configured: say so instead.
    if (sources.length === 0) throw new UsageError(`--rules-dir ${JSON.stringify(dir)} holds no *.yar or *.yara signature files`);
    return compileSignatures(sources);
  } catch (err) {
    if (err instanceof SignatureSyntaxError) throw new UsageError(err.usageLine());
    throw err;
  }
}

/** `--online`: the OSV lookup, its problems, and what the finish step takes from it. */
async function lookupOnline(prepared: PreparedScan): Promise<{ errors: OsvResult['errors']; finish: FinishOptions }> {
  const { lookupOnlineAdvisories, onlineFinishOptions } = await import('../engine/online.js');
  const result = await lookupOnlineAdvisories(prepared);
  return { errors: result.errors, finish: onlineFinishOptions(result) };
}

export interface ScanRun {
  report: ScanReport;
  exitCode: 0 | 1 | 2;
}

/** The scan's inputs from the flags: baseline and signature files are read and checked here, before any walk. */
export function scanInputs(target: string, opts: ScanCliOptions & { policy: ScanPolicy }): ScanOptions {
  const baselinePath = baselineInside(target, opts.baseline);
  const baseline = opts.baseline !== undefined ? loadBaseline(opts.baseline, target, diagnostic(opts)) : undefined;
  const customSignatures = opts.rulesDir !== undefined ? loadCustomSignatures(opts.rulesDir) : undefined;
  return {
    target, excludes: opts.exclude, rules: activeRules(RULES, opts.policy), policy: opts.policy,
    ...(baselinePath !== undefined ? { baselinePath } : {}),
    ...(baseline ? { baseline } : {}),
    ...(customSignatures ? { customSignatures } : {}),
    ...(opts.threads !== undefined ? { parallel: threadsSetting(opts.threads) } : {}),
  };
}

/** `env` is where the LLM provider is configured (CONTRACT §7); tests pass their own. */
/** One `skillspector: …` line on stderr, unless `--quiet`. */
export function diagnostic(opts: Pick<ScanCliOptions, 'quiet'>): (line: string) => void {
  return (line) => {
    if (!opts.quiet) process.stderr.write(`skillspector: ${line}\n`);
  };
}

export async function runScan(target: string, cliOpts: ScanCliOptions, isTty: boolean, env: Environment = process.env): Promise<ScanRun> {
  return onLocalTarget(target, cliOpts, (path, extras) => runScanOn(path, cliOpts, isTty, env, extras));
}

async function runScanOn(target: string, cliOpts: ScanCliOptions, isTty: boolean, env: Environment, extras: Partial<ScanOptions>): Promise<ScanRun> {
  // The user's configuration first: flags override it (src/config/apply.ts).
  const opts = withUserConfig(target, cliOpts, diagnostic(cliOpts));
  const format = opts.format.toLowerCase();
  if (!isFormat(format)) throw new UsageError(`--format expects one of ${FORMATS.join(', ')}; got ${JSON.stringify(opts.format)}`);
  const extra = parseReportSpecs(opts.report);
  const sarifOptions = sarifOptionsFor(target, opts, extras.remote !== undefined);
  const failOnSeverity = parseSeverity(opts.failOnSeverity);
  const minSeverity = parseSeverity(opts.minSeverity, '--min-severity');
  const outputs = [...extra.map((r) => r.file), ...(opts.output !== undefined ? [opts.output] : [])];
  for (const file of outputs) checkSideWrite(file, reportWrite(target));
  const decision = decideLlm(opts, env);
  // The reports this scan writes inside the target are never analysed by it (a report never scans itself).
  const reportPaths = outputs
    .map((file) => baselineInside(target, file))
    .filter((p): p is string => p !== undefined);
  const inputs = { ...scanInputs(target, opts), ...(reportPaths.length > 0 ? { reportPaths } : {}), ...extras };
  // Last of the checks, because it creates the cache directory when missing.
  const llm = scanLlmSettings(decision, target);
  // One walk of the target: prepare (discovery → views), look dependencies up while it waits, then finish.
  const prepared = prepareScan({ ...inputs, ...(llm ? { llm } : {}) });
  // The OSV client is loaded only for `--online`: an offline scan never imports network code.
  const online = opts.online === true ? await lookupOnline(prepared) : undefined;
  if (online && online.errors.length > 0 && !opts.quiet) {
    process.stderr.write(`skillspector: warning: live OSV lookup incomplete (${online.errors.length} problem(s)); SC4 relies on the bundled snapshot for the rest, and the analysis is marked incomplete.\n`);
  }
  // The tree-sitter grammars the bundle's code files need (none when it holds no code file).
  await loadScanParsers(prepared);
  if (llm && !opts.quiet) process.stderr.write(llmNotice(llm));
  const progress = progressLine(process.stderr, process.stderr.isTTY === true && !opts.quiet);
  const { report } = await finishScanAsync(prepared, {
    onProgress: (d, t) => progress.update(d, t),
    ...(online ? online.finish : {}),
  });
  progress.done();
  const base: WriterOptions = {
    color: false, verbose: opts.verbose ?? false, showSuppressed: opts.showSuppressed ?? false, summary: opts.summary ?? false,
    ...(minSeverity !== undefined ? { minSeverity } : {}),
  };
  // SARIF also needs where its paths resolve from, known once the report names the target's kind.
  // Only the writers of the formats this scan writes are loaded.
  const render = await loadRenderer([format, ...extra.map((r) => r.format)]);
  const renderFor = (f: Format, o: WriterOptions): string => render(f, report, f === 'sarif' ? { ...o, sarif: sarifOptions(report) } : o);
  for (const r of extra) writeReport(target, r.file, renderFor(r.format, base));
  if (opts.output !== undefined) writeReport(target, opts.output, renderFor(format, base));
  else if (!(opts.quiet && format === 'terminal')) {
    process.stdout.write(renderFor(format, { ...base, color: opts.color && isTty && !process.env.NO_COLOR }));
  }
  const fromConfig = gatesFromConfig(cliOpts, opts, opts.policy.configFile);
  const { code: exitCode, reason } = exitVerdict(report, {
    failOnIncomplete: opts.failOnIncomplete ?? false,
    failOnFindings: opts.failOnFindings ?? false,
    ...(failOnSeverity !== undefined ? { failOnSeverity } : {}),
    ...(fromConfig ? { fromConfig } : {}),
  });
  // Which gate fired, on one stderr line: a red CI step should not need the report to say why.
  if (reason !== null && !opts.quiet) process.stderr.write(`skillspector: ${reason}\n`);
  return { report, exitCode };
}

export interface EstimateRun {
  estimate: LlmEstimate;
  /** What `scan --estimate` prints on stdout. */
  output: string;
}

/**
 * `scan --estimate`: the static scan, then what LLM analysis would send and cost. No connection is
 * opened (no provider request, no `--online` lookup) and no report is written.
 */
export async function runEstimate(target: string, cliOpts: ScanCliOptions, env: Environment = process.env): Promise<EstimateRun> {
  return onLocalTarget(target, cliOpts, (path, extras) => runEstimateOn(path, cliOpts, env, extras));
}

async function runEstimateOn(target: string, cliOpts: ScanCliOptions, env: Environment, extras: Partial<ScanOptions>): Promise<EstimateRun> {
  const opts = withUserConfig(target, cliOpts, diagnostic(cliOpts));
  const format = opts.format.toLowerCase();
  if (format !== 'terminal' && format !== 'json') throw new UsageError(`--estimate prints terminal text or json; got --format ${JSON.stringify(opts.format)}`);
  if (opts.output !== undefined || opts.report.length > 0) throw new UsageError('--estimate writes no report; drop --output and --report');
  if (opts.online === true) throw new UsageError('--estimate opens no connection; drop --online');
  const decision = decideLlm({ ...opts, estimate: true }, env);
  const prepared = prepareScan({ ...scanInputs(target, opts), ...extras });
  await loadScanParsers(prepared);
  const { findings } = finishScan(prepared);
  const estimate = estimateLlm({ files: prepared.files, findings, provider: decision.provider, budgets: decision.budgets });
  return { estimate, output: format === 'json' ? estimateJson(estimate) : estimateText(estimate) };
}
