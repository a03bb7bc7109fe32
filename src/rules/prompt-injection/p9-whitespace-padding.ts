import { baseName } from '../../discovery/classify.js';
import type { RuleHit } from '../types.js';
import type { FileView } from '../../model/bundle.js';
import { defineRule } from '../types.js';

// Padding pushes a payload out of a reviewer's sight (far right, or thousands of lines down) while
// the agent still reads it. One linear pass over the raw text; nothing here is a regex.
const VERTICAL_MIN = 20;
const VERTICAL_HIGH = 40;
const HORIZONTAL_MIN = 80;
const REPEAT_CHAR_MIN = 512;
const REPEAT_LINE_MIN = 64;
const BLOCK_MIN = 2048;
const RATIO_MIN_SIZE = 4096;
const RATIO = 0.9;
const MAX_HITS_PER_KIND = 100;
const SNIPPET = 200;

const SKIPPED_FILE = /\.(?:min\.js|min\.css|lock|svg|map)$|^(?:package-lock\.json|yarn\.lock)$/i;

function isPadding(c: number): boolean {
  // Printable ASCII first: nearly every character of a text, answered with two comparisons.
  if (c > 0x20 && c < 0x85) return false;
  return (
    c === 0x20 || c === 0x09 || c === 0x0b || c === 0x0c || c === 0x0d || c === 0x85 || c === 0xa0 ||
    c === 0x180e || (c >= 0x2000 && c <= 0x200a) || c === 0x3000 || c === 0x2028 || c === 0x2029
  );
}

/** Characters some viewers render as a line break although they are not `\n`. */
function isLineLike(c: number, next: number): boolean {
  return (c === 0x0d && next !== 0x0a) || c === 0x85 || c === 0x0b || c === 0x0c || c === 0x2028 || c === 0x2029;
}

function snippet(s: string): string {
  return s.slice(0, SNIPPET * 2).trim().slice(0, SNIPPET);
}

interface Region {
  start: number;
  end: number;
}

class Scan {
  readonly hits: RuleHit[] = [];
  readonly regions: Region[] = [];
  private readonly counts = new Map<string, number>();

  emit(kind: string, hit: RuleHit, region?: Region): void {
    if (region) this.regions.push(region);
    const n = this.counts.get(kind) ?? 0;
    if (n >= MAX_HITS_PER_KIND) return;
    this.counts.set(kind, n + 1);
    this.hits.push({ ...hit, evidence: { kind, ...hit.evidence } });
  }
}

/** Line-by-line state: the current blank-line run, the fence state and the current identical-line run. */
interface LineState {
  blankStartLine: number;
  blankStartOffset: number;
  blankCount: number;
  /** Horizontal runs on blank lines, reported only if the blank run turns out not to be vertical padding. */
  pendingBlank: RuleHit[];
  inFence: boolean;
  prevLine: string | undefined;
  repeatStartLine: number;
  repeatCount: number;
}

function flushBlankRun(scan: Scan, st: LineState, endOffset: number, next?: { line: number; text: string }): void {
  if (st.blankCount >= VERTICAL_MIN) {
    const high = st.blankCount >= VERTICAL_HIGH && next !== undefined;
    const evidence: Record<string, unknown> = { blankLines: st.blankCount };
    if (next) Object.assign(evidence, { contentLine: next.line, content: snippet(next.text) });
    scan.emit(
      'vertical',
      {
        line: st.blankStartLine,
        endLine: st.blankStartLine + st.blankCount - 1,
        matched: `${st.blankCount} blank lines${next ? ` before: ${snippet(next.text)}` : ''}`,
        label: next ? 'Vertical whitespace padding before content' : 'Vertical whitespace padding',
        severity: high ? 'HIGH' : 'MEDIUM',
        confidence: high ? 0.8 : 0.6,
        evidence,
      },
      { start: st.blankStartOffset, end: endOffset },
    );
  } else {
    for (const h of st.pendingBlank) scan.emit('horizontal', h);
  }
  st.blankCount = 0;
  st.pendingBlank = [];
}

function flushRepeatRun(scan: Scan, st: LineState): void {
  if (st.prevLine !== undefined && st.repeatCount >= REPEAT_LINE_MIN) {
    scan.emit('repeated-line', {
      line: st.repeatStartLine,
      endLine: st.repeatStartLine + st.repeatCount - 1,
      matched: `${st.repeatCount} × ${snippet(st.prevLine)}`,
      label: 'Identical line repeated as filler',
      severity: 'MEDIUM',
      confidence: 0.8,
      evidence: { repetitions: st.repeatCount },
    });
  }
}

const FENCE = /^ {0,3}(?:```|~~~)/;

/** File-wide padding accounting: total padding and the largest contiguous padding block (newlines included). */
class Density {
  total = 0;
  private blockStart = 0;
  private blockLen = 0;
  best = { start: 0, len: 0 };

  pad(i: number): void {
    this.total += 1;
    if (this.blockLen === 0) this.blockStart = i;
    this.blockLen += 1;
  }

  content(): void {
    if (this.blockLen > this.best.len) this.best = { start: this.blockStart, len: this.blockLen };
    this.blockLen = 0;
  }
}

interface LineResult {
  blank: boolean;
  horizontal?: RuleHit;
}

/** One line's characters: horizontal runs, single-character repetition, and the density counters. */
function scanLine(text: string, s: number, e: number, lineNo: number, skipHorizontal: boolean, scan: Scan, density: Density): LineResult {
  let blank = true;
  let run = 0;
  let runStart = 0;
  let breaks = 0;
  let horizontal: RuleHit | undefined;
  let repChar = -1;
  let repLen = 0;
  let repeated = false;
  for (let i = s; i < e; i += 1) {
    const c = text.charCodeAt(i);
    if (isPadding(c)) {
      density.pad(i);
      if (run === 0) {
        runStart = i;
        breaks = 0;
      }
      run += 1;
      if (isLineLike(c, text.charCodeAt(i + 1))) breaks += 1;
      repChar = -1;
      continue;
    }
    // Content after content needs only the repetition count: the density block, breaks and run were
    // closed by the first content character (a line's first one closes the block its newline opened).
    if (run !== 0 || blank) {
      density.content();
      if (breaks >= VERTICAL_MIN) inlineVertical(scan, lineNo, s, runStart, breaks, text.slice(i, Math.min(e, i + SNIPPET)));
      breaks = 0;
      if (run >= HORIZONTAL_MIN && !skipHorizontal && !horizontal) {
        horizontal = horizontalHit(lineNo, s, runStart, run, text.slice(i, Math.min(e, i + SNIPPET)), true);
        scan.regions.push({ start: runStart, end: runStart + run });
      }
      run = 0;
      blank = false;
    }
    repLen = c === repChar ? repLen + 1 : 1;
    repChar = c;
    if (repLen >= REPEAT_CHAR_MIN && !repeated) {
      repeated = true;
      scan.emit('repeated-character', {
        line: lineNo,
        column: i - s - repLen + 1,
        matched: `${String.fromCharCode(c).repeat(20)}…`,
        label: 'Single character repeated as filler',
        severity: 'MEDIUM',
        confidence: 0.8,
        evidence: { character: String.fromCharCode(c), minimumRun: REPEAT_CHAR_MIN },
      });
    }
  }
  // A trailing run hides whatever comes on the next lines behind it.
  if (run >= HORIZONTAL_MIN && !skipHorizontal && !horizontal) {
    const after = e >= text.length ? '' : text.slice(e + 1, Math.min(text.length, e + 1 + SNIPPET * 2));
    horizontal = horizontalHit(lineNo, s, runStart, run, after, false);
    if (!blank) scan.regions.push({ start: runStart, end: runStart + run });
  }
  return horizontal ? { blank, horizontal } : { blank };
}

export function scanText(file: FileView): RuleHit[] {
  const text = file.text;
  const markdown = file.type === 'markdown';
  const scan = new Scan();
  const density = new Density();
  const st: LineState = {
    blankStartLine: 0, blankStartOffset: 0, blankCount: 0, pendingBlank: [], inFence: false,
    prevLine: undefined, repeatStartLine: 0, repeatCount: 0,
  };
  let lineNo = 0;
  for (let s = 0; s <= text.length; ) {
    lineNo += 1;
    const nl = text.indexOf('\n', s);
    const e = nl === -1 ? text.length : nl;
    const fenceLine = markdown && FENCE.test(text.slice(s, Math.min(e, s + 8)));
    const { blank, horizontal } = scanLine(text, s, e, lineNo, st.inFence || fenceLine, scan, density);
    if (fenceLine) st.inFence = !st.inFence;

    if (blank) {
      if (st.blankCount === 0) {
        st.blankStartLine = lineNo;
        st.blankStartOffset = s;
      }
      st.blankCount += 1;
      if (horizontal && st.pendingBlank.length < MAX_HITS_PER_KIND) st.pendingBlank.push(horizontal);
    } else {
      flushBlankRun(scan, st, s, { line: lineNo, text: text.slice(s, Math.min(e, s + SNIPPET * 2)) });
      if (horizontal) scan.emit('horizontal', horizontal);
    }

    const lineText = text.slice(s, e);
    if (!blank && lineText === st.prevLine) st.repeatCount += 1;
    else {
      flushRepeatRun(scan, st);
      st.prevLine = blank ? undefined : lineText;
      st.repeatStartLine = lineNo;
      st.repeatCount = 1;
    }

    if (nl === -1) break;
    density.pad(nl); // the newline itself belongs to a padding block
    s = nl + 1;
  }
  flushBlankRun(scan, st, text.length);
  flushRepeatRun(scan, st);
  density.content();
  densityHit(scan, file, density.total, density.best);
  return scan.hits.sort((a, b) => a.line - b.line);
}

/** Blank "lines" made of CR, NEL, form feed or U+2028 inside one physical line. */
function inlineVertical(scan: Scan, line: number, lineStart: number, runStart: number, breaks: number, following: string): void {
  const high = breaks >= VERTICAL_HIGH;
  scan.emit('vertical', {
    line,
    column: runStart - lineStart,
    matched: `${breaks} non-newline line breaks before: ${snippet(following)}`,
    label: 'Vertical whitespace padding before content',
    severity: high ? 'HIGH' : 'MEDIUM',
    confidence: high ? 0.8 : 0.6,
    evidence: { blankLines: breaks, separator: 'non-newline', content: snippet(following) },
  });
}

// Padding before a table cell, or before the rest of an ASCII-art line (no letters or digits), hides nothing.
const ALIGNMENT_TAIL = /^\|/;
const HAS_WORDS = /[\p{L}\p{N}]/u;

function horizontalHit(line: number, lineStart: number, runStart: number, run: number, following: string, sameLine: boolean): RuleHit | undefined {
  if (ALIGNMENT_TAIL.test(following) || (sameLine && !HAS_WORDS.test(following))) return undefined;
  const content = snippet(following);
  return {
    line,
    column: runStart - lineStart,
    matched: `${run} padding characters${content ? ` before: ${content}` : ''}`,
    label: 'Horizontal whitespace padding',
    severity: 'MEDIUM',
    confidence: 0.7,
    evidence: { run, column: runStart - lineStart, ...(content ? { content } : {}) },
  };
}

/** Files that are mostly padding, or hold one large padding block no other check already explained. */
function densityHit(scan: Scan, file: FileView, paddingTotal: number, best: { start: number; len: number }): void {
  const text = file.text;
  const ratio = text.length === 0 ? 0 : paddingTotal / text.length;
  const bigBlock = best.len > BLOCK_MIN;
  const dominated = text.length > RATIO_MIN_SIZE && ratio > RATIO;
  if (!bigBlock && !dominated) return;
  const overlaps = scan.regions.some((r) => r.start < best.start + best.len && best.start < r.end);
  if (dominated && scan.regions.length > 0) return;
  if (!dominated && overlaps) return;
  const line = lineOfOffset(text, best.start);
  scan.emit('padding-density', {
    line,
    matched: `${best.len} contiguous padding characters; ${(ratio * 100).toFixed(1)}% of the file is padding`,
    label: 'Padding-dominated content',
    severity: 'LOW',
    confidence: 0.4,
    evidence: { largestBlock: best.len, paddingRatio: Math.round(ratio * 1000) / 1000 },
  });
}

function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}

// --- Prefilter: most files hold no padding at all ---------------------------------------------------
// Every finding above needs one of these, so a file with none of them is done without the per-character
// walk (which costs several times a native regex pass, and nearly all files are ordinary):
//   a stretch of padding and newlines holding a run of 20 padding characters (horizontal runs ≥ 80,
//   inline breaks ≥ 20) or 19 newlines (≥ 20 blank lines; a padding block over 2 KB has one or the other);
//   one non-padding character repeated 512 times; 64 consecutive lines of one length (identical lines);
//   a file over 4 KB that is more than 90 % padding.
// Runs are found by sampling: a run of length ≥ 2h holds two positions h apart that are multiples of h,
// so only every h-th character is looked at until two samples agree.
const PAD_RUN_MIN = 20;
const BLANK_NEWLINES = VERTICAL_MIN - 1;

function isBlankChar(c: number): boolean {
  return c === 0x0a || isPadding(c);
}

/** A stretch of padding and newlines holding PAD_RUN_MIN consecutive padding characters or BLANK_NEWLINES newlines. */
function blankStretch(text: string): boolean {
  const h = Math.floor(Math.min(PAD_RUN_MIN, BLANK_NEWLINES) / 2);
  for (let k = 0; k + h < text.length; k += h) {
    if (!isBlankChar(text.charCodeAt(k)) || !isBlankChar(text.charCodeAt(k + h))) continue;
    let lo = k;
    while (lo > 0 && isBlankChar(text.charCodeAt(lo - 1))) lo -= 1;
    let newlines = 0;
    let run = 0;
    let i = lo;
    for (; i < text.length; i += 1) {
      const c = text.charCodeAt(i);
      if (c === 0x0a) {
        run = 0;
        if ((newlines += 1) >= BLANK_NEWLINES) return true;
      } else if (isPadding(c)) {
        if ((run += 1) >= PAD_RUN_MIN) return true;
      } else break;
    }
    // The stretch is done: continue sampling after it.
    k = Math.max(k, i - (i % h));
  }
  return false;
}

/** One non-padding character repeated REPEAT_CHAR_MIN times. */
function charRun(text: string): boolean {
  const h = REPEAT_CHAR_MIN / 2;
  for (let k = 0; k + h < text.length; k += h) {
    const c = text.charCodeAt(k);
    if (c !== text.charCodeAt(k + h) || isBlankChar(c)) continue;
    let lo = k;
    while (lo > 0 && text.charCodeAt(lo - 1) === c) lo -= 1;
    let hi = k;
    while (hi + 1 < text.length && text.charCodeAt(hi + 1) === c) hi += 1;
    if (hi - lo + 1 >= REPEAT_CHAR_MIN) return true;
    k = Math.max(k, hi - (hi % h));
  }
  return false;
}

function sameLengthLines(text: string): boolean {
  let run = 0;
  let prev = -1;
  for (let s = 0; s < text.length; ) {
    const nl = text.indexOf('\n', s);
    const len = (nl === -1 ? text.length : nl) - s;
    run = len > 0 && len === prev ? run + 1 : 1;
    if (run >= REPEAT_LINE_MIN) return true;
    prev = len;
    if (nl === -1) break;
    s = nl + 1;
  }
  return false;
}

/** More than RATIO of the text is padding (newlines included), stopping as soon as it cannot be. */
function mostlyPadding(text: string): boolean {
  const maxContent = text.length * (1 - RATIO);
  let content = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c !== 0x0a && !isPadding(c) && (content += 1) >= maxContent) return false;
  }
  return true;
}

/** False only when scanText cannot report anything (see the prefilter notes above). */
export function mayHoldPadding(text: string): boolean {
  return (
    blankStretch(text) || charRun(text) || sameLengthLines(text) ||
    (text.length > RATIO_MIN_SIZE && mostlyPadding(text))
  );
}

function mostlyReplacementChars(text: string): boolean {
  if (text.length === 0) return false;
  let n = 0;
  for (let i = text.indexOf('\ufffd'); i !== -1; i = text.indexOf('\ufffd', i + 1)) n += 1;
  return n / text.length > 0.3;
}

export const p9 = defineRule({
  kind: 'custom',
  meta: {
    id: 'P9',
    category: 'Prompt Injection',
    severity: 'HIGH',
    confidence: 0.8,
    noTriage: true,
    title: 'Whitespace Padding',
    description:
      'Blank lines, long whitespace runs (including tabs, NBSP, Unicode spaces, NEL, form feed and vertical tab) or repeated filler that push content out of a reviewer\'s view while the agent still reads it. ≥40 blank lines followed by content is HIGH (0.8); 20–39 blank lines, or padding with nothing after it, MEDIUM (0.6); a run of ≥80 padding characters on a line MEDIUM (0.7, fenced code skipped in markdown); one non-space character repeated ≥512 times or an identical line repeated ≥64 times MEDIUM (0.8); a padding block over 2 KB or a file over 4 KB that is >90 % padding LOW (0.4). Minified, lock, SVG and source-map files are skipped.',
    remediation:
      'Delete the padding and review whatever it was hiding. Skills have no reason to contain long blank stretches or filler; if content follows the padding, treat it as a hidden instruction.',
  },
  appliesTo: (file) => !SKIPPED_FILE.test(baseName(file.path)),
  check({ file }) {
    if (!mayHoldPadding(file.text) || mostlyReplacementChars(file.text)) return [];
    return scanText(file);
  },
});
