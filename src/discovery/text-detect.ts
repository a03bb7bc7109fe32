// Text detection on the whole content: the encoding an agent would decode (UTF-8, or UTF-16 with a BOM or
// the NUL pattern of ASCII in UTF-16), and how much of the content reads as text, measured on bounded
// windows spread across the file so that a binary-looking start cannot hide the text after it.

export type TextEncoding = 'utf8' | 'utf16le' | 'utf16be';

/** Files up to this size are measured whole; larger ones on WINDOWS windows of WINDOW bytes. */
const WHOLE_LIMIT = 256 * 1024;
const WINDOW = 64 * 1024;
const WINDOWS = 4;
/** Head bytes examined for the UTF-16 NUL pattern and for validating a UTF-16 decoding. */
const UTF16_PROBE = 4096;

export interface TextStats {
  /** UTF-16 code units decoded from the measured windows. */
  total: number;
  /** Printable characters and ordinary whitespace (tab, LF, FF, CR). */
  good: number;
  /** U+0000 characters. */
  nul: number;
  /** The longest run of good characters that reads like words (see charStats) in any window. */
  longestRun: number;
  /** Good characters in such runs of at least SHORT_RUN (words and lines, not stray printable bytes). */
  runChars: number;
  /** Blocks of BLOCK characters less than 60 % good: binary regions, not scattered legacy bytes. */
  binaryBlocks: number;
}

const SHORT_RUN = 16;
const BLOCK = 256;

export function goodRatio(s: TextStats): number {
  return s.total === 0 ? 1 : s.good / s.total;
}

/**
 * The encoding to decode with. A UTF-16 BOM, or (without BOM) NUL bytes on one parity only, selects UTF-16
 * when the decoded head reads as text; everything else is UTF-8, decoded leniently (U+FFFD for bad bytes).
 */
export function detectEncoding(bytes: Buffer): TextEncoding {
  const candidate = utf16Candidate(bytes);
  if (!candidate) return 'utf8';
  // Whichever decoding reads better wins, so junk before UTF-16 text cannot force a UTF-8 reading.
  const probe = bytes.subarray(0, UTF16_PROBE);
  return goodRatio(charStats(decodeAs(probe, candidate))) > goodRatio(charStats(decodeAs(probe, 'utf8'))) ? candidate : 'utf8';
}

function utf16Candidate(bytes: Buffer): TextEncoding | null {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf16le';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf16be';
  const n = Math.min(bytes.length, UTF16_PROBE) & ~1;
  if (n < 16) return null;
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) zeroEven += 1;
    if (bytes[i + 1] === 0) zeroOdd += 1;
  }
  const pairs = n / 2;
  // ASCII-range text in UTF-16 has a NUL in (nearly) every unit on one side and almost none on the other.
  if (zeroOdd >= pairs * 0.3 && zeroEven <= pairs * 0.02) return 'utf16le';
  if (zeroEven >= pairs * 0.3 && zeroOdd <= pairs * 0.02) return 'utf16be';
  return null;
}

/** Lenient decoding without the BOM. */
export function decodeAs(bytes: Buffer, encoding: TextEncoding): string {
  const label = encoding === 'utf8' ? 'utf-8' : encoding === 'utf16le' ? 'utf-16le' : 'utf-16be';
  const text = new TextDecoder(label, { fatal: false, ignoreBOM: false }).decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Good/NUL/run counts of decoded text (see TextStats). */
export function charStats(text: string): TextStats {
  const s: TextStats = { total: text.length, good: 0, nul: 0, longestRun: 0, runChars: 0, binaryBlocks: 0 };
  let run = 0;
  let letters = 0;
  let changes = 0;
  let prev = -1;
  let blockStart = 0;
  let blockGood = 0;
  // A run counts as text when it reads like words: a third letters and mostly changing characters, so the
  // repeated printable bytes of pixel data or padding do not.
  const endRun = (): void => {
    if (run >= SHORT_RUN && letters * 3 >= run && changes * 2 >= run) {
      s.runChars += run;
      if (run > s.longestRun) s.longestRun = run;
    }
    run = 0;
    letters = 0;
    changes = 0;
  };
  for (let i = 0; i < text.length; i += 1) {
    if (i - blockStart >= BLOCK) {
      if (blockGood < (i - blockStart) * 0.6) s.binaryBlocks += 1;
      blockStart = i;
      blockGood = 0;
    }
    const c = text.charCodeAt(i);
    let ok: boolean;
    if (c >= 0x20 && c < 0x7f) ok = true;
    else if (c < 0x20) ok = c === 9 || c === 10 || c === 12 || c === 13;
    else if (c < 0xa0) ok = false; // DEL and C1 controls
    else if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      ok = next >= 0xdc00 && next <= 0xdfff;
      if (ok) {
        i += 1;
        s.total -= 1; // a surrogate pair is one character
      }
    } else ok = !(c >= 0xdc00 && c <= 0xdfff) && c !== 0xfffd && c !== 0xfffe && c !== 0xffff;
    if (c === 0) s.nul += 1;
    if (ok) {
      s.good += 1;
      blockGood += 1;
      run += 1;
      if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) letters += 1;
      else if (c >= 0xc0 && !(c >= 0xd800 && c <= 0xdfff)) letters += 1; // other scripts
      if (c !== prev) changes += 1;
      prev = c;
    } else endRun();
  }
  endRun();
  if (text.length - blockStart >= BLOCK / 4 && blockGood < (text.length - blockStart) * 0.6) s.binaryBlocks += 1;
  return s;
}

/** Byte ranges measured: the whole file when small, else windows at the start, the end and in between. */
export function sampleRanges(size: number): [number, number][] {
  if (size <= WHOLE_LIMIT) return [[0, size]];
  const out: [number, number][] = [];
  const step = (size - WINDOW) / (WINDOWS - 1);
  for (let k = 0; k < WINDOWS; k += 1) {
    const start = Math.floor(k * step) & ~1; // even, so UTF-16 windows stay aligned
    out.push([start, Math.min(size, start + WINDOW)]);
  }
  return out;
}

/** Stats of the content decoded with `encoding`, summed over the sample windows. */
export function textStats(bytes: Buffer, encoding: TextEncoding): TextStats {
  const sum: TextStats = { total: 0, good: 0, nul: 0, longestRun: 0, runChars: 0, binaryBlocks: 0 };
  for (const [start, end] of sampleRanges(bytes.length)) {
    const s = charStats(decodeAs(bytes.subarray(start, end), encoding));
    sum.total += s.total;
    sum.good += s.good;
    sum.nul += s.nul;
    sum.runChars += s.runChars;
    sum.longestRun = Math.max(sum.longestRun, s.longestRun);
    sum.binaryBlocks += s.binaryBlocks;
  }
  return sum;
}
