// The counts of a batch, kept as lines stream by (never the lines themselves, except the few that need
// a person's attention), and their Markdown and JSON forms for `--summary FILE` and stderr.
import { SCHEMA_VERSION } from '../report/types.js';
import { sanitizeLine, stringifyJsonSafe } from '../shared/sanitize.js';
import { VERSION } from '../shared/version.js';
import { lineExitCode } from './gates.js';
import type { LineGates } from './gates.js';
import type { BatchLine } from './line.js';
import type { MultiSummary } from '../report/writers/multi-skill.js';

/** The attention lists keep at most this many targets each, so a huge registry's summary stays small. */
export const MAX_LISTED = 1_000;

/** The `--recursive` summary's counts (CONTRACT §11), plus what only a batch knows. */
export interface SummaryCounts extends MultiSummary {
  /** Batch only: reused from the cache, timed out, read back from the output file by --resume. */
  cached: number;
  timeout: number;
  resumed: number;
}

export interface Listed {
  target: string;
  status: BatchLine['status'];
  recommendation: BatchLine['recommendation'];
  score: number | null;
  error?: string;
}

export class BatchSummary {
  readonly counts: SummaryCounts = { total: 0, safe: 0, caution: 0, do_not_install: 0, failed: 0, incomplete: 0, cached: 0, timeout: 0, resumed: 0 };
  readonly failedTargets: Listed[] = [];
  readonly doNotInstall: Listed[] = [];
  private exit: 0 | 1 | 2 = 0;

  constructor(private readonly gates: LineGates = {}) {}

  add(line: BatchLine, resumed = false): void {
    const c = this.counts;
    c.total++;
    if (resumed) c.resumed++;
    if (line.status === 'cached') c.cached++;
    if (line.status === 'timeout') c.timeout++;
    if (line.recommendation === 'SAFE') c.safe++;
    else if (line.recommendation === 'CAUTION') c.caution++;
    else if (line.recommendation === 'DO_NOT_INSTALL') c.do_not_install++;
    const listed: Listed = {
      target: line.target, status: line.status, recommendation: line.recommendation, score: line.score,
      ...(line.error !== undefined ? { error: line.error } : {}),
    };
    if (line.status === 'error' || line.status === 'timeout' || !line.execution_successful) {
      c.failed++;
      if (this.failedTargets.length < MAX_LISTED) this.failedTargets.push(listed);
    }
    if (line.is_complete === false) c.incomplete++;
    if (line.recommendation === 'DO_NOT_INSTALL' && this.doNotInstall.length < MAX_LISTED) this.doNotInstall.push(listed);
    const code = lineExitCode(line, this.gates);
    if (code > this.exit) this.exit = code;
  }

  get exitCode(): 0 | 1 | 2 {
    return this.exit;
  }
}

export interface SummaryTiming {
  durationMs: number;
  /** Lines produced by this run (not read back by --resume), for the rate. */
  produced: number;
}

function rate(t: SummaryTiming): number {
  return t.durationMs > 0 ? Math.round((t.produced / (t.durationMs / 1000)) * 10) / 10 : 0;
}

const byTarget = (a: Listed, b: Listed): number => (a.target < b.target ? -1 : a.target > b.target ? 1 : 0);

export function summaryJson(s: BatchSummary, t: SummaryTiming): string {
  return `${stringifyJsonSafe({
    schema_version: SCHEMA_VERSION,
    tool: { name: 'skillspector', version: VERSION },
    summary: s.counts,
    exit_code: s.exitCode,
    duration_ms: Math.round(t.durationMs),
    skills_per_second: rate(t),
    failed: [...s.failedTargets].sort(byTarget),
    do_not_install: [...s.doNotInstall].sort(byTarget),
  }, 2)}\n`;
}

/** Markdown cell text: one line, pipes escaped. */
function cell(s: string): string {
  return sanitizeLine(s).replace(/\|/g, '\\|');
}

function listSection(title: string, rows: readonly Listed[], total: number): string[] {
  if (rows.length === 0) return [];
  const out = ['', `## ${title} (${total})`, '', '| Target | Status | Verdict | Score | Error |', '|---|---|---|---:|---|'];
  for (const r of [...rows].sort(byTarget)) {
    out.push(`| ${cell(r.target)} | ${r.status} | ${r.recommendation ?? '—'} | ${r.score ?? '—'} | ${cell(r.error ?? '')} |`);
  }
  if (total > rows.length) out.push('', `…and ${total - rows.length} more (the NDJSON output lists every skill).`);
  return out;
}

export function summaryMarkdown(s: BatchSummary, t: SummaryTiming): string {
  const c = s.counts;
  const lines = [
    '# SkillSpector batch summary', '',
    `${c.total} skills, exit code ${s.exitCode}, ${(t.durationMs / 1000).toFixed(1)} s (${rate(t)} skills/s)`, '',
    '| SAFE | CAUTION | DO_NOT_INSTALL | Failed | Incomplete | Cached | Timeout | Resumed |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${c.safe} | ${c.caution} | ${c.do_not_install} | ${c.failed} | ${c.incomplete} | ${c.cached} | ${c.timeout} | ${c.resumed} |`,
    ...listSection('Failed', s.failedTargets, c.failed),
    ...listSection('DO_NOT_INSTALL', s.doNotInstall, c.do_not_install),
  ];
  return `${lines.join('\n')}\n`;
}

/** The one stderr line a batch ends with. */
export function summaryLine(s: BatchSummary, t: SummaryTiming): string {
  const c = s.counts;
  const extra = [c.cached > 0 ? `${c.cached} cached` : '', c.timeout > 0 ? `${c.timeout} timed out` : '', c.resumed > 0 ? `${c.resumed} from a previous run` : '']
    .filter((x) => x !== '');
  return `skillspector: batch: ${c.total} skills: ${c.safe} SAFE, ${c.caution} CAUTION, ${c.do_not_install} DO_NOT_INSTALL, ${c.failed} failed, ${c.incomplete} incomplete${extra.length > 0 ? ` (${extra.join(', ')})` : ''}; ${(t.durationMs / 1000).toFixed(1)} s, ${rate(t)} skills/s; exit ${s.exitCode}\n`;
}
