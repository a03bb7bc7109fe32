// A view model shared by the human-readable writers (terminal, Markdown and HTML).
import { sanitizeLine } from '../shared/sanitize.js';
import { SEVERITIES, severityRank } from '../shared/types.js';
import type { Severity } from '../shared/types.js';
import type { Issue, ScanReport } from './types.js';

export interface ExceptionLine {
  reason: string;
  path: string;
  member?: string;
  fatal: boolean;
  outcome: string;
  message: string;
  measure?: string;
  /** First line the exception concerns, when it is tied to a span of a file. */
  line?: number;
}

export interface HumanView {
  verdict: string;
  recommendation: ScanReport['risk_assessment']['recommendation'];
  score: number;
  band: Severity;
  maxIssue: string;
  name: string;
  source: string;
  groups: { severity: Severity; issues: Issue[] }[];
  counts: Record<Severity, number>;
  completeness: ScanReport['analysis_completeness'];
  exceptions: ExceptionLine[];
  scope: { reason: string; path: string }[];
  suppressed: Issue[];
  /** Active issues below `--min-severity`: counted in `counts`, left out of `groups`. */
  hidden: number;
  minSeverity?: Severity;
}

/** What the human-readable writers show: a display filter only, the verdict never changes. */
export interface DisplayOptions {
  /** Leave findings below this severity out of the listing (they stay in the counts). */
  minSeverity?: Severity;
}

export function verdictText(r: ScanReport['risk_assessment']['recommendation']): string {
  return r === 'DO_NOT_INSTALL' ? 'DO NOT INSTALL' : r;
}

function formatMeasure(observed: number | undefined, limit: number | undefined, unit: string | undefined): string | undefined {
  if (observed === undefined && limit === undefined) return undefined;
  const u = unit ? ` ${unit}` : '';
  return `observed ${observed ?? '?'}${u}, limit ${limit ?? '?'}${u}`;
}

export function humanView(report: ScanReport, display: DisplayOptions = {}): HumanView {
  const ra = report.risk_assessment;
  const groups = [...SEVERITIES].reverse().map((severity) => ({ severity, issues: report.issues.filter((i) => i.severity === severity) }));
  const counts = Object.fromEntries(groups.map((g) => [g.severity, g.issues.length])) as Record<Severity, number>;
  const shown = (s: Severity): boolean => display.minSeverity === undefined || severityRank(s) >= severityRank(display.minSeverity);
  const hidden = groups.reduce((n, g) => n + (shown(g.severity) ? 0 : g.issues.length), 0);
  const exceptions = report.analysis_completeness.ledger_exceptions.map((e) => {
    const line: ExceptionLine = {
      reason: e.reason_code, path: sanitizeLine(e.path), fatal: e.fatal, outcome: e.outcome, message: sanitizeLine(e.message),
    };
    if (e.member !== undefined) line.member = sanitizeLine(e.member);
    const m = formatMeasure(e.observed, e.limit, e.unit);
    if (m) line.measure = m;
    if (e.start_line !== undefined) line.line = e.start_line;
    return line;
  });
  return {
    verdict: verdictText(ra.recommendation), recommendation: ra.recommendation, score: ra.score, band: ra.severity,
    maxIssue: ra.max_issue_severity, name: sanitizeLine(report.skill.name), source: sanitizeLine(report.skill.source),
    groups: groups.filter((g) => g.issues.length > 0 && shown(g.severity)), counts, completeness: report.analysis_completeness, exceptions,
    scope: report.analysis_completeness.scope_exclusions.map((s) => ({ reason: s.reason_code, path: sanitizeLine(s.path) })),
    suppressed: report.suppressed.filter((i) => shown(i.severity)), hidden,
    ...(display.minSeverity !== undefined ? { minSeverity: display.minSeverity } : {}),
  };
}

/**
 * The `--summary` listing: the most severe issues first, the more confident first within a severity,
 * report order otherwise (Array.prototype.sort is stable).
 */
export function topIssues(groups: HumanView['groups'], count: number): Issue[] {
  const all = groups.flatMap((g) => g.issues);
  return all.sort((a, b) => severityRank(b.severity) - severityRank(a.severity) || b.confidence - a.confidence).slice(0, count);
}

/** The docs/RULES.md heading anchor of a rule (`## PE2` → `pe2`, `## YR-CUSTOM` → `yr-custom`), as GitHub slugs it. */
export function ruleAnchor(id: string): string {
  return id.toLowerCase().replace(/[^\p{L}\p{N}_ -]/gu, '').replace(/ /g, '-');
}

/** Where the rule catalogue documents a rule, relative to the repository root. */
export function ruleDocLink(id: string): string {
  return `docs/RULES.md#${ruleAnchor(id)}`;
}

/** Longest examined prefix, in multiples of the cap: keeps work bounded for a multi-megabyte string. */
const HEAD_FACTOR = 4;

/**
 * `text` cut to at most `max` code points, ending at a word boundary with `…` when it had to be cut. A
 * word longer than half the cap is cut inside (a base64 blob has no boundary to wait for).
 */
export function cutWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const chars = Array.from(text.length > max * HEAD_FACTOR ? text.slice(0, max * HEAD_FACTOR) : text);
  if (chars.length <= max && text.length <= max * HEAD_FACTOR) return text;
  const kept = chars.slice(0, Math.max(1, max - 1));
  const space = kept.lastIndexOf(' ');
  const head = space >= max / 2 ? kept.slice(0, space) : kept;
  return `${head.join('').trimEnd()}…`;
}

/**
 * A matched snippet as one display line: line breaks shown as `⏎`, runs of spaces and tabs folded,
 * controls replaced (sanitizeLine), cut at a word boundary to `max` code points (Infinity: never).
 */
export function snippetLine(raw: string, max = Infinity): string {
  const head = Number.isFinite(max) && raw.length > max * HEAD_FACTOR ? raw.slice(0, max * HEAD_FACTOR) : raw;
  const line = sanitizeLine(head.replace(/\r\n|\r|\n/g, '⏎')).replace(/[ \t]+/g, ' ').trim();
  const cut = cutWords(line, max);
  if (head.length === raw.length || cut.endsWith('…')) return cut;
  // Whitespace folded the examined prefix below the cap: the rest was never looked at, so mark the cut.
  return `${cutWords(line, max - 1).replace(/…$/, '')}…`;
}

// A sentence ends at . ! or ? before a space and a word that does not start in lower case, or at the end;
// not after an abbreviation ("e.g. `1.2.3`") and not inside a version (v1.2).
const SENTENCE_END = /(?<!\b(?:e\.g|i\.e|etc|vs|cf))[.!?](?=\s+[^a-z\s]|$)/u;

/**
 * The first sentence of a rule's remediation, one line of at most `max` code points: what to do, in the
 * terminal under each finding.
 */
export function fixLine(remediation: string, max = Infinity): string {
  const head = Number.isFinite(max) && remediation.length > max * HEAD_FACTOR ? remediation.slice(0, max * HEAD_FACTOR) : remediation;
  const text = sanitizeLine(head.replace(/\s+/g, ' ')).trim();
  const end = SENTENCE_END.exec(text);
  return cutWords(end ? text.slice(0, end.index + 1) : text, max);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A bundle-relative (virtual) path as a relative URI reference: every character outside the
 * unreserved set is percent-encoded except `/` (segments) and `!` (the `!/` member boundary), so
 * spaces, `#`, `%`, `?`, `:` and parentheses cannot end or re-scope the URI, and decoding gives
 * the path back for joining with the JSON report.
 */
export function encodeVirtualPath(path: string): string {
  return path
    .replace(LONE_SURROGATE, '\uFFFD')
    .split('/')
    .map((seg) => encodeURIComponent(seg).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}
