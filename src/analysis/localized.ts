// Runs a regex only around the places its anchors occur (src/analysis/regex-plan.ts says why that finds
// exactly the matches a whole-text run finds). One automaton pass per text finds every anchor of every
// planned regex; each regex then visits only the slices around its own anchors.
import { Automaton } from './keywords.js';
import { boundIn, planKey, planOf } from './regex-plan.js';
import type { RegexPlan, RunLengths } from './regex-plan.js';
import { PLANS } from './tables.generated.js';

/** Texts shorter than this run whole: the anchor pass and slicing would cost more than they save. */
export const LOCALIZE_MIN_CHARS = 1_024;
/** More anchor occurrences (of all regexes together) than one per this many characters: run whole (bounds memory). */
const DENSITY = 4;
/** Characters a regex runs over whole before it is planned (see `localize`); tests lower it. */
let planAfterChars = 400_000;
const wholeChars = new WeakMap<RegExp, number>();
/** Slices covering more than this share of the text: run whole instead. */
const MAX_COVERAGE = 0.6;

const anchorIds = new Map<string, number>();
const anchorWords: string[] = [];
let automaton: Automaton | undefined;

interface Planned {
  plan: RegexPlan;
  /** This regex's anchor ids. */
  ids: Int32Array;
  /** Highest anchor id of this regex: a text indexed with fewer anchors uses `own`. */
  maxId: number;
  /** This regex's anchors alone, for a text indexed before they were known (built on first need). */
  own?: Automaton;
}
const PLANNED = new WeakMap<RegExp, Planned | null>();
/** The shipped plans' anchors join the automaton before any text is indexed, so it is built once. */
let shippedLoaded = false;
function loadShipped(): void {
  if (shippedLoaded) return;
  shippedLoaded = true;
  for (const plan of Object.values(PLANS)) if (plan) addAnchors(plan.anchors);
}

function addAnchors(anchors: readonly string[]): void {
  for (const a of anchors) {
    if (!anchorIds.has(a)) {
      anchorIds.set(a, anchorWords.length);
      anchorWords.push(a);
    }
  }
}

/** The plan shipped for this exact regex (src/analysis/tables.generated.ts), else computed now. */
function shippedOrComputed(re: RegExp): RegexPlan | null {
  const shipped = PLANS[planKey(re)];
  return shipped === undefined ? planOf(re) : shipped;
}

function planOne(re: RegExp): Planned | null {
  loadShipped();
  const plan = shippedOrComputed(re);
  if (plan === null) return null;
  addAnchors(plan.anchors);
  let maxId = 0;
  for (const a of plan.anchors) maxId = Math.max(maxId, anchorIds.get(a) as number);
  return { plan, maxId, ids: Int32Array.from(plan.anchors, (a) => anchorIds.get(a) as number) };
}

function plannedOf(re: RegExp): Planned | null {
  let p = PLANNED.get(re);
  if (p === undefined) {
    p = planOne(re);
    PLANNED.set(re, p);
  }
  return p;
}

/** The automaton over every anchor planned so far (rebuilt only when a plan added anchors). */
function currentAutomaton(): Automaton {
  if (!automaton || automaton.words.length !== anchorWords.length) automaton = new Automaton([...anchorWords]);
  return automaton;
}

/** Anchor occurrences in one text, found once and shared by every regex run over it. */
export class AnchorIndex {
  private found: { automaton: Automaton; occ: ByAnchor | undefined } | undefined;
  private longestRuns: RunLengths | undefined;

  constructor(readonly text: string) {}

  /** The text's longest run of whitespace, of word characters, and its longest line. */
  runs(): RunLengths {
    this.longestRuns ??= longestRuns(this.text);
    return this.longestRuns;
  }

  /** Occurrences of every anchor known when this text was first asked about (one pass, shared), by anchor. */
  occurrences(): { automaton: Automaton; occ: ByAnchor | undefined } {
    loadShipped();
    this.found ??= ((auto) => ({ automaton: auto, occ: byAnchor(auto, this.text) }))(currentAutomaton());
    return this.found;
  }

  /** Bounds of the last line asked about: callers walk forward, so each line break is found once. */
  private lineFrom = 0;
  private lineTo = -1;

  /** The line holding `i`: [start, index of its line break or the text length). Amortised linear when `i` grows. */
  lineOf(i: number): readonly [number, number] {
    if (i < this.lineFrom || i > this.lineTo) {
      // Searching back stops at the previous line's break at worst, so a forward walk reads each character
      // a bounded number of times (a 1 MB line is not rescanned per anchor).
      this.lineFrom = i >= this.lineTo && this.lineTo >= 0 ? Math.max(this.lineTo + 1, this.text.lastIndexOf('\n', i - 1) + 1) : this.text.lastIndexOf('\n', i - 1) + 1;
      const nl = this.text.indexOf('\n', i);
      this.lineTo = nl === -1 ? this.text.length : nl;
    }
    return [this.lineFrom, this.lineTo];
  }
}

/**
 * Occurrence ends grouped by anchor, for the anchors that occur only (a text holds a few dozen of the
 * ~1,700 shipped anchors, and a dense per-anchor table cost as much to fill as the automaton pass):
 * `keys` holds their ids ascending, and the ends of `keys[j]` are `ends[offsets[j]] … ends[offsets[j + 1] - 1]`, ascending.
 */
interface ByAnchor {
  keys: Int32Array;
  offsets: Int32Array;
  ends: Int32Array;
}

/** Per anchor id, a count then a fill position while `byAnchor` runs; all zero between calls. */
let scratchCounts = new Int32Array(0);

function byAnchor(auto: Automaton, text: string): ByAnchor | undefined {
  const occ = auto.occurrences(text, Math.ceil(text.length / DENSITY) + 64);
  if (!occ) return undefined;
  if (scratchCounts.length < auto.words.length) scratchCounts = new Int32Array(auto.words.length);
  const counts = scratchCounts;
  const present: number[] = [];
  for (let k = 0; k < occ.count; k += 1) {
    const id = occ.ids[k] as number;
    if (counts[id] === 0) present.push(id);
    counts[id] = (counts[id] as number) + 1;
  }
  const keys = Int32Array.from(present).sort();
  const offsets = new Int32Array(keys.length + 1);
  for (let j = 0; j < keys.length; j += 1) {
    const id = keys[j] as number;
    offsets[j + 1] = (offsets[j] as number) + (counts[id] as number);
    counts[id] = offsets[j] as number;
  }
  const ends = new Int32Array(occ.count);
  for (let k = 0; k < occ.count; k += 1) {
    const id = occ.ids[k] as number;
    const at = counts[id] as number;
    ends[at] = occ.ends[k] as number;
    counts[id] = at + 1;
  }
  for (let j = 0; j < keys.length; j += 1) counts[keys[j] as number] = 0;
  return { keys, offsets, ends };
}

/** Index of anchor `id` in `occ.keys`, or -1 when it does not occur. */
function slotOf(occ: ByAnchor, id: number): number {
  const keys = occ.keys;
  let lo = 0;
  let hi = keys.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const k = keys[mid] as number;
    if (k === id) return mid;
    if (k < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

const SPACE = 1;
const WORD = 2;
/** Code unit → SPACE (`\s`), WORD (`\w`) or 0, built on first use: one read instead of a chain of range tests. */
let charClass: Uint8Array | undefined;
function charClasses(): Uint8Array {
  if (!charClass) {
    charClass = new Uint8Array(0x10000);
    for (let c = 0; c < 0x10000; c += 1) {
      if (isSpace(c)) charClass[c] = SPACE;
      else if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95) charClass[c] = WORD;
    }
  }
  return charClass;
}

/**
 * Longest run of `\s`, of `\w`, and longest line (characters between line breaks) in `t`. Every indexed
 * text needs it, so a run's length is taken only where the class changes (once per word, not per character).
 */
export function longestRuns(t: string): RunLengths {
  const cls = charClasses();
  let ws = 0;
  let word = 0;
  let line = 0;
  let prev = 0;
  let start = 0;
  let lineStart = 0;
  const n = t.length;
  for (let i = 0; i < n; i += 1) {
    const c = t.charCodeAt(i);
    const k = cls[c] as number;
    if (k !== prev) {
      const len = i - start;
      if (prev === SPACE) {
        if (len > ws) ws = len;
      } else if (prev === WORD && len > word) word = len;
      prev = k;
      start = i;
    }
    if (c === 10) {
      if (i - lineStart > line) line = i - lineStart;
      lineStart = i + 1;
    }
  }
  const len = n - start;
  if (prev === SPACE && len > ws) ws = len;
  if (prev === WORD && len > word) word = len;
  if (n - lineStart > line) line = n - lineStart;
  return [ws, word, line];
}

/** JavaScript's `\s`. */
function isSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Slices to run a regex over instead of a whole text: start, end, first offset to match from, last match start. */
export interface Slices {
  /** Four numbers per slice: slice start, slice end, offset matching starts at, last allowed match start (all absolute). */
  readonly bounds: readonly number[];
}

/** The answer for a text holding none of a regex's anchors (shared: callers only read it). */
const NOTHING: Slices = Object.freeze({ bounds: Object.freeze([]) as readonly number[] });

let enabled = true;
let recording: Set<RegExp> | undefined;

/** Starts collecting every regex matched through the kernel (`npm run tables` ships their plans). */
export function recordRegexes(): Set<RegExp> {
  recording = new Set();
  return recording;
}

/** How often `localize` answered with slices, with nothing to run (no anchor), or whole: tests read it. */
export const localizeCounts = { sliced: 0, nothing: 0, whole: 0 };

/**
 * Turns localisation off (every regex runs over whole texts: the reference the equivalence tests compare
 * with) or on; tests may plan every regex at once (`planAfter: 0`).
 */
export function setLocalization(on: boolean, options: { planAfter?: number } = {}): void {
  enabled = on;
  if (options.planAfter !== undefined) planAfterChars = options.planAfter;
}

/**
 * Anchor indexes of recent texts. Rules run file by file, but a large file's windows are visited once per
 * rule, so the cache must hold every window of a file (by content: windows are fresh strings), not just
 * the last few texts. Bounded by entries and by the characters indexed.
 */
const indexes = new Map<string, AnchorIndex>();
let indexedChars = 0;
const MAX_INDEXES = 512;
const MAX_INDEXED_CHARS = 48 * 1024 * 1024;
/** Texts asked about once: a text gets an index only when a second regex asks (one regex alone runs whole). */
const askedOnce = new Set<string>();

/** Drops every cached index (a new file began, or analysis ended), so no old text is retained. */
export function forgetIndexes(): void {
  indexes.clear();
  askedOnce.clear();
  indexedChars = 0;
}

function indexFor(text: string): AnchorIndex | undefined {
  const hit = indexes.get(text);
  if (hit) return hit;
  if (!askedOnce.has(text)) {
    if (askedOnce.size >= MAX_INDEXES) askedOnce.clear();
    askedOnce.add(text);
    return undefined;
  }
  askedOnce.delete(text);
  const idx = new AnchorIndex(text);
  while (indexes.size > 0 && (indexes.size >= MAX_INDEXES || indexedChars + text.length > MAX_INDEXED_CHARS)) {
    const [oldest, old] = indexes.entries().next().value as [string, AnchorIndex];
    indexes.delete(oldest);
    indexedChars -= old.text.length;
  }
  indexes.set(text, idx);
  indexedChars += text.length;
  return idx;
}

/**
 * Where `re` can match in `text`: the slices to run it over, or undefined to run it over the whole text
 * (small text, no plan, or anchors too dense). An empty list means it cannot match at all.
 */
export function localize(text: string, re: RegExp): Slices | undefined {
  recording?.add(re);
  if (!enabled || text.length < LOCALIZE_MIN_CHARS) return undefined;
  if (!PLANNED.has(re) && PLANS[planKey(re)] === undefined) {
    // Planning costs about as much as a whole run over `planAfterChars`: a regex that only ever meets
    // a few small texts (a typical skill) never pays for it.
    const seen = (wholeChars.get(re) ?? 0) + text.length;
    wholeChars.set(re, seen);
    if (seen < planAfterChars) return undefined;
  }
  const planned = plannedOf(re);
  if (!planned) return undefined;
  const index = indexFor(text);
  if (!index) return undefined;
  const ranges = rangesOf(index, planned);
  if (!ranges) {
    localizeCounts.whole += 1;
    return undefined;
  }
  if (ranges.length === 0) {
    // The common answer (about half the planned runs on a typical skill): no bounds to work out.
    localizeCounts.nothing += 1;
    return NOTHING;
  }
  localizeCounts.sliced += 1;
  const runs = index.runs();
  const before = boundIn(planned.plan.before, runs);
  const after = boundIn(planned.plan.after, runs);
  const bounds: number[] = [];
  for (let r = 0; r < ranges.length; r += 3) {
    const a = ranges[r] as number;
    bounds.push(Math.max(0, a - before), Math.min(text.length, (ranges[r + 2] as number) + after), a, ranges[r + 1] as number);
  }
  return { bounds };
}

/**
 * Merged candidate ranges as triples (first start, last start, furthest position any attempt can read up
 * to before lookahead), or undefined to run whole. An empty list means no match is possible.
 */
function rangesOf(index: AnchorIndex, planned: Planned): number[] | undefined {
  const shared = index.occurrences();
  let occ = shared.occ;
  let ids: ArrayLike<number> = planned.ids;
  let words = shared.automaton.words;
  if (planned.maxId >= words.length) {
    // Planned after this text was indexed (a custom rule's first run): its own anchors, one pass.
    planned.own ??= new Automaton(planned.plan.anchors);
    words = planned.own.words;
    occ = byAnchor(planned.own, index.text);
    ids = Int32Array.from(words, (_, i) => i);
  }
  if (!occ) return undefined;
  // (end, start) of every occurrence of this regex's anchors, by end.
  if (slotBuffer.length < ids.length) slotBuffer = new Int32Array(ids.length * 2);
  const slots = slotBuffer;
  let total = 0;
  for (let i = 0; i < ids.length; i += 1) {
    const j = slotOf(occ, ids[i] as number);
    slots[i] = j;
    if (j >= 0) total += (occ.offsets[j + 1] as number) - (occ.offsets[j] as number);
  }
  if (total === 0) return NONE;
  // One buffer reused by every call (rangesOf is called hundreds of times per skill, with a few pairs each).
  if (pairBuffer.length < total) pairBuffer = new Float64Array(Math.max(total, pairBuffer.length * 2));
  const pairs = pairBuffer;
  let n = 0;
  for (let i = 0; i < ids.length; i += 1) {
    const j = slots[i] as number;
    if (j < 0) continue;
    const len = (words[ids[i] as number] as string).length;
    // end * 64 + len keeps both in one sortable number (anchors are at most 48 characters).
    for (let k = occ.offsets[j] as number; k < (occ.offsets[j + 1] as number); k += 1) pairs[n++] = (occ.ends[k] as number) * 64 + len;
  }
  if (ids.length > 1) sortPrefix(pairs, total);
  return merge(index, planned.plan, pairs, total);
}

const NONE: number[] = [];
let pairBuffer = new Float64Array(256);
/** Per anchor of the regex in hand: its slot in the text's `ByAnchor`, or -1 (reused like `pairBuffer`). */
let slotBuffer = new Int32Array(64);
/** Below this many pairs an insertion sort beats a typed-array sort over a fresh subarray. */
const INSERTION_SORT_MAX = 32;

/** Sorts `a[0 … count)` ascending in place. */
function sortPrefix(a: Float64Array, count: number): void {
  if (count > INSERTION_SORT_MAX) {
    a.subarray(0, count).sort();
    return;
  }
  for (let i = 1; i < count; i += 1) {
    const v = a[i] as number;
    let j = i - 1;
    for (; j >= 0 && (a[j] as number) > v; j -= 1) a[j + 1] = a[j] as number;
    a[j + 1] = v;
  }
}

function merge(index: AnchorIndex, plan: RegexPlan, pairs: Float64Array, count: number): number[] | undefined {
  const text = index.text;
  const longest = boundIn(plan.longest, index.runs());
  const out: number[] = [];
  let covered = 0;
  for (let k = 0; k < count; k += 1) {
    const p = pairs[k] as number;
    const end = Math.floor(p / 64);
    const start = end - (p % 64);
    let first = Math.max(0, end - longest);
    let reach = Math.min(text.length, start + longest);
    if (plan.singleLine) {
      const [from, to] = index.lineOf(start);
      first = Math.max(first, from);
      reach = Math.min(reach, to);
    }
    const n = out.length;
    if (n > 0 && first <= (out[n - 1] as number)) {
      // Overlaps the previous range (its reach): extend it.
      out[n - 2] = Math.max(out[n - 2] as number, start);
      out[n - 1] = Math.max(out[n - 1] as number, reach);
    } else {
      if (n > 0) covered += (out[n - 1] as number) - (out[n - 3] as number);
      out.push(first, start, reach);
    }
  }
  const n = out.length;
  if (n > 0) covered += (out[n - 1] as number) - (out[n - 3] as number);
  if (covered > text.length * MAX_COVERAGE) return undefined;
  return out;
}
