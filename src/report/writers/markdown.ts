// Markdown report for PR comments and report files: the terminal report's content in GitHub-flavoured
// Markdown. Every bundle-derived string is sanitised and escaped, because a hostile path or snippet
// must neither inject markup into the comment nor carry terminal escapes to whoever cats the file.
import { sanitizeLine } from '../../shared/sanitize.js';
import type { Severity } from '../../shared/types.js';
import type { Issue, Location, ScanReport } from '../types.js';
import { encodeVirtualPath, humanView } from '../view.js';
import type { ExceptionLine, HumanView } from '../view.js';
import { isLlmIssue, llmExplanation, llmReviewNote, llmSummary } from './llm-summary.js';

export interface MarkdownOptions {
  showSuppressed: boolean;
}

const SNIPPET_MAX = 160;
const OCCURRENCES_SHOWN = 3;

/** Escapes the characters that start inline markup, HTML or entities, and table cell pipes. */
export function mdText(s: string): string {
  return sanitizeLine(s).replace(/[\\`*_[\]<>|~&]/g, (c) => `\\${c}`);
}

/**
 * Inline code that survives any content (snippets are cut at `max`; paths never are): the fence is one backtick longer than the longest run
 * inside, and pipes are escaped in table cells (GFM splits cells before parsing code spans).
 */
export function mdCode(s: string, inTable: boolean, max = Infinity): string {
  let text = sanitizeLine(s);
  if (text.length > max) text = `${[...text].slice(0, max - 1).join('')}…`;
  if (text.trim() === '') return '*(blank)*';
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = longest > 0 || (text.startsWith(' ') && text.endsWith(' ')) ? ' ' : '';
  const body = inTable ? text.replace(/\|/g, '\\|') : text;
  return `${fence}${pad}${body}${pad}${fence}`;
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

function occurrenceCell(issue: Issue): string {
  const shown = issue.occurrences.slice(0, OCCURRENCES_SHOWN).map(mdLocation);
  if (shown.length === 0) shown.push(mdLocation(issue.location));
  const more = issue.occurrences.length - OCCURRENCES_SHOWN;
  return more > 0 ? `${shown.join('<br>')}<br>+${more} more` : shown.join('<br>');
}

function issueRow(issue: Issue): string[] {
  const triaged = issue.tags.includes('contextual-triage') ? ' *(downgraded by context)*' : '';
  const note = llmReviewNote(issue);
  const reviewed = note ? ` *(${mdText(note)})*` : '';
  const explanation = llmExplanation(issue);
  return [
    `**${mdText(issue.id)}**${isLlmIssue(issue) ? ' (LLM)' : ''}`,
    occurrenceCell(issue),
    `${mdText(issue.pattern)}${triaged}${reviewed}`,
    `${mdCode(issue.finding, true, SNIPPET_MAX)}${explanation ? `<br>*LLM:* ${mdText(explanation)}` : ''}`,
    issue.confidence.toFixed(2),
  ];
}

function findings(v: HumanView): string[] {
  const total = v.groups.reduce((n, g) => n + g.issues.length, 0);
  const counts = (['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const satisfies readonly Severity[])
    .map((s) => `${v.counts[s]} ${s.toLowerCase()}`)
    .join(' · ');
  const out = [`### Findings (${total})`, '', counts, ''];
  if (total === 0) return [...out, 'No findings.', ''];
  for (const g of v.groups) {
    out.push(`#### ${g.severity} (${g.issues.length})`, '');
    out.push(...table(['Rule', 'Location', 'Pattern', 'Match', 'Confidence'], g.issues.map(issueRow)), '');
  }
  return out;
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
    const rows = v.suppressed.map((s) => [`**${mdText(s.id)}**`, s.severity, mdLocation(s.location), mdCode(s.finding, true, SNIPPET_MAX), mdText(s.suppression_reason ?? '')]);
    return [`### Suppressed by baseline (${v.suppressed.length})`, '', ...table(['Rule', 'Severity', 'Location', 'Match', 'Reason'], rows), ''];
  }
  if (report.suppressed_count > 0) return [`${report.suppressed_count} finding(s) suppressed by baseline (use --show-suppressed to list them).`, ''];
  return [];
}

export function writeMarkdown(report: ScanReport, options: MarkdownOptions): string {
  const v = humanView(report);
  const lines = [...header(v, report), ...findings(v), ...completeness(v), ...suppressed(report, v, options.showSuppressed)];
  while (lines.at(-1) === '') lines.pop();
  return `${lines.join('\n')}\n`;
}
