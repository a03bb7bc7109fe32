// Terminal report: verdict and score first, findings by severity, then inspection completeness.
import { stripVTControlCharacters } from 'node:util';
import { createColors } from 'picocolors';
import { sanitizeLine } from '../../shared/sanitize.js';
import type { Severity } from '../../shared/types.js';
import type { Issue, ScanReport } from '../types.js';
import { cutWords, fixLine, humanView, ruleDocLink, snippetLine, topIssues } from '../view.js';
import type { DisplayOptions, HumanView } from '../view.js';
import { configurationLine, inlineSuppressionNote, severityOverrideNote, suppressedCountLine } from './config-summary.js';
import { isLlmIssue, llmExplanation, llmReviewNote, llmSummary } from './llm-summary.js';

export interface TerminalOptions extends DisplayOptions {
  color: boolean;
  /** Nothing is cut to the width: paths, messages and fixes print in full (snippets up to VERBOSE_SNIPPET_MAX). */
  verbose?: boolean;
  showSuppressed?: boolean;
  width?: number;
  /** Verdict, counts, the SUMMARY_TOP most severe findings and one completeness line. */
  summary?: boolean;
}

/** How many findings `--summary` lists. */
export const SUMMARY_TOP = 10;
/** A matched snippet stays bounded even with --verbose: a rule can match a multi-megabyte blob. */
export const VERBOSE_SNIPPET_MAX = 1000;
/** The LLM explanation with --verbose: longer than the default, still bounded. */
const VERBOSE_EXPLANATION_MAX = 4000;

type Colors = ReturnType<typeof createColors>;

/** Cuts display text to the columns left on its line, unless the reader asked for everything (-V). */
interface Fit {
  (s: string, columns: number): string;
  verbose: boolean;
}

function fitter(verbose: boolean): Fit {
  return Object.assign((s: string, columns: number) => (verbose ? s : cutWords(s, Math.max(20, columns))), { verbose });
}

function severityColor(c: Colors, s: Severity): (t: string) => string {
  return s === 'CRITICAL' ? (t) => c.bold(c.red(t)) : s === 'HIGH' ? c.red : s === 'MEDIUM' ? c.yellow : c.cyan;
}

function verdictColor(c: Colors, v: HumanView): (t: string) => string {
  return v.recommendation === 'DO_NOT_INSTALL' ? (t) => c.bold(c.red(t)) : v.recommendation === 'CAUTION' ? (t) => c.bold(c.yellow(t)) : (t) => c.bold(c.green(t));
}

/** Word-wraps one line to `width` columns, splitting a word only when it is wider than a line. */
function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    for (let i = 0; i < word.length; i += width) {
      const piece = word.slice(i, i + width);
      if (line && line.length + 1 + piece.length > width) {
        out.push(line);
        line = piece;
      } else line = line ? `${line} ${piece}` : piece;
    }
  }
  if (line) out.push(line);
  return out;
}

/** The analysis mode, then (for an LLM scan) degradation first, budgets, withheld files and counts. */
function llmLines(report: ScanReport, c: Colors, width: number, fit: Fit): string[] {
  const s = llmSummary(report.metadata);
  const out = [`Analysis: ${s.mode}`];
  if (s.degraded) {
    out.push(c.bold(c.yellow(s.degraded.headline)));
    for (const f of s.degraded.failures) out.push(c.yellow(`  ${fit(f, width - 2)}`));
  }
  if (s.stopped) out.push(...headerNote(s.stopped, width, c.yellow));
  if (s.withheld) out.push(...headerNote(s.withheld, width, c.dim));
  if (s.activity) out.push(...headerNote(s.activity, width, c.dim));
  return out;
}

/** A header note wrapped to the width, continuation lines indented. */
function headerNote(text: string, width: number, paint: (t: string) => string): string[] {
  return wrap(text, Math.max(20, width - 2)).map((l, n) => paint(n === 0 ? l : `  ${l}`));
}

/** What the user's configuration changed, and the skill's inline comments that were ignored or refused. */
function configLines(report: ScanReport, c: Colors, width: number): string[] {
  const config = configurationLine(report.metadata);
  const inline = inlineSuppressionNote(report.metadata);
  return [...(config ? headerNote(`config: ${config}`, width, (t) => t) : []), ...(inline ? headerNote(inline, width, c.dim) : [])];
}

function header(v: HumanView, report: ScanReport, c: Colors, width: number, fit: Fit): string[] {
  const counts = (['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const).map((s) => `${v.counts[s]} ${s.toLowerCase()}`).join(', ');
  return [
    `${verdictColor(c, v)(v.verdict)}  risk ${v.score}/100 (${v.band})  max issue severity ${v.maxIssue}`,
    c.dim(`skill ${v.name}  source ${v.source}`),
    ...llmLines(report, c, width, fit),
    ...configLines(report, c, width),
    `findings: ${counts}`,
    '',
  ];
}

function visibleLength(s: string): number {
  return stripVTControlCharacters(s).length;
}

function locationOf(issue: Issue, c: Colors): string {
  const more = issue.occurrences.length > 1 ? c.dim(` (+${issue.occurrences.length - 1} more)`) : '';
  return `${sanitizeLine(issue.location.file)}:${issue.location.start_line}${more}`;
}

function issueLines(issue: Issue, c: Colors, width: number, fit: Fit): string[] {
  const origin = isLlmIssue(issue) ? ` ${c.magenta('(LLM)')}` : '';
  const lines = [`  ${c.bold(sanitizeLine(issue.id))}${origin} ${sanitizeLine(issue.pattern)}  ${c.dim(`conf ${issue.confidence.toFixed(2)}`)}`, `    at ${locationOf(issue, c)}`];
  const snippet = snippetLine(issue.finding, fit.verbose ? VERBOSE_SNIPPET_MAX : Math.max(20, width - 6));
  if (snippet) lines.push(`    ${c.dim('>')} ${snippet}`);
  const source = flowSource(issue);
  if (source) lines.push(`    ${c.dim('from')} ${fit(snippetLine(source), width - 9)}`);
  if (issue.tags.includes('contextual-triage')) lines.push(c.dim('    (downgraded: context suggests documentation or a deny-list)'));
  const override = severityOverrideNote(issue);
  if (override) lines.push(c.dim(`    (${override})`));
  const note = llmReviewNote(issue);
  if (note) lines.push(c.dim(`    (${note})`));
  const explanation = llmExplanation(issue, fit.verbose ? VERBOSE_EXPLANATION_MAX : undefined);
  if (explanation) lines.push(...wrap(`LLM: ${explanation}`, Math.max(20, width - 6)).map((l) => `    ${c.dim(l)}`));
  const fix = fixLine(issue.remediation);
  if (fix) lines.push(`    ${c.green('fix:')}  ${fit(fix, width - 10)}`);
  lines.push(`    ${c.dim('docs:')} ${c.dim(ruleDocLink(issue.id))}`);
  return lines;
}

/** Where a behavioural flow's data came from (`evidence.source` of AST/TT findings), as one line. */
export function flowSource(issue: Issue): string | null {
  const src = (issue.evidence as { source?: { kind?: unknown; line?: unknown; text?: unknown } }).source;
  if (!src || typeof src.kind !== 'string' || typeof src.line !== 'number') return null;
  const text = typeof src.text === 'string' ? ` ${src.text.trim()}` : '';
  return `${src.kind.replace(/_/g, ' ')} at line ${src.line}:${text}`;
}

/** Says how many findings `--min-severity` left out, so a short listing is never mistaken for a clean one. */
function hiddenNote(v: HumanView, c: Colors): string[] {
  if (v.hidden === 0 || v.minSeverity === undefined) return [];
  return [c.dim(`${v.hidden} finding(s) below ${v.minSeverity} not listed (--min-severity ${v.minSeverity})`), ''];
}

function findings(v: HumanView, c: Colors, width: number, fit: Fit): string[] {
  if (v.groups.length === 0) return [v.hidden > 0 ? 'No findings at or above the minimum severity.' : 'No findings.', '', ...hiddenNote(v, c)];
  const out: string[] = [];
  for (const g of v.groups) {
    out.push(severityColor(c, g.severity)(`${g.severity} (${g.issues.length})`));
    for (const issue of g.issues) out.push(...issueLines(issue, c, width, fit));
    out.push('');
  }
  return [...out, ...hiddenNote(v, c)];
}

/** `--summary`: one line per finding, the most severe first, then how many more there are. */
function summaryFindings(v: HumanView, c: Colors, width: number, fit: Fit): string[] {
  const listed = v.groups.reduce((n, g) => n + g.issues.length, 0);
  if (listed === 0) return [v.hidden > 0 ? 'No findings at or above the minimum severity.' : 'No findings.', '', ...hiddenNote(v, c)];
  const top = topIssues(v.groups, SUMMARY_TOP);
  const out = [c.bold(`Top ${top.length} of ${listed} finding(s):`)];
  for (const issue of top) {
    const sev = severityColor(c, issue.severity)(issue.severity.padEnd(8));
    const id = sanitizeLine(issue.id).padEnd(5);
    const loc = locationOf(issue, c);
    // Location before pattern: when the line is too long, the cut falls on the words, never on the path.
    const room = width - 14 - id.length - visibleLength(loc);
    out.push(`  ${sev} ${c.bold(id)} ${loc}  ${fit(sanitizeLine(issue.pattern), room)}`);
  }
  if (listed > top.length) out.push(c.dim(`  … ${listed - top.length} more (run without --summary to list them)`));
  return [...out, '', ...hiddenNote(v, c)];
}

/** `--summary`: the completeness status on one line; the exceptions themselves are in the full report. */
function summaryCompleteness(v: HumanView, c: Colors): string[] {
  const ac = v.completeness;
  const status = ac.status === 'complete' ? c.green(ac.status) : ac.status === 'failed' ? c.red(ac.status) : c.yellow(ac.status);
  const problems = ac.status === 'complete' ? '' : `, ${v.exceptions.length} exception(s), ${ac.limitations.length} limitation(s) (run without --summary to list them)`;
  return [`Inspection ${status}, coverage ${ac.coverage_percent}%${problems}`];
}

function completeness(v: HumanView, c: Colors, width: number, fit: Fit): string[] {
  const ac = v.completeness;
  const status = ac.status === 'complete' ? c.green(ac.status) : ac.status === 'failed' ? c.red(ac.status) : c.yellow(ac.status);
  const out = [
    c.bold('Inspection completeness'),
    `  status ${status}  execution ${ac.execution_successful ? 'successful' : c.red('FAILED')}  coverage ${ac.coverage_percent}%`,
    `  ${ac.fully_inspected_files} fully, ${ac.partially_inspected_files} partially, ${ac.entirely_uninspected_files} not inspected of ${ac.total_components}`,
  ];
  for (const e of v.exceptions) {
    const tag = e.fatal ? c.red('FATAL ') : '';
    const member = e.member !== undefined ? ` member ${JSON.stringify(e.member)}` : '';
    out.push(`  ${tag}${e.reason} ${e.path}${member}${e.measure ? c.dim(` (${e.measure})`) : ''}`);
    out.push(c.dim(`    ${fit(e.message, width - 4)}`));
  }
  for (const l of ac.limitations) out.push(`  limitation: ${sanitizeLine(l)}`);
  const verbose = fit.verbose;
  if (v.scope.length > 0) {
    out.push(c.dim(`  ${v.scope.length} path(s) out of scope${verbose ? ':' : ' (use --verbose to list)'}`));
    if (verbose) for (const s of v.scope) out.push(c.dim(`    ${s.reason} ${s.path}`));
  }
  return out;
}

export function writeTerminal(report: ScanReport, options: TerminalOptions): string {
  const c = createColors(options.color);
  const width = options.width ?? 80;
  const fit = fitter(options.verbose ?? false);
  const v = humanView(report, options.minSeverity !== undefined ? { minSeverity: options.minSeverity } : {});
  if (options.summary) {
    const lines = [...header(v, report, c, width, fit), ...summaryFindings(v, c, width, fit), ...summaryCompleteness(v, c)];
    if (report.suppressed_count > 0) lines.push(c.dim(suppressedCountLine(report.metadata, report.suppressed_count)));
    return `${lines.join('\n')}\n`;
  }
  const lines = [...header(v, report, c, width, fit), ...findings(v, c, width, fit), ...completeness(v, c, width, fit)];
  if (options.showSuppressed && v.suppressed.length > 0) {
    lines.push('', c.bold(`Suppressed (${v.suppressed.length})`));
    for (const s of v.suppressed) lines.push(`  ${s.id} ${sanitizeLine(s.location.file)}:${s.location.start_line} ${c.dim(sanitizeLine(s.suppression_reason ?? ''))}`);
  } else if (report.suppressed_count > 0) {
    lines.push(c.dim(`${suppressedCountLine(report.metadata, report.suppressed_count)} (--show-suppressed to list)`));
  }
  return `${lines.join('\n')}\n`;
}
