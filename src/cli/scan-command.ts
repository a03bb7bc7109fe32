// `skillspector scan`: parse options, run the engine, write every requested format, exit by verdict.
import { relative, resolve, sep } from 'node:path';
import { loadBaseline } from '../baseline/index.js';
import { activeRules, withUserConfig } from '../config/index.js';
import type { ScanPolicy } from '../config/index.js';
import { RULES } from '../rules/index.js';
import { lookupOnlineAdvisories, onlineFinishOptions } from '../engine/online.js';
import { finishScan, finishScanAsync, loadScanParsers, prepareScan } from '../engine/scan.js';
import type { ScanOptions } from '../engine/scan.js';
import type { ScanReport } from '../report/types.js';
import { FORMATS, isFormat, render } from '../report/writers/index.js';
import { writeSarif } from '../report/writers/sarif.js';
import { prepareSarifOptions } from '../report/writers/sarif-options.js';
import type { Format, WriterOptions } from '../report/writers/index.js';
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

export interface ScanRun {
  report: ScanReport;
  exitCode: 0 | 1 | 2;
}

/** The scan's inputs from the flags: baseline and signature files are read and checked here, before any walk. */
function scanInputs(target: string, opts: ScanCliOptions & { policy: ScanPolicy }): ScanOptions {
  const baselinePath = baselineInside(target, opts.baseline);
  const baseline = opts.baseline !== undefined ? loadBaseline(opts.baseline, target, diagnostic(opts)) : undefined;
  const customSignatures = opts.rulesDir !== undefined ? loadCustomSignatures(opts.rulesDir) : undefined;
  return {
    target, excludes: opts.exclude, rules: activeRules(RULES, opts.policy), policy: opts.policy,
    ...(baselinePath !== undefined ? { baselinePath } : {}),
    ...(baseline ? { baseline } : {}),
    ...(customSignatures ? { customSignatures } : {}),
  };
}

/** `env` is where the LLM provider is configured (CONTRACT §7); tests pass their own. */
/** One `skillspector: …` line on stderr, unless `--quiet`. */
function diagnostic(opts: Pick<ScanCliOptions, 'quiet'>): (line: string) => void {
  return (line) => {
    if (!opts.quiet) process.stderr.write(`skillspector: ${line}\n`);
  };
}

export async function runScan(target: string, cliOpts: ScanCliOptions, isTty: boolean, env: Environment = process.env): Promise<ScanRun> {
  // The user's configuration first: flags override it (src/config/apply.ts).
  const opts = withUserConfig(target, cliOpts, diagnostic(cliOpts));
  const format = opts.format.toLowerCase();
  if (!isFormat(format)) throw new UsageError(`--format expects one of ${FORMATS.join(', ')}; got ${JSON.stringify(opts.format)}`);
  const extra = parseReportSpecs(opts.report);
  const sarifOptions = prepareSarifOptions(target, opts);
  const failOnSeverity = parseSeverity(opts.failOnSeverity);
  const minSeverity = parseSeverity(opts.minSeverity, '--min-severity');
  const outputs = [...extra.map((r) => r.file), ...(opts.output !== undefined ? [opts.output] : [])];
  for (const file of outputs) checkSideWrite(file, reportWrite(target));
  const decision = decideLlm(opts, env);
  // The reports this scan writes inside the target are never analysed by it (a report never scans itself).
  const reportPaths = outputs
    .map((file) => baselineInside(target, file))
    .filter((p): p is string => p !== undefined);
  const inputs = { ...scanInputs(target, opts), ...(reportPaths.length > 0 ? { reportPaths } : {}) };
  // Last of the checks, because it creates the cache directory when missing.
  const llm = scanLlmSettings(decision, target);
  // One walk of the target: prepare (discovery → views), look dependencies up while it waits, then finish.
  const prepared = prepareScan({ ...inputs, ...(llm ? { llm } : {}) });
  const online = opts.online === true ? await lookupOnlineAdvisories(prepared) : undefined;
  if (online && online.errors.length > 0 && !opts.quiet) {
    process.stderr.write(`skillspector: warning: live OSV lookup incomplete (${online.errors.length} problem(s)); SC4 relies on the bundled snapshot for the rest, and the analysis is marked incomplete.\n`);
  }
  // The tree-sitter grammars the bundle's code files need (none when it holds no code file).
  await loadScanParsers(prepared);
  if (llm && !opts.quiet) process.stderr.write(llmNotice(llm));
  const progress = progressLine(process.stderr, process.stderr.isTTY === true && !opts.quiet);
  const { report } = await finishScanAsync(prepared, {
    onProgress: (d, t) => progress.update(d, t),
    ...(online ? onlineFinishOptions(online) : {}),
  });
  progress.done();
  const base: WriterOptions = {
    color: false, verbose: opts.verbose ?? false, showSuppressed: opts.showSuppressed ?? false, summary: opts.summary ?? false,
    ...(minSeverity !== undefined ? { minSeverity } : {}),
  };
  // SARIF also needs where its paths resolve from, known once the report names the target's kind.
  const renderFor = (f: Format, o: WriterOptions): string => (f === 'sarif' ? writeSarif(report, sarifOptions(report)) : render(f, report, o));
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
  const opts = withUserConfig(target, cliOpts, diagnostic(cliOpts));
  const format = opts.format.toLowerCase();
  if (format !== 'terminal' && format !== 'json') throw new UsageError(`--estimate prints terminal text or json; got --format ${JSON.stringify(opts.format)}`);
  if (opts.output !== undefined || opts.report.length > 0) throw new UsageError('--estimate writes no report; drop --output and --report');
  if (opts.online === true) throw new UsageError('--estimate opens no connection; drop --online');
  const decision = decideLlm({ ...opts, estimate: true }, env);
  const prepared = prepareScan(scanInputs(target, opts));
  await loadScanParsers(prepared);
  const { findings } = finishScan(prepared);
  const estimate = estimateLlm({ files: prepared.files, findings, provider: decision.provider, budgets: decision.budgets });
  return { estimate, output: format === 'json' ? estimateJson(estimate) : estimateText(estimate) };
}
