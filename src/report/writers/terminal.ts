// Terminal report: verdict and score first, findings by severity, then inspection completeness.
import { createColors } from 'picocolors';
import { sanitizeLine } from '../../shared/sanitize.js';
import type { Severity } from '../../shared/types.js';
import type { Issue, ScanReport } from '../types.js';
import { humanView } from '../view.js';
import type { HumanView } from '../view.js';
import { isLlmIssue, llmExplanation, llmReviewNote, llmSummary } from './llm-summary.js';

export interface TerminalOptions {
  color: boolean;
  verbose?: boolean;
  showSuppressed?: boolean;
  width?: number;
}

type Colors = ReturnType<typeof createColors>;

function truncate(s: string, width: number): string {
  return s.length > width ? `${s.slice(0, Math.max(0, width - 1))}…` : s;
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
function llmLines(report: ScanReport, c: Colors, width: number): string[] {
  const s = llmSummary(report.metadata);
  const out = [`Analysis: ${s.mode}`];
  if (s.degraded) {
    out.push(c.bold(c.yellow(s.degraded.headline)));
    for (const f of s.degraded.failures) out.push(c.yellow(`  ${truncate(f, width - 2)}`));
  }
  const note = (text: string, paint: (t: string) => string): string[] => wrap(text, Math.max(20, width - 2)).map((l, n) => paint(n === 0 ? l : `  ${l}`));
  if (s.stopped) out.push(...note(s.stopped, c.yellow));
  if (s.withheld) out.push(...note(s.withheld, c.dim));
  if (s.activity) out.push(...note(s.activity, c.dim));
  return out;
}

function header(v: HumanView, report: ScanReport, c: Colors, width: number): string[] {
  const counts = (['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const).map((s) => `${v.counts[s]} ${s.toLowerCase()}`).join(', ');
  return [
    `${verdictColor(c, v)(v.verdict)}  risk ${v.score}/100 (${v.band})  max issue severity ${v.maxIssue}`,
    c.dim(`skill ${v.name}  source ${v.source}`),
    ...llmLines(report, c, width),
    `findings: ${counts}`,
    '',
  ];
}

function issueLines(issue: Issue, c: Colors, width: number): string[] {
  const loc = `${sanitizeLine(issue.location.file)}:${issue.location.start_line}`;
  const more = issue.occurrences.length > 1 ? c.dim(` (+${issue.occurrences.length - 1} more)`) : '';
  const origin = isLlmIssue(issue) ? ` ${c.magenta('(LLM)')}` : '';
  const lines = [`  ${c.bold(sanitizeLine(issue.id))}${origin} ${sanitizeLine(issue.pattern)}  ${c.dim(`conf ${issue.confidence.toFixed(2)}`)}`, `    at ${loc}${more}`];
  if (issue.finding) lines.push(`    ${c.dim('>')} ${truncate(sanitizeLine(issue.finding).trim(), width - 6)}`);
  const source = flowSource(issue);
  if (source) lines.push(`    ${c.dim('from')} ${truncate(sanitizeLine(source), width - 9)}`);
  if (issue.tags.includes('contextual-triage')) lines.push(c.dim('    (downgraded: context suggests documentation or a deny-list)'));
  const note = llmReviewNote(issue);
  if (note) lines.push(c.dim(`    (${note})`));
  const explanation = llmExplanation(issue);
  if (explanation) lines.push(...wrap(`LLM: ${explanation}`, Math.max(20, width - 6)).map((l) => `    ${c.dim(l)}`));
  return lines;
}

/** Where a behavioural flow's data came from (`evidence.source` of AST/TT findings), as one line. */
export function flowSource(issue: Issue): string | null {
  const src = (issue.evidence as { source?: { kind?: unknown; line?: unknown; text?: unknown } }).source;
  if (!src || typeof src.kind !== 'string' || typeof src.line !== 'number') return null;
  const text = typeof src.text === 'string' ? ` ${src.text.trim()}` : '';
  return `${src.kind.replace(/_/g, ' ')} at line ${src.line}:${text}`;
}

function findings(v: HumanView, c: Colors, width: number): string[] {
  if (v.groups.length === 0) return ['No findings.', ''];
  const out: string[] = [];
  for (const g of v.groups) {
    out.push(severityColor(c, g.severity)(`${g.severity} (${g.issues.length})`));
    for (const issue of g.issues) out.push(...issueLines(issue, c, width));
    out.push('');
  }
  return out;
}

function completeness(v: HumanView, c: Colors, width: number, verbose: boolean): string[] {
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
    out.push(c.dim(`    ${truncate(e.message, width - 4)}`));
  }
  for (const l of ac.limitations) out.push(`  limitation: ${sanitizeLine(l)}`);
  if (v.scope.length > 0) {
    out.push(c.dim(`  ${v.scope.length} path(s) out of scope${verbose ? ':' : ' (use --verbose to list)'}`));
    if (verbose) for (const s of v.scope) out.push(c.dim(`    ${s.reason} ${s.path}`));
  }
  return out;
}

export function writeTerminal(report: ScanReport, options: TerminalOptions): string {
  const c = createColors(options.color);
  const width = options.width ?? 80;
  const v = humanView(report);
  const lines = [...header(v, report, c, width), ...findings(v, c, width), ...completeness(v, c, width, options.verbose ?? false)];
  if (options.showSuppressed && v.suppressed.length > 0) {
    lines.push('', c.bold(`Suppressed by baseline (${v.suppressed.length})`));
    for (const s of v.suppressed) lines.push(`  ${s.id} ${sanitizeLine(s.location.file)}:${s.location.start_line} ${c.dim(sanitizeLine(s.suppression_reason ?? ''))}`);
  } else if (report.suppressed_count > 0) {
    lines.push(c.dim(`${report.suppressed_count} finding(s) suppressed by baseline (--show-suppressed to list)`));
  }
  return `${lines.join('\n')}\n`;
}
