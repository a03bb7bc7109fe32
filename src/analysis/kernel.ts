// The one bounded matching kernel: every rule's regex runs through `eachMatch`, and every cap that can
// cut matching short lives in src/limits and, when hit, is noted on the file's views so the engine
// records an `output_limit` ledger row (the scan is then incomplete, never SAFE). The scan deadline is
// checked here too, every DEADLINE_STRIDE matches, so one huge file cannot run far past it.
import { defaultLimits } from '../limits/index.js';
import type { Limits } from '../limits/index.js';
import { globalOf } from './regex.js';
import { localize } from './localized.js';

/** A cap that cut matching short in one file: what was observed against the limit. */
export interface LimitHit {
  what: string;
  observed: number;
  limit: number;
  /** Ledger message when the default ("more than <limit> <what> in one file") does not fit. */
  message?: string;
}

/** Where the kernel notes caps it hit; the file's shared views carry one (src/analysis/views.ts). */
export interface LimitLog {
  readonly limits: Limits;
  readonly limitHits: LimitHit[];
  /** True once the scan deadline has passed (monotonic): long loops stop, the engine records it. */
  readonly expired?: () => boolean;
}

/** Matches between two deadline checks: a clock read per match would cost more than most visits. */
const DEADLINE_STRIDE = 1024;
const DEFAULTS = defaultLimits();

// The log of the file being analysed (src/analysis/views.ts sets it in `beginFile`): `eachMatch` has no
// views argument, and rules run file by file.
let active: LimitLog | undefined;

/** Makes `log` the one `eachMatch` notes into and whose deadline it honours (undefined: none). */
export function activateLog(log: LimitLog | undefined): void {
  active = log;
}

/** True once the scan deadline has passed for the file being analysed; cheap enough for a loop stride. */
export function deadlinePassed(): boolean {
  return active?.expired?.() ?? false;
}

/**
 * Calls `visit` for each match of `re` (a `g` twin is used) in `text`, in order; `visit` returns false to
 * stop, or a number to resume matching at that offset. Zero-length matches advance by one. Stops early
 * when the scan deadline passes (the engine records the file as cut short), and when the regex engine
 * gives up on one enormous match (V8 throws `RangeError` when its backtracking stack is spent): that is
 * noted as a limit, never thrown, so no input can make a rule fail. `from`: the offset matching starts at.
 */
export function eachMatch(text: string, re: RegExp, visit: (m: RegExpExecArray) => boolean | number | void, from = 0): void {
  const slices = from === 0 ? localize(text, re) : undefined;
  if (matchStats) countRun(re, slices === undefined || slices.bounds.length > 0);
  if (!slices) {
    matchWhole(text, re, visit, from);
    return;
  }
  // Only where the regex can match (src/analysis/localized.ts): the same matches, in the same order.
  const b = slices.bounds;
  // A visitor may ask to resume further on: no match starts before `floor` any more.
  let floor = 0;
  for (let k = 0; k < b.length; k += 4) {
    const s0 = b[k] as number;
    const last = b[k + 3] as number;
    if (last < floor) continue;
    let stop = false;
    matchWhole(text.slice(s0, b[k + 1] as number), re, (m) => {
      if (m.index + s0 > last) return false;
      m.index += s0;
      const next = visit(m);
      if (next === false) {
        stop = true;
        return false;
      }
      if (typeof next === 'number' && next > floor) {
        floor = next;
        return next - s0;
      }
      return undefined;
    }, Math.max(b[k + 2] as number, floor) - s0);
    if (stop || deadlinePassed()) return;
  }
}

// V8 compiles a regex's native code without its optimisations (quick checks, Boyer-Moore lookahead: about
// 10x slower matching) once the process has generated more than 1 MB of regexp code and holds more than
// 16 MB of executable memory (`TooMuchRegExpCode` in V8's regexp.cc). By default a regex's first run on a
// text shorter than 1,000 characters produces interpreter bytecode, and its native code comes with the
// second run. The judge-address regexes make about 250 KB of bytecode each (per string width), and a batch
// soon holds more than 16 MB of code (tree-sitter's WASM among it), so by the time most rule regexes
// tiered up they were compiled unoptimised: the judge regexes cost 3.0 ms per skill in a batch, against
// 0.9 ms with this warm-up (issue 15 registry bench). A first run on a text of at least 1,000 characters
// skips the bytecode and compiles native code at once, early, while the budget holds. One-byte and
// two-byte strings get separate code, so both are warmed.
/** Texts a regex is first run over, to compile its native code directly (both at least 1,000 characters). */
const WARM_TEXT = 'The skill reads a file, then runs the script below and reports what it found.\n'.repeat(14);
const WARM_WIDE = `${WARM_TEXT}\u2014`;
const warmed = new WeakSet<RegExp>();
/**
 * Off by default: for one small scan in a fresh process the up-front native code costs more (up to ~90 ms)
 * than it saves. Processes that scan many skills (batch and queue scan threads) turn it on.
 */
let warming = false;

export function setRegexWarmup(on: boolean): void {
  warming = on;
}

/**
 * Runs `g` once over each warm-up text the first time it is seen, so V8 compiles it to optimised native
 * code straight away. The results are discarded (no match changes); returns whether it warmed now.
 */
export function warmRegex(g: RegExp): boolean {
  if (warmed.has(g)) return false;
  warmed.add(g);
  try {
    for (const text of [WARM_TEXT, WARM_WIDE]) {
      g.lastIndex = 0;
      g.exec(text);
    }
  } catch (err) {
    // A regex that cannot run here fails the same way on real text, where the kernel notes it.
    if (!(err instanceof RangeError)) throw err;
  }
  g.lastIndex = 0;
  return true;
}

function matchWhole(text: string, re: RegExp, visit: (m: RegExpExecArray) => boolean | number | void, from: number): void {
  const g = globalOf(re);
  if (warming) warmRegex(g);
  g.lastIndex = from;
  for (let n = 1; ; n += 1) {
    let m: RegExpExecArray | null;
    try {
      m = g.exec(text);
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      noteLimit(active, {
        what: 'regex backtracking', observed: text.length - g.lastIndex, limit: active?.limits.windowChars ?? 0,
        message: `A pattern could not follow one match of ${text.length - g.lastIndex} characters (the regex engine's stack was spent); the rest of this file was not judged by it.`,
      });
      return;
    }
    if (m === null) return;
    if (m[0].length === 0) g.lastIndex += 1;
    const next = visit(m);
    if (next === false) return;
    if (typeof next === 'number' && next > g.lastIndex) g.lastIndex = next;
    if (n % DEADLINE_STRIDE === 0 && deadlinePassed()) return;
  }
}

/** Per regex: how many texts reached it, and over how many it actually ran (whole or in slices). */
export interface MatchStat {
  asked: number;
  ran: number;
}
let matchStats: Map<RegExp, MatchStat> | undefined;

function countRun(re: RegExp, ran: boolean): void {
  let st = matchStats?.get(re);
  if (!st) {
    st = { asked: 0, ran: 0 };
    matchStats?.set(re, st);
  }
  st.asked += 1;
  if (ran) st.ran += 1;
}

/** Starts counting, per regex, the texts it was asked about and those it ran over (the pass-rate report). */
export function collectMatchStats(): Map<RegExp, MatchStat> {
  matchStats = new Map();
  return matchStats;
}

/** Stops counting. */
export function stopMatchStats(): void {
  matchStats = undefined;
}

/** The limits of the analysis under way (defaults outside one): rule helpers read their caps here. */
export function activeLimits(): Limits {
  return active?.limits ?? DEFAULTS;
}

/** Notes a cap hit on the file (or bundle pass) being analysed: helpers that have no views at hand. */
export function noteActiveLimit(hit: LimitHit): void {
  noteLimit(active, hit);
}

/** Notes that `what` reached its cap in this file (once per kind). */
export function noteLimit(log: LimitLog | undefined, hit: LimitHit): void {
  if (!log || log.limitHits.some((h) => h.what === hit.what)) return;
  log.limitHits.push(hit);
}
