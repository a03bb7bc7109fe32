// HTML report: one self-contained page for a person to read and act on: verdict, findings with their code,
// the bundle's contents with each member's disposition, and inspection completeness. No script, no external
// asset, and a Content-Security-Policy that blocks every load, so a hostile string that escaped anyway
// could still neither run nor call out. Every bundle-derived string goes through html-escape.ts.
import { SEVERITIES } from '../../shared/types.js';
import type { Issue, ScanReport } from '../types.js';
import { fixLine, humanView, ruleDocLink } from '../view.js';
import type { DisplayOptions, ExceptionLine, HumanView } from '../view.js';
import { htmlBlock, htmlText } from './html-escape.js';
import { HTML_STYLE } from './html-style.js';
import { inventoryTree } from './html-tree.js';
import type { TreeRow } from './html-tree.js';
import { configurationLine, inlineSuppressionNote, severityOverrideNote, suppressedCountLine } from './config-summary.js';
import { isLlmIssue, llmExplanation, llmReviewNote, llmSummary } from './llm-summary.js';
import { flowSource } from './terminal.js';

export interface HtmlOptions extends DisplayOptions {
  showSuppressed: boolean;
}

/** No fetch, frame, font, image, script or form target of any kind; inline styles only. */
export const HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/** Code context per finding: the matched lines, bounded for a finding that matched a huge blob. */
const CODE_MAX_CHARS = 4000;
const CODE_MAX_LINES = 40;
const OCCURRENCES_SHOWN = 50;
/** Deeper entries are indented no further, so a hostile nesting cannot push rows off the page. */
const TREE_INDENT_MAX = 24;

function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

function head(v: HumanView): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${HTML_CSP}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>SkillSpector: ${htmlText(v.verdict)} (${htmlText(v.name)})</title>`,
    `<style>${HTML_STYLE}</style>`,
    '</head>',
  ].join('\n');
}

function llmBlock(report: ScanReport): string[] {
  const s = llmSummary(report.metadata);
  const out = [`<p><strong>Analysis:</strong> ${htmlText(s.mode)}</p>`];
  if (s.degraded) {
    out.push(`<div class="banner warn"><strong>${htmlText(s.degraded.headline)}.</strong><ul>`, ...s.degraded.failures.map((f) => `<li>${htmlText(f)}</li>`), '</ul></div>');
  }
  const notes = [s.stopped, s.withheld, s.activity].filter((n): n is string => n !== undefined);
  if (notes.length > 0) out.push('<ul>', ...notes.map((n) => `<li>${htmlText(n)}</li>`), '</ul>');
  return out;
}

/** What the user's configuration changed, and the skill's inline comments that were ignored or refused. */
function configBlock(report: ScanReport): string[] {
  const config = configurationLine(report.metadata);
  const inline = inlineSuppressionNote(report.metadata);
  return [...(config ? [`<p><strong>Config:</strong> ${htmlText(config)}</p>`] : []), ...(inline ? [`<p class="muted">${htmlText(inline)}.</p>`] : [])];
}

function summary(v: HumanView, report: ScanReport): string[] {
  const ac = v.completeness;
  const out = [
    '<header>',
    '<h1>SkillSpector report</h1>',
    `<p><span class="verdict verdict-${v.recommendation}">${htmlText(v.verdict)}</span></p>`,
    '<div class="facts">',
    `<span>Risk score <strong>${v.score}/100</strong> (${v.band})</span>`,
    `<span>Max issue severity <strong>${htmlText(v.maxIssue)}</strong></span>`,
    `<span>Execution <strong>${ac.execution_successful ? 'successful' : 'FAILED'}</strong></span>`,
    `<span>Inspection <strong>${ac.status}</strong></span>`,
    '</div>',
    `<div class="bar" title="risk ${v.score}/100"><span class="verdict-${v.recommendation}" style="width:${v.score}%"></span></div>`,
    `<p>Skill <code>${htmlText(v.name)}</code> · source <code>${htmlText(v.source)}</code> · skillspector ${htmlText(report.tool.version)} · scanned ${htmlText(report.skill.scanned_at)}</p>`,
    ...llmBlock(report),
    ...configBlock(report),
  ];
  if (!ac.execution_successful) {
    out.push('<div class="banner"><strong>Execution failed:</strong> a fatal inspection error occurred, so this verdict is not reliable. See the exceptions below.</div>');
  } else if (!ac.is_complete) {
    out.push('<div class="banner warn"><strong>Inspection is incomplete:</strong> some content was not (fully) inspected, so a low score does not mean the skill is safe.</div>');
  }
  return [...out, '</header>'];
}

function counts(v: HumanView): string[] {
  const chips = [...SEVERITIES].reverse().map((s) => `<span class="chip"><span class="sev sev-${s}">${v.counts[s]}</span> ${s.toLowerCase()}</span>`);
  return [`<div class="chips">${chips.join('')}</div>`];
}

function coverage(v: HumanView): string[] {
  const ac = v.completeness;
  const total = ac.total_components;
  const seg = (cls: string, n: number, what: string): string => `<span class="${cls}" style="width:${percent(n, total)}%" title="${n} ${what}"></span>`;
  return [
    '<section id="coverage">',
    '<h2>Coverage</h2>',
    `<div class="bar">${seg('full', ac.fully_inspected_files, 'fully inspected')}${seg('part', ac.partially_inspected_files, 'partially inspected')}${seg('none', ac.entirely_uninspected_files, 'not inspected')}</div>`,
    `<p>${ac.coverage_percent}% covered: ${ac.fully_inspected_files} fully, ${ac.partially_inspected_files} partially, ${ac.entirely_uninspected_files} not inspected of ${total} component(s).</p>`,
    '</section>',
  ];
}

/** The matched text as numbered lines starting at the finding's first line. */
function codeContext(issue: Issue): string {
  const long = issue.finding.length > CODE_MAX_CHARS;
  const all = (long ? issue.finding.slice(0, CODE_MAX_CHARS) : issue.finding).replace(/\r\n?/g, '\n').split('\n');
  const lines = all.slice(0, CODE_MAX_LINES);
  const rows = lines.map((l, n) => `<span class="ln">${issue.location.start_line + n}</span>${htmlBlock(l)}`);
  if (long || all.length > lines.length) rows.push('<span class="ln">…</span>(cut)');
  return `<pre class="code"><code>${rows.join('\n')}</code></pre>`;
}

function occurrences(issue: Issue): string[] {
  if (issue.occurrences.length <= 1) return [];
  const shown = issue.occurrences.slice(0, OCCURRENCES_SHOWN).map((o) => `<li><span class="path">${htmlText(o.file)}:${o.start_line}</span></li>`);
  const more = issue.occurrences.length - shown.length;
  if (more > 0) shown.push(`<li>and ${more} more</li>`);
  return [`<details><summary>${issue.occurrences.length} occurrences</summary><ul class="occ">`, ...shown, '</ul></details>'];
}

function notes(issue: Issue): string[] {
  const out: string[] = [];
  const source = flowSource(issue);
  if (source) out.push(`<p><strong>Data from</strong> <code>${htmlText(source)}</code></p>`);
  if (issue.tags.includes('contextual-triage')) out.push('<p class="muted">Downgraded: context suggests documentation or a deny-list.</p>');
  const review = llmReviewNote(issue);
  if (review) out.push(`<p class="muted">${htmlText(review)}.</p>`);
  const explanation = llmExplanation(issue);
  if (explanation) out.push(`<p><strong>LLM:</strong> ${htmlText(explanation)}</p>`);
  return out;
}

function finding(issue: Issue): string[] {
  const fix = fixLine(issue.remediation);
  const doc = ruleDocLink(issue.id);
  const override = severityOverrideNote(issue);
  return [
    `<article class="finding f-${issue.severity}">`,
    '<header>',
    `<span class="rule">${htmlText(issue.id)}</span>${isLlmIssue(issue) ? ' <span class="muted">(LLM)</span>' : ''}`,
    `<span>${htmlText(issue.pattern)}</span>`,
    `<span class="path">${htmlText(issue.location.file)}:${issue.location.start_line}</span>`,
    `<span class="muted">${issue.severity}${override ? ` (${htmlText(override)})` : ''} · confidence ${issue.confidence.toFixed(2)}</span>`,
    '</header>',
    codeContext(issue),
    ...notes(issue),
    fix ? `<p><span class="fix">Fix:</span> ${htmlText(fix)} <a href="${htmlText(doc)}" rel="noreferrer">${htmlText(doc)}</a></p>` : '',
    `<details><summary>Why this matters and what to do</summary><p>${htmlText(issue.explanation)}</p><p>${htmlText(issue.remediation)}</p></details>`,
    ...occurrences(issue),
    '</article>',
  ].filter((l) => l !== '');
}

function hiddenNote(v: HumanView): string[] {
  if (v.hidden === 0 || v.minSeverity === undefined) return [];
  return [`<p class="muted">${v.hidden} finding(s) below ${v.minSeverity} not listed (--min-severity ${v.minSeverity}).</p>`];
}

function findings(v: HumanView): string[] {
  const total = v.groups.reduce((n, g) => n + g.issues.length, 0) + v.hidden;
  const out = ['<section id="findings">', `<h2>Findings (${total})</h2>`, ...counts(v)];
  if (v.groups.length === 0) out.push(`<p>${v.hidden > 0 ? 'No findings at or above the minimum severity.' : 'No findings.'}</p>`);
  for (const g of v.groups) {
    out.push(`<h3 class="sev sev-${g.severity}">${g.severity} (${g.issues.length})</h3>`);
    for (const issue of g.issues) out.push(...finding(issue));
  }
  return [...out, ...hiddenNote(v), '</section>'];
}

function treeRow(t: TreeRow): string {
  const indent = `style="padding-left:${0.5 + Math.min(t.depth, TREE_INDENT_MAX) * 1.25}em"`;
  const label = t.kind === 'folder' ? `${htmlText(t.name)}/` : htmlText(t.name);
  const r = t.row;
  if (!r) return `<tr><td ${indent}><span class="path">${label}</span></td><td class="muted">folder</td><td></td><td></td><td></td></tr>`;
  const kind = t.kind === 'container' ? 'archive' : t.kind === 'folder' ? 'folder' : r.content_kind;
  const where = r.container_type ? ` in ${htmlText(r.container_type)}` : '';
  const flags = [r.hidden ? 'hidden' : '', r.local_only ? 'local only' : ''].filter((f) => f !== '').join(', ');
  return [
    `<tr><td ${indent} title="${htmlText(r.path)}"><span class="path">${label}</span></td>`,
    `<td>${htmlText(kind)}${where}</td>`,
    `<td class="disp disp-${r.disposition}">${r.disposition.replace(/_/g, ' ')}</td>`,
    `<td>${[r.reason !== undefined ? `<code>${htmlText(r.reason)}</code>` : '', flags ? `<span class="muted">${flags}</span>` : ''].filter((x) => x !== '').join(' ')}</td>`,
    `<td>${r.size_bytes}</td></tr>`,
  ].join('');
}

function contents(report: ScanReport): string[] {
  const rows = inventoryTree(report.inventory);
  return [
    '<section id="contents">',
    `<h2>Contents (${report.inventory.length})</h2>`,
    '<p class="muted">Every artifact found, archive members under their container, with what the scan did with it.</p>',
    '<table class="tree"><thead><tr><th>Path</th><th>Kind</th><th>Disposition</th><th>Reason</th><th>Bytes</th></tr></thead><tbody>',
    ...rows.map(treeRow),
    '</tbody></table>',
    '</section>',
  ];
}

function exceptionRow(e: ExceptionLine): string {
  const path = e.line !== undefined ? `${e.path}:${e.line}` : e.path;
  return [
    `<tr><td><code>${htmlText(e.reason)}</code></td><td class="path">${htmlText(path)}</td>`,
    `<td class="path">${e.member !== undefined ? htmlText(e.member) : '—'}</td><td>${e.measure !== undefined ? htmlText(e.measure) : '—'}</td>`,
    `<td>${htmlText(e.outcome)}</td><td>${e.fatal ? '<strong>yes</strong>' : 'no'}</td><td>${htmlText(e.message)}</td></tr>`,
  ].join('');
}

function completeness(v: HumanView): string[] {
  const ac = v.completeness;
  const out = [
    '<section id="completeness">',
    '<h2>Inspection completeness</h2>',
    `<p>Status <strong>${ac.status}</strong>${ac.is_complete ? '' : ' (incomplete)'} · execution ${ac.execution_successful ? 'successful' : '<strong>failed</strong>'} · ledger exceptions ${v.exceptions.length} · limitations ${ac.limitations.length} · out of scope ${v.scope.length}</p>`,
  ];
  if (v.exceptions.length > 0) {
    out.push(`<h3>Exceptions (${v.exceptions.length})</h3>`, '<table><thead><tr><th>Reason</th><th>Affected path</th><th>Member</th><th>Observed / limit</th><th>Outcome</th><th>Fatal</th><th>Message</th></tr></thead><tbody>');
    out.push(...v.exceptions.map(exceptionRow), '</tbody></table>');
  }
  const analyzers = ac.analyzer_statuses.filter((s) => s.status === 'failed' || s.status === 'degraded');
  if (analyzers.length > 0) {
    out.push('<ul>', ...analyzers.map((a) => `<li>Analyzer <code>${htmlText(a.analyzer_id)}</code> ${htmlText(a.status)}${a.message ? `: ${htmlText(a.message)}` : ''}</li>`), '</ul>');
  }
  if (ac.limitations.length > 0) out.push('<h3>Limitations</h3>', '<ul>', ...ac.limitations.map((l) => `<li>${htmlText(l)}</li>`), '</ul>');
  if (v.scope.length > 0) {
    out.push(`<details><summary>Scope exclusions (${v.scope.length}): not analysed, and they do not make the scan incomplete</summary><ul>`);
    out.push(...v.scope.map((s) => `<li><code>${htmlText(s.reason)}</code> <span class="path">${htmlText(s.path)}</span></li>`), '</ul></details>');
  }
  return [...out, '</section>'];
}

function suppressed(report: ScanReport, v: HumanView, show: boolean): string[] {
  if (show && v.suppressed.length > 0) {
    const rows = v.suppressed.map((s) => `<tr><td class="rule">${htmlText(s.id)}</td><td>${s.severity}</td><td class="path">${htmlText(s.location.file)}:${s.location.start_line}</td><td>${htmlText(s.suppression_reason ?? '')}</td></tr>`);
    return ['<section id="suppressed">', `<h2>Suppressed (${v.suppressed.length})</h2>`, '<table><thead><tr><th>Rule</th><th>Severity</th><th>Location</th><th>Reason</th></tr></thead><tbody>', ...rows, '</tbody></table>', '</section>'];
  }
  if (report.suppressed_count > 0) return [`<p class="muted">${htmlText(suppressedCountLine(report.metadata, report.suppressed_count))} (use --show-suppressed to list them).</p>`];
  return [];
}

export function writeHtml(report: ScanReport, options: HtmlOptions): string {
  const v = humanView(report, options.minSeverity !== undefined ? { minSeverity: options.minSeverity } : {});
  const body = [
    '<body>',
    '<main>',
    ...summary(v, report),
    ...coverage(v),
    ...findings(v),
    ...contents(report),
    ...completeness(v),
    ...suppressed(report, v, options.showSuppressed),
    `<footer>Generated by SkillSpector ${htmlText(report.tool.version)}. This page runs no script and loads nothing: its content security policy blocks every request.</footer>`,
    '</main>',
    '</body>',
    '</html>',
  ];
  return `${head(v)}\n${body.join('\n')}\n`;
}
