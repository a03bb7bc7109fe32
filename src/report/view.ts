// A view model shared by the human-readable writers (terminal and Markdown).
import { sanitizeLine } from '../shared/sanitize.js';
import { SEVERITIES } from '../shared/types.js';
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
}

export function verdictText(r: ScanReport['risk_assessment']['recommendation']): string {
  return r === 'DO_NOT_INSTALL' ? 'DO NOT INSTALL' : r;
}

function formatMeasure(observed: number | undefined, limit: number | undefined, unit: string | undefined): string | undefined {
  if (observed === undefined && limit === undefined) return undefined;
  const u = unit ? ` ${unit}` : '';
  return `observed ${observed ?? '?'}${u}, limit ${limit ?? '?'}${u}`;
}

export function humanView(report: ScanReport): HumanView {
  const ra = report.risk_assessment;
  const groups = [...SEVERITIES].reverse().map((severity) => ({ severity, issues: report.issues.filter((i) => i.severity === severity) }));
  const counts = Object.fromEntries(groups.map((g) => [g.severity, g.issues.length])) as Record<Severity, number>;
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
    groups: groups.filter((g) => g.issues.length > 0), counts, completeness: report.analysis_completeness, exceptions,
    scope: report.analysis_completeness.scope_exclusions.map((s) => ({ reason: s.reason_code, path: sanitizeLine(s.path) })),
    suppressed: report.suppressed,
  };
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
