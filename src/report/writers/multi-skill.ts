// The `scan --recursive` output (CONTRACT §11): many skills in one document. JSON wraps the §3 reports
// with a summary; terminal and Markdown put a table of every skill first, then each skill's own report
// (rendered by the ordinary writers); SARIF merges one run per skill into one log.
import { SCHEMA_VERSION } from '../types.js';
import type { ScanReport } from '../types.js';
import { sanitizeLine, stringifyJsonSafe } from '../../shared/sanitize.js';
import { VERSION } from '../../shared/version.js';
import { SARIF_SCHEMA } from './sarif.js';

/** One skill of a recursive scan: its path under the scanned directory, and its report or why it has none. */
export interface SkillResult {
  /** `/`-separated, relative to the scanned directory; `.` for the directory itself. */
  path: string;
  report?: ScanReport;
  error?: string;
}

export interface MultiSummary {
  total: number;
  safe: number;
  caution: number;
  do_not_install: number;
  /** Could not be scanned, or `execution_successful` false (such a skill still counts under its verdict). */
  failed: number;
  incomplete: number;
}

export function multiSummary(results: readonly SkillResult[]): MultiSummary {
  const s: MultiSummary = { total: results.length, safe: 0, caution: 0, do_not_install: 0, failed: 0, incomplete: 0 };
  for (const { report } of results) {
    if (!report) {
      s.failed++;
      s.incomplete++;
      continue;
    }
    const rec = report.risk_assessment.recommendation;
    if (rec === 'SAFE') s.safe++;
    else if (rec === 'CAUTION') s.caution++;
    else s.do_not_install++;
    if (!report.execution_successful) s.failed++;
    if (!report.analysis_completeness.is_complete) s.incomplete++;
  }
  return s;
}

export function writeMultiJson(results: readonly SkillResult[]): string {
  const errors = results.filter((r) => !r.report).map((r) => ({ path: r.path, error: r.error ?? 'not scanned' }));
  return `${stringifyJsonSafe({
    schema_version: SCHEMA_VERSION,
    tool: { name: 'skillspector', version: VERSION },
    skills: results.flatMap((r) => (r.report ? [r.report] : [])),
    summary: multiSummary(results),
    // Only when some skill could not be scanned at all: it has no §3 report to list.
    ...(errors.length > 0 ? { errors } : {}),
  }, 2)}\n`;
}

interface Row {
  path: string;
  verdict: string;
  score: string;
  issues: string;
  complete: string;
}

function rowOf(r: SkillResult): Row {
  const rep = r.report;
  if (!rep) return { path: r.path, verdict: 'NOT SCANNED', score: '—', issues: '—', complete: 'no' };
  return {
    path: r.path,
    verdict: rep.execution_successful ? rep.risk_assessment.recommendation : `${rep.risk_assessment.recommendation} (failed)`,
    score: String(rep.risk_assessment.score),
    issues: String(rep.issues.length),
    complete: rep.analysis_completeness.is_complete ? 'yes' : 'no',
  };
}

function summaryText(s: MultiSummary): string {
  return `${s.total} skills: ${s.safe} SAFE, ${s.caution} CAUTION, ${s.do_not_install} DO_NOT_INSTALL, ${s.failed} failed, ${s.incomplete} incomplete`;
}

const HEAD: Row = { path: 'Skill', verdict: 'Verdict', score: 'Score', issues: 'Issues', complete: 'Complete' };

/** The terminal table: columns padded to the widest cell, paths shown on one line. */
export function terminalTable(results: readonly SkillResult[]): string {
  const rows = [HEAD, ...results.map(rowOf).map((r) => ({ ...r, path: sanitizeLine(r.path) }))];
  const keys = ['path', 'verdict', 'score', 'issues', 'complete'] as const;
  const width = Object.fromEntries(keys.map((k) => [k, Math.max(...rows.map((r) => r[k].length))])) as Record<(typeof keys)[number], number>;
  const line = (r: Row): string => keys.map((k) => (k === 'score' || k === 'issues' ? r[k].padStart(width[k]) : r[k].padEnd(width[k]))).join('  ').trimEnd();
  const rule = keys.map((k) => '-'.repeat(width[k])).join('  ');
  return [`SkillSpector recursive scan: ${summaryText(multiSummary(results))}`, '', line(HEAD), rule, ...rows.slice(1).map(line), ''].join('\n');
}

function mdCell(s: string): string {
  return sanitizeLine(s).replace(/\|/g, '\\|').replace(/`/g, "'");
}

export function markdownTable(results: readonly SkillResult[]): string {
  const out = [
    '# SkillSpector recursive scan', '', summaryText(multiSummary(results)), '',
    '| Skill | Verdict | Score | Issues | Complete |', '|---|---|---:|---:|---|',
    ...results.map(rowOf).map((r) => `| \`${mdCell(r.path)}\` | ${r.verdict} | ${r.score} | ${r.issues} | ${r.complete} |`),
    '',
  ];
  return out.join('\n');
}

/**
 * Table first, then each skill's own report under a heading that names it; a skill that could not be
 * scanned says why. `detail` renders one report with the ordinary writer of the format.
 */
export function writeMultiText(results: readonly SkillResult[], format: 'terminal' | 'markdown', detail: (report: ScanReport) => string): string {
  const parts = [format === 'terminal' ? terminalTable(results) : markdownTable(results)];
  for (const r of results) {
    const title = format === 'terminal' ? `\n=== ${sanitizeLine(r.path)} ===\n` : `\n---\n\n## Skill \`${mdCell(r.path)}\`\n`;
    parts.push(title, r.report ? detail(r.report) : `not scanned: ${sanitizeLine(r.error ?? 'unknown error')}\n`);
  }
  return parts.join('\n');
}

/** One SARIF log holding the single run of each per-skill log, in skill order. */
export function mergeSarifLogs(logs: readonly string[]): string {
  const runs = logs.flatMap((text) => (JSON.parse(text) as { runs: unknown[] }).runs);
  return `${stringifyJsonSafe({ $schema: SARIF_SCHEMA, version: '2.1.0', runs }, 2)}\n`;
}
