// `skillspector scan DIR --recursive`: every skill under DIR (src/batch/find-skills.ts) scanned on its
// own with the options of a normal scan, one document for all of them (src/report/writers/multi-skill.ts),
// and the worst exit code: 2 when any skill could not be scanned or failed, else 1 when any meets an
// exit-1 gate, else 0. A DIR with no skill is a usage error (exit 2): a CI step aimed at the wrong
// directory must not pass green.
import { join, resolve } from 'node:path';
import { withUserConfig } from '../config/index.js';
import { lookupOnlineAdvisories, onlineFinishOptions } from '../engine/online.js';
import { finishScanAsync, loadScanParsers, prepareScan } from '../engine/scan.js';
import type { ScanOptions } from '../engine/scan.js';
import { resolveTarget, UsageError } from '../discovery/target.js';
import { findSkills } from '../batch/find-skills.js';
import { batchProgress } from '../batch/progress.js';
import type { ScanReport } from '../report/types.js';
import { isFormat, render } from '../report/writers/index.js';
import type { Format, WriterOptions } from '../report/writers/index.js';
import { mergeSarifLogs, writeMultiJson, writeMultiText } from '../report/writers/multi-skill.js';
import type { SkillResult } from '../report/writers/multi-skill.js';
import { writeSarif } from '../report/writers/sarif.js';
import { findCheckoutRoot, parseDocsUrl, sarifRootFor } from '../report/writers/sarif-options.js';
import { checkSideWrite } from '../shared/side-file.js';
import { SEVERITIES } from '../shared/types.js';
import type { Severity } from '../shared/types.js';
import { exitVerdict, gatesFromConfig } from './exit-codes.js';
import type { GateOptions } from './exit-codes.js';
import { decideLlm, llmNotice, scanLlmSettings } from './llm-options.js';
import type { Environment, LlmDecision } from './llm-options.js';
import { baselineInside, diagnostic, parseReportSpecs, scanInputs, writeReport } from './scan-command.js';
import type { ScanCliOptions } from './scan-command.js';

/** The formats one document can hold for many skills (an HTML page per skill does not concatenate). */
const RECURSIVE_FORMATS: readonly Format[] = ['terminal', 'json', 'markdown', 'sarif'];

export interface RecursiveRun {
  results: SkillResult[];
  exitCode: 0 | 1 | 2;
}

function severityOf(s: string | undefined, flag: string): Severity | undefined {
  if (s === undefined) return undefined;
  const up = s.toUpperCase();
  if (!(SEVERITIES as readonly string[]).includes(up)) throw new UsageError(`${flag} expects one of ${SEVERITIES.join(', ')}; got ${JSON.stringify(s)}`);
  return up as Severity;
}

function formatOf(value: string, flag: string): Format {
  const f = value.toLowerCase();
  if (!isFormat(f) || !RECURSIVE_FORMATS.includes(f)) throw new UsageError(`${flag} with --recursive expects one of ${RECURSIVE_FORMATS.join(', ')}; got ${JSON.stringify(value)}`);
  return f;
}

/** The skill's path as the table shows it. */
function shown(rel: string): string {
  return rel === '' ? '.' : rel;
}

/** What every skill of one recursive scan shares. */
interface SkillContext {
  /** The scan inputs read once (rules, policy, baseline, signatures); target-specific fields are replaced. */
  shared: ScanOptions;
  /** Reports this command writes: left out of a skill that holds one. */
  outputs: readonly string[];
  decision: LlmDecision;
  baseline: string | undefined;
  online: boolean;
}

/** One skill scanned as `scan` would scan it on its own (same stages, same options). */
async function scanSkill(target: string, ctx: SkillContext): Promise<ScanReport> {
  const reportPaths = ctx.outputs.map((file) => baselineInside(target, file)).filter((p): p is string => p !== undefined);
  const baselinePath = baselineInside(target, ctx.baseline);
  const llm = scanLlmSettings(ctx.decision, target);
  const { baselinePath: _first, reportPaths: _none, ...shared } = ctx.shared;
  const prepared = prepareScan({
    ...shared, target,
    ...(baselinePath !== undefined ? { baselinePath } : {}),
    ...(reportPaths.length > 0 ? { reportPaths } : {}),
    ...(llm ? { llm } : {}),
  });
  const online = ctx.online ? await lookupOnlineAdvisories(prepared) : undefined;
  await loadScanParsers(prepared);
  return (await finishScanAsync(prepared, online ? onlineFinishOptions(online) : {})).report;
}

function renderResults(results: readonly SkillResult[], f: Format, o: WriterOptions, sarifOf: (i: number, r: ScanReport) => string): string {
  if (f === 'json') return writeMultiJson(results);
  if (f === 'sarif') return mergeSarifLogs(results.flatMap((r, i) => (r.report ? [sarifOf(i, r.report)] : [])));
  return writeMultiText(results, f === 'markdown' ? 'markdown' : 'terminal', (report) => render(f, report, o));
}

export async function runRecursiveScan(root: string, cliOpts: ScanCliOptions, isTty: boolean, env: Environment = process.env): Promise<RecursiveRun> {
  if (cliOpts.estimate === true) throw new UsageError('--estimate and --recursive do not combine: estimate one skill at a time');
  if (resolveTarget(root).kind !== 'directory') throw new UsageError(`--recursive expects a directory; ${JSON.stringify(root)} is a file (scan it without --recursive)`);
  const opts = withUserConfig(root, cliOpts, diagnostic(cliOpts));
  const format = formatOf(opts.format, '--format');
  const extra = parseReportSpecs(opts.report).map((r) => ({ ...r, format: formatOf(r.format, '--report') }));
  const failOnSeverity = severityOf(opts.failOnSeverity, '--fail-on-severity');
  const minSeverity = severityOf(opts.minSeverity, '--min-severity');
  const outputs = [...extra.map((r) => r.file), ...(opts.output !== undefined ? [opts.output] : [])];
  for (const file of outputs) checkSideWrite(file, { what: 'report', target: root, allowInsideTarget: true });
  // Every skill's SARIF paths resolve from one root: --sarif-root, else the checkout holding DIR, else DIR.
  const docsUrl = opts.docsUrl !== undefined ? parseDocsUrl(opts.docsUrl) : undefined;
  const sarifBase = opts.sarifRoot ?? findCheckoutRoot(resolve(root)) ?? resolve(root);
  sarifRootFor(root, true, sarifBase);
  const decision = decideLlm(opts, env);

  const found = findSkills(root);
  const say = diagnostic(opts);
  if (found.truncated) say('warning: the skill search stopped after too many directories; some skills may be missing');
  for (const dir of found.unreadable.slice(0, 5)) say(`warning: could not list ${JSON.stringify(shown(dir))}; skills below it are missing`);
  if (found.skills.length === 0) {
    throw new UsageError(`no skill found under ${JSON.stringify(root)} (a skill is a directory holding SKILL.md or skill.md); nothing scanned`);
  }

  // Baseline, signatures, rules and policy are read once, from the first skill's inputs, before any walk.
  const shared = scanInputs(join(root, found.skills[0] as string), opts);
  const gates: GateOptions = {
    failOnIncomplete: opts.failOnIncomplete ?? false,
    failOnFindings: opts.failOnFindings ?? false,
    ...(failOnSeverity !== undefined ? { failOnSeverity } : {}),
  };
  const fromConfig = gatesFromConfig(cliOpts, opts, opts.policy.configFile);
  if (fromConfig) gates.fromConfig = fromConfig;
  if (decision.on && !opts.quiet) {
    const first = scanLlmSettings(decision, join(root, found.skills[0] as string));
    if (first) process.stderr.write(llmNotice(first));
  }

  const progress = batchProgress(process.stderr, process.stderr.isTTY === true && !opts.quiet);
  const results: SkillResult[] = [];
  const targets: string[] = [];
  let exitCode: 0 | 1 | 2 = 0;
  const context: SkillContext = { shared, outputs, decision, baseline: opts.baseline, online: opts.online === true };
  for (const rel of found.skills) {
    const target = rel === '' ? root : join(root, rel);
    const result: SkillResult = { path: shown(rel) };
    try {
      result.report = await scanSkill(target, context);
      const verdict = exitVerdict(result.report, gates);
      if (verdict.reason !== null) say(`${shown(rel)}: ${verdict.reason}`);
      if (verdict.code > exitCode) exitCode = verdict.code;
    } catch (err) {
      result.error = err instanceof Error ? err.message : String(err);
      say(`${shown(rel)}: exit 2: could not be scanned: ${result.error}`);
      exitCode = 2;
    }
    results.push(result);
    targets.push(target);
    progress.tick(results.length, found.skills.length);
  }
  progress.done();

  const base: WriterOptions = {
    color: false, verbose: opts.verbose ?? false, showSuppressed: opts.showSuppressed ?? false, summary: opts.summary ?? false,
    ...(minSeverity !== undefined ? { minSeverity } : {}),
  };
  const sarifOf = (i: number, report: ScanReport): string =>
    writeSarif(report, { root: sarifRootFor(targets[i] as string, true, sarifBase), ...(docsUrl !== undefined ? { docsUrl } : {}) });
  const renderAll = (f: Format, o: WriterOptions): string => renderResults(results, f, o, sarifOf);
  for (const r of extra) writeReport(root, r.file, renderAll(r.format, base));
  if (opts.output !== undefined) writeReport(root, opts.output, renderAll(format, base));
  else if (!(opts.quiet && format === 'terminal')) {
    process.stdout.write(renderAll(format, { ...base, color: opts.color && isTty && !process.env.NO_COLOR }));
  }
  return { results, exitCode };
}
