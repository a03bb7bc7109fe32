// File-level keyword gates in front of custom rules' per-line walks (issue 14). A walk that can only find
// something when the file holds certain literals is skipped for files without them; the gate is answered
// from the file's shared keyword automaton (one pass over the text for every rule), so a skipped walk costs
// one table lookup instead of slicing and testing every line.
//
// Gates are declared here as data so test/prefilter-rates.test.ts can report how often each one lets a
// real file through: a gate that passes most files saves nothing and is a defect unless its walk is cheap.
import { eachMatch } from '../../analysis/kernel.js';
import type { SharedView } from '../../analysis/views.js';

/**
 * One gate: the walk runs only when, for every list in `all`, the text holds at least one of its words, and
 * then (when given) `pattern` matches somewhere in the text.
 */
export interface WalkGate {
  /** `RULE walk` (for the report). */
  readonly id: string;
  /** Lower-case literals; each list is a necessary condition (any of its words), the lists are ANDed. */
  readonly all: readonly (readonly string[])[];
  /**
   * A pattern every line the walk can act on matches (a prefix of its per-line pattern, say), tested once on
   * the whole text after the keywords: for walks whose literals are too common to tell files apart.
   */
  readonly pattern?: RegExp;
  /** Why a gate that passes most files is acceptable (its walk is cheap or already localised), if it is. */
  readonly cheap?: string;
  /** File-name endings of the only files the walk runs on (its rate is reported over those); all when absent. */
  readonly exts?: readonly string[];
}

export interface WalkGateOptions {
  pattern?: RegExp;
  cheap?: string;
  exts?: readonly string[];
}

const GATES: WalkGate[] = [];

/**
 * Every character `\s` matches (it is Unicode-aware even without the `u` flag; ECMAScript's WhiteSpace and
 * LineTerminator): a gate for `word\s` needs `word` followed by each of them. Listed rather than found by
 * testing all 65,536 code units at load (18 ms of every start-up); walk-gates.test.ts checks the list is exact.
 */
export const WHITESPACE: readonly string[] = [
  '\t', '\n', '\v', '\f', '\r', ' ', '\u00a0', '\u1680',
  ...Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)),
  '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff',
];

/**
 * Declares a gate. Each keyword list must be a module constant (the keyword prefilter caches its ids per
 * list object), which declaring it once at module level guarantees.
 */
export function walkGate(id: string, all: readonly (readonly string[])[], options: WalkGateOptions = {}): WalkGate {
  // A gate pattern is a plain regex: a global or sticky one's lastIndex would make other uses of it skip text.
  if (options.pattern && (options.pattern.global || options.pattern.sticky)) throw new Error(`walk gate ${id}: pattern must not be global or sticky`);
  const gate: WalkGate = { id, all, ...options };
  GATES.push(gate);
  return gate;
}

const PRESENT = new WeakMap<SharedView, Map<RegExp, boolean>>();

/**
 * Whether `re` matches anywhere in the view, asked once per view and regex (a gate's pattern, a matcher's
 * `requires`); through the kernel, so it is warmed and localised like any rule regex.
 */
export function presentIn(view: SharedView, re: RegExp): boolean {
  let known = PRESENT.get(view);
  if (!known) {
    known = new Map();
    PRESENT.set(view, known);
  }
  let found = known.get(re);
  if (found === undefined) {
    let hit = false;
    eachMatch(view.text, re, () => {
      hit = true;
      return false;
    });
    found = hit;
    known.set(re, found);
  }
  return found;
}

/** True when the view's text holds a word of every list of the gate (case-insensitively). */
export function gateOpen(view: SharedView, gate: WalkGate): boolean {
  const kw = view.keywords;
  for (const words of gate.all) if (!kw.any(words)) return false;
  return gate.pattern === undefined || presentIn(view, gate.pattern);
}

const ALTERNATIONS = new WeakMap<readonly string[], RegExp>();

/** One case-insensitive pattern for a word list: it matches exactly where `lower.includes(word)` holds for an ASCII word. */
function alternation(words: readonly string[]): RegExp {
  let re = ALTERNATIONS.get(words);
  if (re === undefined) {
    re = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'i');
    ALTERNATIONS.set(words, re);
  }
  return re;
}

/**
 * `gateOpen` for a text that is not the file being analysed (bundle rules visit every file after the
 * per-file pass, when its shared views are gone): a fresh keyword automaton would scan the text for every
 * keyword of the catalogue, so each list is looked for with one case-insensitive pattern instead. For ASCII
 * words (all gates' words are) the answer is the same.
 */
export function gateOpenIn(text: string, gate: WalkGate): boolean {
  for (const words of gate.all) if (!alternation(words).test(text)) return false;
  return gate.pattern === undefined || gate.pattern.test(text);
}

/** Every gate declared by the rule modules loaded so far. */
export function walkGates(): readonly WalkGate[] {
  return GATES;
}
