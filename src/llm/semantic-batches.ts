// Packs the files that may be sent into requests under a per-call token limit, the same way
// estimate.ts counts them for `--estimate`: files in order, a file that fits never splits, and a file
// larger than one call is cut at line ends into parts of its own (a single over-long line is sliced).
// A part's fence numbers its lines from 1, so each part remembers how many file lines precede it.
import type { FenceFile } from './fence.js';
import { LINE_NUMBER_SEPARATOR, blockChars } from './fence.js';
import { CHARS_PER_TOKEN, estimateTokens } from './estimate.js';

export interface SentPart extends FenceFile {
  /** File lines before this part: part line n is file line n + lineOffset. */
  lineOffset: number;
  /** Lines in this part. */
  lines: number;
}

export type Batch = SentPart[];

/** Smallest part worth a request, so a tiny or misconfigured limit still makes progress. */
const MIN_PART_CHARS = 256;

function countLines(text: string): number {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

function digits(n: number): number {
  return String(n).length;
}

/** Cuts one file into parts whose rendered blocks fit `capacityChars`; linear in the file's length. */
function splitFile(file: FenceFile, capacityChars: number): SentPart[] {
  const budget = Math.max(MIN_PART_CHARS, capacityChars - blockChars({ path: file.path, text: '' }));
  const { text, path } = file;
  const parts: SentPart[] = [];
  let start = 0; // offset where the open part begins
  let firstLine = 0; // file lines before the open part
  let lines = 0;
  let chars = 0;
  const flush = (end: number): void => {
    if (lines > 0) parts.push({ path, text: text.slice(start, end), lineOffset: firstLine, lines });
  };
  for (let pos = 0, lineIndex = 0; ; lineIndex++) {
    const newline = text.indexOf('\n', pos);
    const end = newline === -1 ? text.length : newline;
    let cost = end - pos + digits(lines + 1) + LINE_NUMBER_SEPARATOR.length + 1;
    if (lines > 0 && chars + cost > budget) {
      flush(pos - 1);
      [start, firstLine, lines, chars] = [pos, lineIndex, 0, 0];
      cost = end - pos + 1 + LINE_NUMBER_SEPARATOR.length + 1;
    }
    if (lines === 0 && cost > budget) {
      // One line longer than a whole part: each slice is "line 1" of a part placed at that file line.
      const step = budget - 16;
      for (let s = pos; s < end; s += step) parts.push({ path, text: text.slice(s, Math.min(end, s + step)), lineOffset: lineIndex, lines: 1 });
      [start, firstLine] = [end + 1, lineIndex + 1];
    } else {
      lines++;
      chars += cost;
    }
    if (newline === -1) break;
    pos = newline + 1;
  }
  flush(text.length);
  return parts;
}

/** The requests for `files`; `overheadTokens` is what every call carries besides the file blocks. */
export function planBatches(files: readonly FenceFile[], perCallTokenLimit: number, overheadTokens: number): Batch[] {
  const capacity = Math.max(1, perCallTokenLimit - overheadTokens);
  const batches: Batch[] = [];
  let open: Batch = [];
  let load = 0;
  for (const file of files) {
    const tokens = estimateTokens(blockChars(file));
    if (tokens > capacity) {
      for (const part of splitFile(file, capacity * CHARS_PER_TOKEN)) batches.push([part]);
      continue;
    }
    if (open.length > 0 && load + tokens > capacity) {
      batches.push(open);
      [open, load] = [[], 0];
    }
    open.push({ path: file.path, text: file.text, lineOffset: 0, lines: countLines(file.text) });
    load += tokens;
  }
  if (open.length > 0) batches.push(open);
  return batches;
}
