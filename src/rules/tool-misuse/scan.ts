// Pattern scanning for custom rules that need per-file adjustments (severity by context, confidence
// by file type) the pattern runner cannot express. Mirrors the runner: raw text plus the security view.
import { viewsOf } from '../../analysis/views.js';
import type { PatternSpec, RuleHit } from '../types.js';
import type { FileView } from '../../model/bundle.js';
import { eachMatch } from '../../analysis/kernel.js';
import { CODE_TYPES } from '../../analysis/placement.js';


export function isCodeFile(file: FileView): boolean {
  return CODE_TYPES.has(file.type);
}

/**
 * Every spec over the raw text and (when it differs) the security view. One hit per line: the first
 * spec in table order wins, so tables list their most specific patterns first.
 */
export function scanSpecs(file: FileView, specs: readonly PatternSpec[]): RuleHit[] {
  const byLine = new Map<number, { rank: number; hit: RuleHit }>();
  // Views, line indexes and keyword presence are computed once per file and shared by every rule.
  for (const view of viewsOf(file.text).all) {
    specs.forEach((spec, rank) => {
      if (spec.keywords && !view.keywords.any(spec.keywords)) return;
      const index = view.index;
      eachMatch(view.text, spec.re, (m) => {
        const line = index.lineOf(m.index);
        const prev = byLine.get(line);
        if (prev && prev.rank <= rank) return;
        const hit: RuleHit = {
          line,
          endLine: index.lineOf(m.index + Math.max(0, m[0].length - 1)),
          matched: m[0],
          column: m.index - index.lineStart(line),
        };
        if (spec.label !== undefined) hit.label = spec.label;
        if (spec.confidence !== undefined) hit.confidence = spec.confidence;
        if (spec.severity !== undefined) hit.severity = spec.severity;
        if (view.derived) hit.tags = ['normalized-view'];
        byLine.set(line, { rank, hit });
      });
    });
  }
  return [...byLine.values()].sort((a, b) => a.hit.line - b.hit.line).map((x) => x.hit);
}

export interface ChainSpec {
  /** Steps in order; each a simple linear regex (the `g` flag is added). */
  steps: readonly RegExp[];
  /** Largest gap, in characters, between the end of one step and the start of the next. */
  maxGap: number;
  label: string;
  confidence?: number;
  keywords?: readonly string[];
}

interface Occurrence { step: number; start: number; end: number }

/**
 * Ordered multi-step matches found without backtracking: every step is located on its own, then one
 * sweep in text order links each occurrence to the latest linked occurrence of the previous step that
 * ended at most `maxGap` characters before it. Linear in text size plus occurrences.
 */
export function findChains(text: string, spec: ChainSpec): { start: number; end: number }[] {
  if (spec.keywords && !viewsOf(text).raw.keywords.any(spec.keywords)) return [];
  const occ: Occurrence[] = [];
  spec.steps.forEach((re, step) => {
    eachMatch(text, re, (m) => {
      occ.push({ step, start: m.index, end: m.index + m[0].length });
    });
  });
  occ.sort((a, b) => a.start - b.start || a.step - b.step);
  const last = spec.steps.length - 1;
  // For each step, the most recent linked occurrence: its end and the chain's start.
  const linked: ({ end: number; chainStart: number } | undefined)[] = spec.steps.map(() => undefined);
  const out: { start: number; end: number }[] = [];
  for (const o of occ) {
    let chainStart = o.start;
    if (o.step > 0) {
      const prev = linked[o.step - 1];
      if (!prev || prev.end > o.start || o.start - prev.end > spec.maxGap) continue;
      chainStart = prev.chainStart;
    }
    if (o.step === last) {
      out.push({ start: chainStart, end: o.end });
      linked.fill(undefined);
    } else {
      linked[o.step] = { end: o.end, chainStart };
    }
  }
  return out;
}

/** Chains as rule hits on the raw text (line of the first step). */
export function chainHits(file: FileView, specs: readonly ChainSpec[]): RuleHit[] {
  const hits: RuleHit[] = [];
  for (const spec of specs) {
    for (const c of findChains(file.text, spec)) {
      const index = viewsOf(file.text).raw.index;
      const line = index.lineOf(c.start);
      const hit: RuleHit = {
        line,
        endLine: index.lineOf(Math.max(c.start, c.end - 1)),
        matched: file.text.slice(c.start, Math.min(c.end, c.start + 200)),
        column: c.start - index.lineStart(line),
        label: spec.label,
      };
      if (spec.confidence !== undefined) hit.confidence = spec.confidence;
      hits.push(hit);
    }
  }
  return hits;
}
