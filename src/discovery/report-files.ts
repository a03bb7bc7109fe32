// Recognises a SkillSpector report by its content, so a report written into a skill is never scanned as
// part of it (its quoted evidence and rule texts would fire the rules they describe). Recognition is
// strict: a JSON or SARIF report must parse and have the writer's exact top-level shape; Markdown,
// terminal and HTML reports must open with the writer's exact header lines. Executable files and other
// extensions are never reports. What recognition cannot promise (a payload placed inside a file that
// passes these checks) is bounded by the caller: a report SKILL.md leads to is analysed anyway.
import { isExecutable, suffixOf } from './classify.js';

export type ReportFormat = 'json' | 'sarif' | 'markdown' | 'terminal' | 'html';

/** Suffixes a report is written under; anything else is scanned as usual whatever it holds. */
const REPORT_SUFFIXES = new Set(['.json', '.sarif', '.md', '.markdown', '.txt', '.log', '.html', '.htm']);
/** Larger files are never parsed as reports (the per-file read cap keeps them well below this anyway). */
export const MAX_REPORT_BYTES = 16 * 1024 * 1024;
/** Bytes read to judge a file: header lines, and where a JSON report names the tool. */
const HEAD_BYTES = 64 * 1024;
const TOOL_NAMES = ['"skillspector"', '"SkillSpector"'];

// The human formats spell the verdict with spaces; the underscore form is accepted too.
const VERDICT = '(?:SAFE|CAUTION|DO_NOT_INSTALL|DO NOT INSTALL)';
const MARKDOWN_HEAD = new RegExp(`^## SkillSpector: ${VERDICT}$`);
const MARKDOWN_TABLE = '| Verdict | Risk score | Max issue severity | Execution | Inspection |';
const TERMINAL_HEAD = new RegExp(
  `^${VERDICT}  risk \\d{1,3}/100 \\((?:LOW|MEDIUM|HIGH|CRITICAL)\\)  max issue severity (?:NONE|LOW|MEDIUM|HIGH|CRITICAL)$`,
);
const TERMINAL_SKILL = /^skill .* {2}source .*$/;
/** The HTML report's fixed opening, then its title within the next lines (the page blocks every load). */
const HTML_OPENING = ['<!DOCTYPE html>', '<html lang="en">', '<head>', '<meta charset="utf-8">'];
const HTML_CSP = /^<meta http-equiv="Content-Security-Policy" content="default-src 'none';[^"]*">$/;
const HTML_TITLE = new RegExp(`^<title>SkillSpector: ${VERDICT} \\(.*\\)</title>$`);
const HTML_HEAD_LINES = 10;

const JSON_KEYS = new Set([
  'schema_version', 'tool', 'skill', 'risk_assessment', 'components', 'inventory', 'issues', 'suppressed_count',
  'suppressed', 'rules', 'metadata', 'execution_successful', 'analysis_completeness',
]);
const SARIF_KEYS = new Set(['$schema', 'version', 'runs']);
const RECOMMENDATIONS = new Set(['SAFE', 'CAUTION', 'DO_NOT_INSTALL']);

export function recogniseReport(path: string, bytes: Buffer, mode: number): ReportFormat | null {
  if (!REPORT_SUFFIXES.has(suffixOf(path)) || bytes.length > MAX_REPORT_BYTES) return null;
  if (isExecutable(path, bytes, mode)) return null;
  // Only the opening is decoded to judge the format: most Markdown and text files are not reports.
  const head = bytes.subarray(0, HEAD_BYTES).toString('utf8').replace(/^\uFEFF/, '');
  if (head.trimStart().startsWith('{')) return jsonReport(bytes);
  const lines = firstLines(head, HTML_HEAD_LINES);
  if (MARKDOWN_HEAD.test(lines[0] ?? '') && lines[1] === '' && lines[2] === MARKDOWN_TABLE) return 'markdown';
  if (TERMINAL_HEAD.test(lines[0] ?? '') && TERMINAL_SKILL.test(lines[1] ?? '')) return 'terminal';
  if (isHtmlReport(lines)) return 'html';
  return null;
}

function isHtmlReport(lines: readonly string[]): boolean {
  return (
    HTML_OPENING.every((line, i) => lines[i] === line) &&
    HTML_CSP.test(lines[HTML_OPENING.length] ?? '') &&
    lines.slice(HTML_OPENING.length + 1).some((line) => HTML_TITLE.test(line))
  );
}

/** The first `n` lines without their line ends; never splits more of a large file than needed. */
function firstLines(text: string, n: number): string[] {
  const out: string[] = [];
  let start = 0;
  while (out.length < n && start <= text.length) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end === -1 ? text.length : end);
    out.push(line.endsWith('\r') ? line.slice(0, -1) : line);
    if (end === -1) break;
    start = end + 1;
  }
  return out;
}

function jsonReport(bytes: Buffer): ReportFormat | null {
  // Cheap reject before a full parse: every report names the tool near its start.
  const start = bytes.subarray(0, HEAD_BYTES);
  if (!TOOL_NAMES.some((name) => start.includes(name))) return null;
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  if (isJsonReport(value)) return 'json';
  if (isSarifReport(value)) return 'sarif';
  return null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function onlyKeys(v: Record<string, unknown>, allowed: ReadonlySet<string>): boolean {
  return Object.keys(v).every((k) => allowed.has(k));
}

function isJsonReport(v: Record<string, unknown>): boolean {
  const { tool, risk_assessment: risk } = v;
  return (
    onlyKeys(v, JSON_KEYS) &&
    Number.isInteger(v.schema_version) && (v.schema_version as number) >= 1 &&
    isRecord(tool) && tool.name === 'skillspector' && typeof tool.version === 'string' &&
    isRecord(v.skill) &&
    isRecord(risk) && typeof risk.recommendation === 'string' && RECOMMENDATIONS.has(risk.recommendation) &&
    Array.isArray(v.issues) && Array.isArray(v.inventory) &&
    typeof v.execution_successful === 'boolean' && isRecord(v.analysis_completeness)
  );
}

function isSarifReport(v: Record<string, unknown>): boolean {
  const runs = v.runs;
  return (
    onlyKeys(v, SARIF_KEYS) && v.version === '2.1.0' && Array.isArray(runs) && runs.length > 0 &&
    runs.every((run) => {
      if (!isRecord(run) || !isRecord(run.tool) || !isRecord(run.tool.driver)) return false;
      const name = run.tool.driver.name;
      return name === 'skillspector' || name === 'SkillSpector';
    })
  );
}
