import type { LineIndex } from '../../analysis/lines.js';
import { viewsOf } from '../../analysis/views.js';
import { defineRule } from '../types.js';
import { promisesBinary, startsAsAppleDouble } from './suffixes.js';
import type { RuleHit } from '../types.js';
import { CONFUSABLE_LETTERS, codePoint, eachMixedScriptToken } from '../tool-poisoning/metadata.js';
import type { MixedToken } from '../tool-poisoning/metadata.js';

// Default-ignorable and format characters (Cf), C0/C1 controls other than tab/newline/carriage return,
// and fillers/selectors that render as nothing.
const HIDDEN = /^[\p{Cf}\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u180f\u3164\uffa0\ufe00-\ufe0f]$/u;
// Selectors may follow keycap bases (digits, #, *); joiners only sit between pictographs.
const EMOJI = /^[\p{Extended_Pictographic}\p{Emoji_Component}]$/u;
const PICTOGRAPH = /^[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f]$/u;
const JOINING = /^[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}]$/u;
const MIN_HIDDEN = 3;
const RATIO = 0.01;
const EVIDENCE_TOKENS = 10;

const F_KNOWN = 1;
const F_HIDDEN = 2;
const F_EMOJI = 4;
const F_PICT = 8;
const F_JOIN = 16;
const F_TAG = 32;
const F_SELECTOR = 64;

// Per-code-point classification, memoised: a 1 MB run costs one table look-up per character.
const BMP = new Uint8Array(0x10000);
const ASTRAL = new Map<number, number>();

function flagsOf(cp: number): number {
  const cached = cp < 0x10000 ? BMP[cp] ?? 0 : ASTRAL.get(cp) ?? 0;
  if (cached !== 0) return cached;
  const c = String.fromCodePoint(cp);
  let f = F_KNOWN;
  if (HIDDEN.test(c)) f |= F_HIDDEN;
  if (EMOJI.test(c)) f |= F_EMOJI;
  if (PICTOGRAPH.test(c)) f |= F_PICT;
  if (JOINING.test(c)) f |= F_JOIN;
  if (cp >= 0xe0020 && cp <= 0xe007f) f |= F_TAG;
  if ((cp >= 0xfe00 && cp <= 0xfe0f) || (f & F_TAG) !== 0) f |= F_SELECTOR;
  if (cp < 0x10000) BMP[cp] = f;
  else if (ASTRAL.size < 65_536) ASTRAL.set(cp, f);
  return f;
}

/** Joiners and selectors that are part of emoji sequences, Indic/Arabic shaping or flag tags are ordinary text. */
function ordinary(cp: number, f: number, before: number, after: number): boolean {
  if ((f & F_SELECTOR) !== 0) return (before & (F_EMOJI | F_TAG)) !== 0;
  if (cp === 0x200d || cp === 0x200c) {
    return ((before & F_PICT) !== 0 && (after & F_PICT) !== 0) || ((before & F_JOIN) !== 0 && (after & F_JOIN) !== 0);
  }
  return false;
}

function isHigh(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}
function isLow(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** The code point that ends just before offset `i` (undefined at the start), as a left-to-right walk decodes it. */
function codePointBefore(text: string, i: number): number | undefined {
  if (i === 0) return undefined;
  const c = text.charCodeAt(i - 1);
  return i >= 2 && isLow(c) && isHigh(text.charCodeAt(i - 2)) ? text.codePointAt(i - 2) : c;
}

/**
 * Invisible characters that are not part of ordinary emoji, shaping or flag sequences. One walk over the
 * code points with the memoised class table; only a hidden one looks at its neighbours.
 */
export function hiddenDensity(text: string): { count: number; first: number; sample: Set<number> } {
  let count = 0;
  let first = -1;
  const sample = new Set<number>();
  for (let i = 0; i < text.length; i += 1) {
    let cp = text.charCodeAt(i);
    if (isHigh(cp) && isLow(text.charCodeAt(i + 1))) cp = text.codePointAt(i) ?? cp;
    const f = cp < 0x10000 ? BMP[cp] || flagsOf(cp) : flagsOf(cp);
    const at = i;
    if (cp > 0xffff) i += 1;
    if ((f & F_HIDDEN) === 0 || (cp === 0xfeff && at === 0)) continue;
    const before = codePointBefore(text, at);
    const next = text.codePointAt(i + 1);
    if (!ordinary(cp, f, before === undefined ? 0 : flagsOf(before), next === undefined ? 0 : flagsOf(next))) {
      count += 1;
      if (first === -1) first = at;
      if (sample.size < 8) sample.add(cp);
    }
  }
  return { count, first, sample };
}

/** Latin mixed with Cyrillic, or with Greek letters that pass for Latin ("μs", "Δt" are ordinary notation). */
function spoofToken(t: MixedToken): boolean {
  if (!t.scripts.includes('Latin')) return false;
  if (t.scripts.includes('Cyrillic')) return true;
  if (!t.scripts.includes('Greek')) return false;
  for (const c of t.token) if (CONFUSABLE_LETTERS.has(c) && GREEK.test(c)) return true;
  return false;
}

const GREEK = /\p{Script=Greek}/u;

// A line that names what the word does ("homoglyphs: `rеquests` (Cyrillic е)") shows the trick to the reader
// rather than hiding it: documentation of typosquatting and spoofing, not a concealed word.
const ANNOUNCED = /\b(?:cyrillic|greek|homoglyphs?|homographs?|confusables?|look-?alikes?|lookalike|spoof(?:ed|ing)?|mixed[- ]script|idn|punycode)\b/i;

function announced(text: string, index: number): boolean {
  // The 300 characters each side, cut at the line ends (found within that reach only: every word of a
  // huge line is judged, so no search may run back to the line start).
  const from = Math.max(0, index - 300);
  const before = text.slice(from, index);
  let after = text.slice(index, index + 300);
  const nl = after.indexOf('\n');
  if (nl !== -1) after = after.slice(0, nl);
  return ANNOUNCED.test(before.slice(before.lastIndexOf('\n') + 1) + after);
}

export const ae4 = defineRule({
  kind: 'custom',
  meta: {
    id: 'AE4',
    category: 'Analysis Evasion',
    severity: 'MEDIUM',
    confidence: 0.8,
    title: 'Invisible Characters or Mixed-Script Words',
    description:
      'Text in which at least 1% of the characters (and at least three) are invisible format or control characters (zero-width, soft hyphen, bidi controls, tag characters, C0/C1 controls other than tab and newlines), or a word that mixes Latin with Cyrillic or with Greek look-alike letters. Both break keyword matching and make a reviewer read something other than what the agent reads. Emoji joiners, Indic/Arabic joiners and ordinary accented or non-Latin text are not counted, nor a mixed word whose own line names the trick ("homoglyph", "Cyrillic е"): that shows the spoof to the reader instead of hiding it. Files whose name declares binary content (`.bin`, …) and AppleDouble sidecars are not read.',
    remediation: 'Remove invisible characters and retype mixed-script words in a single script.',
    noTriage: true,
  },
  // A name that declares binary content (`printerSettings1.bin`) holds control bytes by nature; nothing is hidden.
  appliesTo: (file) => !promisesBinary(file.path) && !startsAsAppleDouble(file.text),
  check(ctx) {
    const text = ctx.file.text;
    const hits: RuleHit[] = [];
    if (!/[^\t\n\r\u0020-\u007e]/.test(text)) return hits;
    let idx: LineIndex | undefined;
    const lineOf = (offset: number): number => (idx ??= viewsOf(text).raw.index).lineOf(offset);
    const d = hiddenDensity(text);
    if (d.count >= MIN_HIDDEN && d.count / Math.max(1, text.length) >= RATIO) {
      hits.push({
        line: lineOf(d.first),
        matched: text.slice(d.first, d.first + 60),
        label: `${d.count} invisible or control characters (${((100 * d.count) / text.length).toFixed(1)}% of the text)`,
        tags: ['invisible-density'],
        evidence: { count: d.count, ratio: Math.round((10_000 * d.count) / text.length) / 10_000, codePoints: [...d.sample].map((cp) => codePoint(String.fromCodePoint(cp))) },
      });
    }
    // Every word is judged (announced ones are skipped, never counted against a cap); the evidence keeps
    // the first EVIDENCE_TOKENS, a presentation bound only.
    const shown: string[] = [];
    let firstIndex = -1;
    let firstToken = '';
    let count = 0;
    eachMixedScriptToken(text, (t) => {
      if (!spoofToken(t) || announced(text, t.index)) return;
      count += 1;
      if (firstIndex === -1) {
        firstIndex = t.index;
        firstToken = t.token.slice(0, 120);
      }
      if (shown.length < EVIDENCE_TOKENS) shown.push(t.token.slice(0, 60));
    });
    if (firstIndex !== -1) {
      hits.push({
        line: lineOf(firstIndex),
        matched: firstToken,
        label: 'Word mixes Latin with Cyrillic or Greek look-alike letters',
        tags: ['mixed-script'],
        evidence: { tokens: shown, count },
      });
    }
    return hits;
  },
});
