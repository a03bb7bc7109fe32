// The one bounded matching kernel: every rule's regex runs through `eachMatch`, and every cap that can
// cut matching short lives in src/limits and, when hit, is noted on the file's views so the engine
// records an `output_limit` ledger row (the scan is then incomplete, never SAFE).
import type { Limits } from '../limits/index.js';
import { globalOf } from './regex.js';

/** A cap that cut matching short in one file: what was observed against the limit. */
export interface LimitHit {
  what: string;
  observed: number;
  limit: number;
}

/** Where the kernel notes caps it hit; the file's shared views carry one (src/analysis/views.ts). */
export interface LimitLog {
  readonly limits: Limits;
  readonly limitHits: LimitHit[];
}

/**
 * Calls `visit` for each match of `re` (a `g` twin is used) in `text`, in order; `visit` returns false to
 * stop, or a number to resume matching at that offset. Zero-length matches advance by one.
 */
export function eachMatch(text: string, re: RegExp, visit: (m: RegExpExecArray) => boolean | number | void): void {
  const g = globalOf(re);
  for (let m = g.exec(text); m !== null; m = g.exec(text)) {
    if (m[0].length === 0) g.lastIndex += 1;
    const next = visit(m);
    if (next === false) return;
    if (typeof next === 'number' && next > g.lastIndex) g.lastIndex = next;
  }
}

/** Notes that `what` reached its cap in this file (once per kind). */
export function noteLimit(log: LimitLog | undefined, hit: LimitHit): void {
  if (!log || log.limitHits.some((h) => h.what === hit.what)) return;
  log.limitHits.push(hit);
}
