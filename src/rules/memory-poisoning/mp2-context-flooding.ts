import type { PatternSpec, RuleHit } from '../types.js';
import type { FileView } from '../../model/bundle.js';
import { defineRule } from '../types.js';
import { viewsOf } from '../../analysis/views.js';
import { scanSpecs } from '../tool-misuse/scan.js';

const MIN_UNIT = 2;
const MAX_UNIT = 20;
const MIN_REPEATS = 20;
const HAS_LETTER = /\p{L}/u;
// Filler is words: a unit of letters and digits alone is usually encoded data (base64, hex).
const HAS_SEPARATOR = /[^\p{L}\p{N}]/u;
// Generated assets whose repetition is compression noise, as P9 excludes them.
const GENERATED = /\.min\.(?:js|css)$|\.(?:lock|svg|map)$|(?:^|\/)(?:package-lock\.json|yarn\.lock)$/i;

export const MP2_PHRASES: readonly PatternSpec[] = [
  {
    // "This will overflow the context window" warns about a result; the instruction is the imperative.
    // (The look-behind follows the verb, so it runs only where a verb matched.)
    re: /\b(?:fill|flood|saturate|exhaust|overflow|max\s+out)(?<!\b(?:will|would|can|could|may|might|that|which|it|this|easily|quickly)\s{1,3}(?:fill|flood|saturate|exhaust|overflow|max\s+out))\s+(?:up\s+)?(?:the\s+|your\s+)?(?:entire\s+|whole\s+)?(?:context(?:\s+window)?|token\s+(?:window|budget|limit))\b/i,
    keywords: ['context', 'token'],
    label: 'Instruction to fill the context window',
    confidence: 0.75,
  },
  {
    re: /\b(?:generate|write|output|produce|print|emit)\s+(?:at\s+least\s+|over\s+|more\s+than\s+)?(?:\d{1,3},\d{3}(?:,\d{3})*|\d{4,})\s*(?:\+\s*)?(?:words|tokens|lines|paragraphs|pages|characters)\b/i,
    keywords: ['words', 'tokens', 'lines', 'paragraphs', 'pages', 'characters'],
    label: 'Instruction to generate huge output',
    confidence: 0.55,
  },
  {
    re: /\brepeat\s+(?:this|that|it|the\s+following|the\s+(?:word|phrase|text|line))\s+(?:\S+\s+)?(?:\d{3,}|a\s+thousand|thousands\s+of|forever|indefinitely|endlessly|infinitely)(?:\s+times)?\b/i,
    keywords: ['repeat'],
    label: 'Instruction to repeat text endlessly',
    confidence: 0.65,
  },
];

/** True when `unit` is one character repeated (single-character runs are P9's business). */
function uniform(unit: string): boolean {
  for (let i = 1; i < unit.length; i += 1) if (unit[i] !== unit[0]) return false;
  return true;
}

/**
 * A 2–20 character unit repeated 20+ times in a row on one line, found without backtracking: for every
 * period p keep the length of the current run of positions where text[i] === text[i - p]. A run of
 * (MIN_REPEATS - 1) * p such positions means MIN_REPEATS back-to-back copies. O(n × MAX_UNIT) on the
 * lines that hold such a run; every other line is ruled out by `mayRepeat` at a fraction of the cost.
 */
export function findRepetitions(text: string): { start: number; end: number; unit: string }[] {
  const out: { start: number; end: number; unit: string }[] = [];
  const run = new Int32Array(MAX_UNIT + 1);
  // Runs never cross a newline, so lines are independent; a line shorter than MIN_REPEATS × MIN_UNIT
  // cannot hold MIN_REPEATS copies of any unit.
  for (let from = 0; from < text.length; ) {
    const nl = text.indexOf('\n', from);
    const to = nl === -1 ? text.length : nl;
    if (to - from >= MIN_REPEATS * MIN_UNIT && mayRepeat(text, from, to)) repetitionsInLine(text, from, to, run, out);
    if (nl === -1) break;
    from = nl + 1;
  }
  return out;
}

/**
 * Whether some period p has (MIN_REPEATS - 1) × p consecutive positions j in [from + p, to) with
 * text[j] === text[j - p]: the necessary condition for `repetitionsInLine` to report anything. Probes
 * the far end of each candidate run first, so ordinary text costs about n / (19 p) probes per period;
 * each position is compared at most once per period.
 */
function mayRepeat(text: string, from: number, to: number): boolean {
  for (let p = MIN_UNIT; p <= MAX_UNIT; p += 1) {
    const need = (MIN_REPEATS - 1) * p;
    let lo = from + p;
    if (to - lo < need) return false; // longer periods need even more room
    // Positions lo..verified are known to match; a run of `need` starting at lo would end at j.
    let verified = lo - 1;
    for (let j = lo + need - 1; j < to; j = lo + need - 1) {
      let k = j;
      while (k > verified && text.charCodeAt(k) === text.charCodeAt(k - p)) k -= 1;
      if (k === verified) return true;
      lo = k + 1;
      verified = j;
    }
  }
  return false;
}

/** The exact per-period scan of one line [from, to), as if the text held only that line. */
function repetitionsInLine(
  text: string, from: number, to: number, run: Int32Array, out: { start: number; end: number; unit: string }[],
): void {
  run.fill(0);
  let same = 1; // length of the single-character stretch ending at i
  for (let i = from + 1; i < to; i += 1) {
    const c = text.charCodeAt(i);
    same = c === text.charCodeAt(i - 1) ? same + 1 : 1;
    if (same > MAX_UNIT + 1) {
      // Deep in a one-character stretch every period's unit is that character (uniform, never reported),
      // and the first different character resets every period's run: jump to it.
      let m = i + 1;
      while (m < to && text.charCodeAt(m) === c) m += 1;
      i = m - 1;
      continue;
    }
    const maxP = Math.min(MAX_UNIT, i - from);
    for (let p = MIN_UNIT; p <= maxP; p += 1) {
      if (c !== text.charCodeAt(i - p)) {
        run[p] = 0;
        continue;
      }
      const r = (run[p] as number) + 1;
      run[p] = r;
      // Check once, when the run first reaches the threshold: the unit cannot change while it lasts.
      if (r !== (MIN_REPEATS - 1) * p) continue;
      const start = i - r - p + 1;
      const unit = text.slice(start, start + p);
      if (uniform(unit) || !HAS_LETTER.test(unit) || !HAS_SEPARATOR.test(unit)) continue;
      let end = i + 1;
      while (end < text.length && text.charCodeAt(end) === text.charCodeAt(end - p)) end += 1;
      out.push({ start, end, unit });
      run.fill(0);
      i = end - 1;
      same = 0; // counted afresh from `end` (an undercount only delays the jump)
      break;
    }
  }
}

function repetitionHits(file: FileView): RuleHit[] {
  if (GENERATED.test(file.path)) return [];
  const reps = findRepetitions(file.text);
  if (reps.length === 0) return [];
  // The file's shared line index (a typed array), not a number[] of every line start of its own.
  const index = viewsOf(file.text).raw.index;
  return reps.map((r) => {
    const line = index.lineOf(r.start);
    return {
      line,
      matched: file.text.slice(r.start, Math.min(r.end, r.start + 200)),
      column: r.start - index.lineStart(line),
      label: 'Repeated text block',
      evidence: { unit: r.unit, repeats: Math.floor((r.end - r.start) / r.unit.length) },
    };
  });
}

export const mp2 = defineRule({
  kind: 'custom',
  meta: {
    id: 'MP2',
    category: 'Memory Poisoning',
    severity: 'MEDIUM',
    confidence: 0.6,
    title: 'Context Flooding',
    description:
      'Long runs of a short repeated unit (20+ copies of a 2–20 character string containing a letter and a separator; minified and generated files skipped) or instructions to "fill the context window", "generate 10000 words" or repeat text endlessly. Flooding pushes the agent\'s real instructions out of its context so later injected text dominates.',
    remediation: 'Remove the repeated filler and any instruction to produce or consume unbounded text.',
  },
  check(ctx) {
    const hits = repetitionHits(ctx.file);
    const seen = new Set(hits.map((h) => h.line));
    for (const h of scanSpecs(ctx.file, MP2_PHRASES)) if (!seen.has(h.line)) hits.push(h);
    return hits.sort((a, b) => a.line - b.line);
  },
});
