// Evidence check for LLM findings: a finding stands only when its quote is really in a file the
// request sent, near the line it names. A judge that invents or misplaces evidence loses the finding,
// and the count of discarded ones goes into the report's metadata.
import type { FenceFile } from './fence.js';
import { LINE_NUMBER_SEPARATOR } from './fence.js';

export interface Evidence {
  file: string;
  line: number;
  quote: string;
}

export type DiscardWhy = 'over_limit' | 'file_not_sent' | 'bad_line' | 'quote_too_short' | 'quote_too_long' | 'quote_not_found';

export interface QuoteCheck<T extends Evidence> {
  kept: T[];
  discarded: { finding: T; why: DiscardWhy }[];
  counts: { kept: number; discarded: number };
}

/** How far from the claimed line the quote may sit. */
export const LINE_TOLERANCE = 3;
/** A shorter quote would match almost anywhere ("a", "if"), so it proves nothing. */
export const MIN_QUOTE_CHARS = 4;
/** Bounds the work per finding; real evidence is a line or a few. */
export const MAX_QUOTE_CHARS = 2000;
/** Findings checked per reply; each costs a scan of its window, which one minified line can make large. */
export const MAX_CHECKED_FINDINGS = 256;

function normaliseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A judge often copies the fence's `12| ` prefixes into its quote; they are not part of the file. */
const NUMBER_PREFIX = new RegExp(`^[ \\t]*\\d+${LINE_NUMBER_SEPARATOR.replace('|', '\\|')}`, 'gm');

function normaliseQuote(quote: string): string {
  return normaliseWhitespace(quote.replace(NUMBER_PREFIX, ''));
}

/** Start offsets of every line, built once per file and only for files a finding names. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * The lines around a claimed line, normalised: each non-blank line with its whitespace collapsed, joined
 * by one space (exactly the normalisation of the whole span), and where each line begins in that text.
 */
interface Window {
  text: string;
  lines: number[];
  offsets: number[];
}

interface SentFile {
  text: string;
  starts?: number[];
  /** Normalised windows by claimed line: many findings on one line normalise it once. */
  windows: Map<number, Window>;
}

function windowOf(file: SentFile, line: number): Window | undefined {
  file.starts ??= lineStarts(file.text);
  const starts = file.starts;
  if (line > starts.length) return undefined;
  const cached = file.windows.get(line);
  if (cached !== undefined) return cached;
  const window: Window = { text: '', lines: [], offsets: [] };
  const parts: string[] = [];
  let length = 0;
  for (let n = Math.max(1, line - LINE_TOLERANCE); n <= Math.min(starts.length, line + LINE_TOLERANCE); n++) {
    const part = normaliseWhitespace(file.text.slice(starts[n - 1] ?? 0, starts[n] ?? file.text.length));
    if (part === '') continue;
    if (parts.length > 0) length += 1;
    window.lines.push(n);
    window.offsets.push(length);
    parts.push(part);
    length += part.length;
  }
  window.text = parts.join(' ');
  file.windows.set(line, window);
  return window;
}

/** The file line where the quote really starts, so a finding points at its evidence, not at the model's guess. */
function lineAt(window: Window, offset: number): number {
  let line = window.lines[0] ?? 1;
  for (let i = 0; i < window.offsets.length && (window.offsets[i] ?? Infinity) <= offset; i++) line = window.lines[i] ?? line;
  return line;
}

function judge(evidence: Evidence, sent: Map<string, SentFile>): DiscardWhy | number {
  const file = sent.get(evidence.file);
  if (!file) return 'file_not_sent';
  if (!Number.isSafeInteger(evidence.line) || evidence.line < 1) return 'bad_line';
  // The reply is untrusted: a missing quote proves nothing, a huge one is refused before any regex runs.
  const raw = typeof evidence.quote === 'string' ? evidence.quote : '';
  if (raw.length > MAX_QUOTE_CHARS * 4) return 'quote_too_long';
  const quote = normaliseQuote(raw);
  if (quote.length > MAX_QUOTE_CHARS) return 'quote_too_long';
  if (quote.length < MIN_QUOTE_CHARS) return 'quote_too_short';
  const window = windowOf(file, evidence.line);
  if (window === undefined) return 'bad_line';
  const at = window.text.indexOf(quote);
  return at === -1 ? 'quote_not_found' : lineAt(window, at);
}

/** Keeps the findings whose evidence holds against the files this request sent. */
export function checkQuotes<T extends Evidence>(findings: readonly T[], sentFiles: readonly FenceFile[]): QuoteCheck<T> {
  const sent = new Map<string, SentFile>();
  for (const f of sentFiles) sent.set(f.path, { text: f.text, windows: new Map() });
  const kept: T[] = [];
  const discarded: { finding: T; why: DiscardWhy }[] = [];
  for (const [index, finding] of findings.entries()) {
    const verdict = index < MAX_CHECKED_FINDINGS ? judge(finding, sent) : 'over_limit';
    if (typeof verdict === 'number') kept.push(verdict === finding.line ? finding : { ...finding, line: verdict });
    else discarded.push({ finding, why: verdict });
  }
  return { kept, discarded, counts: { kept: kept.length, discarded: discarded.length } };
}
