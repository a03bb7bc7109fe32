// Markdown report for PR comments and report files: the terminal report's content in GitHub-flavoured
// Markdown. Every bundle-derived string is sanitised and escaped, because a hostile path or snippet
// must neither inject markup into the comment nor carry terminal escapes to whoever cats the file.
import { sanitizeLine } from '../../shared/sanitize.js';
import type { Severity } from '../../shared/types.js';
import type { Issue, Location, ScanReport } from '../types.js';
import { encodeVirtualPath, fixLine, humanView, snippetLine, topIssues } from '../view.js';
import type { DisplayOptions, ExceptionLine, HumanView } from '../view.js';
import { configurationLine, inlineSuppressionNote, severityOverrideNote, suppressedCountLine } from './config-summary.js';
import { isLlmIssue, llmExplanation, llmReviewNote, llmSummary } from './llm-summary.js';

export interface MarkdownOptions extends DisplayOptions {
  showSuppressed: boolean;
  /** Verdict, counts, the SUMMARY_TOP most severe findings and the completeness status. */
  summary?: boolean;
}

const SNIPPET_MAX = 160;
const FIX_MAX = 160;
const OCCURRENCES_SHOWN = 3;
const SUMMARY_TOP = 10;

/** Escapes the characters that start inline markup, HTML or entities, and table cell pipes. */
export function mdText(s: string): string {
  return sanitizeLine(s).replace(/[\\`*_[\]<>|~&]/g, (c) => `\\${c}`);
}

/**
 * Inline code that survives any content (never cut: snippets are cut by mdSnippet first): the fence is one
 * backtick longer than the longest run inside, and pipes are escaped in table cells (GFM splits cells
 * before parsing code spans).
 */
export function mdCode(s: string, inTable: boolean): string {
  const text = sanitizeLine(s);
  if (text.trim() === '') return '*(blank)*';
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = longest > 0 || (text.startsWith(' ') && text.endsWith(' ')) ? ' ' : '';
  const body = inTable ? text.replace(/\|/g, '\\|') : text;
  return `${fence}${pad}${body}${pad}${fence}`;
}

/** A matched snippet as inline code: words kept whole, line breaks shown as ⏎ (snippetLine). */
export function mdSnippet(s: string, inTable: boolean): string {
  return mdCode(snippetLine(s, SNIPPET_MAX), inTable);
}

/** `[path:line](path#Lline)` with the virtual path percent-encoded in the destination. */
export function mdLocation(loc: Location): string {
  return `[${mdText(`${loc.file}:${loc.start_line}`)}](${encodeVirtualPath(loc.file)}#L${loc.start_line})`;
}

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function table(head: string[], rows: string[][]): string[] {
  return [row(head), row(head.map(() => '---')), ...rows.map(row)];
}

function header(v: HumanView, report: ScanReport): string[] {
  const ac = v.completeness;
  const lines = [
    `## SkillSpector: ${v.verdict}`,
    '',
    ...table(
      ['Verdict', 'Risk score', 'Max issue severity', 'Execution', 'Inspection'],
      [[`**${v.verdict}**`, `${v.score}/100 (${v.band})`, v.maxIssue, ac.execution_successful ? 'successful' : '**FAILED**', ac.status]],
    ),
    '',
    `Skill ${mdCode(v.name, false)} · source ${mdCode(v.source, false)} · skillspector ${mdText(report.tool.version)}`,
    ...llmBlock(report),
    ...configBlock(report),
  ];
  if (!ac.execution_successful) {
    lines.push('', '> [!CAUTION]', '> Execution failed: a fatal inspection error occurred, so this verdict is not reliable. See the exceptions below.');
  } else if (!ac.is_complete) {
    lines.push('', '> [!WARNING]', '> Inspection is incomplete: some content was not (fully) inspected, so a low score does not mean the skill is safe.');
  }
  return [...lines, ''];
}

/** The analysis mode and, for an LLM scan, a warning when it degraded and a list of what it did. */
function llmBlock(report: ScanReport): string[] {
  const s = llmSummary(report.metadata);
  const out = ['', `**Analysis:** ${mdText(s.mode)}`];
  if (s.degraded) {
    out.push('', '> [!WARNING]', `> **${mdText(s.degraded.headline)}.**`);
    for (const f of s.degraded.failures) out.push(`> - ${mdText(f)}`);
  }
  const notes = [s.stopped, s.withheld, s.activity].filter((n): n is string => n !== undefined);
  if (notes.length > 0) out.push('', ...notes.map((n) => `- ${mdText(n)}`));
  return out;
}

/** What the user's configuration changed, and the skill's inline comments that were ignored or refused. */
function configBlock(report: ScanReport): string[] {
  const config = configurationLine(report.metadata);
  const inline = inlineSuppressionNote(report.metadata);
  return [...(config ? ['', `**Config:** ${mdText(config)}`] : []), ...(inline ? ['', `*${mdText(inline)}.*`] : [])];
}

function occurrenceCell(issue: Issue): string {
  const shown = issue.occurrences.slice(0, OCCURRENCES_SHOWN).map(mdLocation);
  if (shown.length === 0) shown.push(mdLocation(issue.location));
  const more = issue.occurrences.length - OCCURRENCES_SHOWN;
  return more > 0 ? `${shown.join('<br>')}<br>+${more} more` : shown.join('<br>');
}

function issueRow(issue: Issue): string[] {
  const triaged = issue.tags.includes('contextual-triage') ? ' *(downgraded by context)*' : '';
  const override = severityOverrideNote(issue);
  const overridden = override ? ` *(${mdText(override)})*` : '';
  const note = llmReviewNote(issue);
  const reviewed = note ? ` *(${mdText(note)})*` : '';
  const explanation = llmExplanation(issue);
  const fix = fixLine(issue.remediation, FIX_MAX);
  return [
    `**${mdText(issue.id)}**${isLlmIssue(issue) ? ' (LLM)' : ''}`,
    occurrenceCell(issue),
    `${mdText(issue.pattern)}${triaged}${overridden}${reviewed}${fix ? `<br>*Fix:* ${mdText(fix)}` : ''}`,
    `${mdSnippet(issue.finding, true)}${explanation ? `<br>*LLM:* ${mdText(explanation)}` : ''}`,
    issue.confidence.toFixed(2),
  ];
}

function countsLine(v: HumanView): string {
  return (['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const satisfies readonly Severity[]).map((s) => `${v.counts[s]} ${s.toLowerCase()}`).join(' · ');
}

/** Says how many findings `--min-severity` left out, so a short listing is never mistaken for a clean one. */
function hiddenNote(v: HumanView): string[] {
  if (v.hidden === 0 || v.minSeverity === undefined) return [];
  return [`*${v.hidden} finding(s) below ${v.minSeverity} not listed (--min-severity ${v.minSeverity}).*`, ''];
}

function findings(v: HumanView): string[] {
  const total = v.groups.reduce((n, g) => n + g.issues.length, 0) + v.hidden;
  const out = [`### Findings (${total})`, '', countsLine(v), ''];
  if (v.groups.length === 0) return [...out, v.hidden > 0 ? 'No findings at or above the minimum severity.' : 'No findings.', '', ...hiddenNote(v)];
  for (const g of v.groups) {
    out.push(`#### ${g.severity} (${g.issues.length})`, '');
    out.push(...table(['Rule', 'Location', 'Pattern', 'Match', 'Confidence'], g.issues.map(issueRow)), '');
  }
  return [...out, ...hiddenNote(v)];
}

/** `--summary`: the most severe findings in one table, then how many more there are. */
function summaryFindings(v: HumanView): string[] {
  const listed = v.groups.reduce((n, g) => n + g.issues.length, 0);
  const out = [`### Findings (${listed + v.hidden})`, '', countsLine(v), ''];
  if (listed === 0) return [...out, v.hidden > 0 ? 'No findings at or above the minimum severity.' : 'No findings.', '', ...hiddenNote(v)];
  const top = topIssues(v.groups, SUMMARY_TOP);
  const rows = top.map((i) => [i.severity, `**${mdText(i.id)}**`, mdLocation(i.location), mdText(i.pattern)]);
  out.push(`Top ${top.length} of ${listed}:`, '', ...table(['Severity', 'Rule', 'Location', 'Pattern'], rows), '');
  if (listed > top.length) out.push(`… ${listed - top.length} more (run without --summary to list them).`, '');
  return [...out, ...hiddenNote(v)];
}

function summaryCompleteness(v: HumanView): string[] {
  const ac = v.completeness;
  const problems = ac.status === 'complete' ? '' : ` · ${v.exceptions.length} exception(s) · ${ac.limitations.length} limitation(s) (run without --summary to list them)`;
  return ['### Inspection completeness', '', `Status: **${ac.status}** · coverage ${ac.coverage_percent}%${problems}`, ''];
}

function exceptionRow(e: ExceptionLine): string[] {
  const path = e.line !== undefined ? `${e.path}:${e.line}` : e.path;
  return [
    mdCode(e.reason, true),
    mdCode(path, true),
    e.member !== undefined ? mdCode(e.member, true) : '—',
    e.measure !== undefined ? mdText(e.measure) : '—',
    e.outcome,
    e.fatal ? '**yes**' : 'no',
    mdText(e.message),
  ];
}

function completeness(v: HumanView): string[] {
  const ac = v.completeness;
  const out = [
    '### Inspection completeness',
    '',
    `- Status: **${ac.status}**${ac.is_complete ? '' : ' (incomplete)'}`,
    `- Execution: ${ac.execution_successful ? 'successful' : '**failed**'}`,
    `- Coverage: ${ac.coverage_percent}% (${ac.fully_inspected_files} fully, ${ac.partially_inspected_files} partially, ${ac.entirely_uninspected_files} not inspected of ${ac.total_components})`,
    `- Ledger exceptions: ${v.exceptions.length} · limitations: ${ac.limitations.length} · out of scope: ${v.scope.length}`,
    '',
  ];
  if (v.exceptions.length > 0) {
    out.push(`#### Exceptions (${v.exceptions.length})`, '');
    out.push(...table(['Reason', 'Affected path', 'Member', 'Observed / limit', 'Outcome', 'Fatal', 'Message'], v.exceptions.map(exceptionRow)), '');
  }
  const analyzers = ac.analyzer_statuses.filter((s) => s.status === 'failed' || s.status === 'degraded');
  for (const a of analyzers) out.push(`- Analyzer ${mdCode(a.analyzer_id, false)} ${a.status}${a.message ? `: ${mdText(a.message)}` : ''}`);
  if (ac.limitations.length > 0) {
    out.push('#### Limitations', '', ...ac.limitations.map((l) => `- ${mdText(l)}`), '');
  } else if (analyzers.length > 0) out.push('');
  return [...out, ...scope(v)];
}

function scope(v: HumanView): string[] {
  if (v.scope.length === 0) return [];
  return [
    `${v.scope.length} path(s) left out of scope (not analysed; they do not make the scan incomplete).`,
    '',
    '<details>',
    `<summary>Scope exclusions (${v.scope.length})</summary>`,
    '',
    ...v.scope.map((s) => `- ${mdCode(s.reason, false)} ${mdCode(s.path, false)}`),
    '',
    '</details>',
    '',
  ];
}

function suppressed(report: ScanReport, v: HumanView, show: boolean): string[] {
  if (show && v.suppressed.length > 0) {
    const rows = v.suppressed.map((s) => [`**${mdText(s.id)}**`, s.severity, mdLocation(s.location), mdSnippet(s.finding, true), mdText(s.suppression_reason ?? '')]);
    return [`### Suppressed (${v.suppressed.length})`, '', ...table(['Rule', 'Severity', 'Location', 'Match', 'Reason'], rows), ''];
  }
  if (report.suppressed_count > 0) return [`${mdText(suppressedCountLine(report.metadata, report.suppressed_count))} (use --show-suppressed to list them).`, ''];
  return [];
}

export function writeMarkdown(report: ScanReport, options: MarkdownOptions): string {
  const v = humanView(report, options.minSeverity !== undefined ? { minSeverity: options.minSeverity } : {});
  // A summary still says how many findings were suppressed, but lists none of them.
  const body = options.summary
    ? [...summaryFindings(v), ...summaryCompleteness(v), ...suppressed(report, v, false)]
    : [...findings(v), ...completeness(v), ...suppressed(report, v, options.showSuppressed)];
  const lines = [...header(v, report), ...body];
  while (lines.at(-1) === '') lines.pop();
  return `${lines.join('\n')}\n`;
}
