import type { FileView, PatternSpec, RuleHit } from '../types.js';
import { defineRule } from '../types.js';
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
    re: /\b(?:fill|flood|saturate|exhaust|overflow|max\s+out)\s+(?:up\s+)?(?:the\s+|your\s+)?(?:entire\s+|whole\s+)?(?:context(?:\s+window)?|token\s+(?:window|budget|limit))\b/i,
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
 * (MIN_REPEATS - 1) * p such positions means MIN_REPEATS back-to-back copies. O(n × MAX_UNIT).
 */
export function findRepetitions(text: string): { start: number; end: number; unit: string }[] {
  const out: { start: number; end: number; unit: string }[] = [];
  const run = new Int32Array(MAX_UNIT + 1);
  let lineStart = 0;
  for (let i = 1; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      run.fill(0);
      lineStart = i + 1;
      continue;
    }
    const maxP = Math.min(MAX_UNIT, i - lineStart);
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
      break;
    }
  }
  return out;
}

function lineOf(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

function repetitionHits(file: FileView): RuleHit[] {
  if (GENERATED.test(file.path)) return [];
  const reps = findRepetitions(file.text);
  if (reps.length === 0) return [];
  const starts = [0];
  for (let i = file.text.indexOf('\n'); i !== -1; i = file.text.indexOf('\n', i + 1)) starts.push(i + 1);
  return reps.map((r) => {
    const line = lineOf(starts, r.start);
    return {
      line,
      matched: file.text.slice(r.start, Math.min(r.end, r.start + 200)),
      column: r.start - (starts[line - 1] ?? 0),
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
