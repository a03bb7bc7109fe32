// The `report` field of a compact reply: a few plain lines a person can read in an MCP client (verdict,
// counts, completeness, the ten most severe findings) and how to get the full report.
import { FORMATS } from '../report/writers/index.js';
import type { McpVerdict } from './verdict-shape.js';

/** Findings and exceptions the text lists; the structured fields hold up to twenty of each. */
export const SUMMARY_FINDINGS = 10;
export const SUMMARY_EXCEPTIONS = 5;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function verdictLine(v: Omit<McpVerdict, 'report'>): string {
  const verdict = v.recommendation === 'DO_NOT_INSTALL' ? 'DO NOT INSTALL' : v.recommendation;
  return `${verdict}: risk ${v.risk_score}/100 (${v.severity}); safe_to_install ${String(v.safe_to_install)}.`;
}

function countsLine(v: Omit<McpVerdict, 'report'>): string {
  const counts = Object.entries(v.finding_counts).map(([s, n]) => `${n} ${s}`).join(', ');
  const suppressed = v.suppressed_count > 0 ? ` ${v.suppressed_count} suppressed (baseline or trusted inline comments).` : '';
  return `${plural(v.findings_total, 'active finding')}: ${counts}.${suppressed}`;
}

function completenessLine(v: Omit<McpVerdict, 'report'>): string {
  const c = v.analysis_completeness;
  const status = c.execution_successful ? (c.is_complete ? 'complete' : 'incomplete') : 'failed (fatal error)';
  const reasons = Object.entries(c.exceptions_by_reason).map(([r, n]) => `${r} ${n}`).join(', ');
  const exceptions = c.ledger_exceptions_total > 0 ? `; ${plural(c.ledger_exceptions_total, 'exception')} (${reasons})` : '';
  return `Inspection ${status}: ${c.coverage_percent}% of ${plural(c.total_components, 'component')} fully inspected${exceptions}.`;
}

function analysisLine(v: Omit<McpVerdict, 'report'>, degraded: boolean): string {
  if (v.scan_mode === 'static-only') return 'Analysis: static only.';
  const model = v.llm_model === null ? '' : `, model ${v.llm_model}`;
  return `Analysis: static + LLM (${plural(v.llm_calls, 'request')}${model})${degraded ? '; the LLM review was degraded' : ''}.`;
}

function findingLines(v: Omit<McpVerdict, 'report'>): string[] {
  const shown = v.findings.slice(0, SUMMARY_FINDINGS);
  if (shown.length === 0) return [];
  const lines = shown.map((f) => `  ${f.severity.padEnd(8)} ${f.id.padEnd(6)} ${f.title} (${f.file}:${f.line})`);
  const more = v.findings_total - shown.length;
  return ['Most severe findings:', ...lines, ...(more > 0 ? [`  … and ${more} more.`] : [])];
}

function exceptionLines(v: Omit<McpVerdict, 'report'>): string[] {
  const c = v.analysis_completeness;
  const shown = c.ledger_exceptions.slice(0, SUMMARY_EXCEPTIONS);
  if (shown.length === 0) return [];
  const lines = shown.map((e) => `  ${e.fatal ? 'FATAL ' : ''}${e.reason_code} ${e.path}: ${e.message}`);
  const more = c.ledger_exceptions_total - shown.length;
  return ['Inspection exceptions:', ...lines, ...(more > 0 ? [`  … and ${more} more.`] : [])];
}

export function summaryText(v: Omit<McpVerdict, 'report'>, degraded: boolean): string {
  const others = FORMATS.filter((f) => f !== 'json').map((f) => `"${f}"`).join(', ');
  return [
    verdictLine(v),
    countsLine(v),
    completenessLine(v),
    analysisLine(v, degraded),
    ...findingLines(v),
    ...exceptionLines(v),
    `Full report: call scan_skill again with output_format "json" (or ${others}).`,
  ].join('\n');
}
