// Keyword prefilters answered from one pass over the text instead of one `includes` per keyword.
//
// Rules guard each pattern with lower-case keywords ("run this regex only if the text contains one of
// them"). With ~500 distinct keywords across the catalogue, asking `lower.includes(k)` for each one
// scanned every file hundreds of times. Here every keyword seen so far is compiled into one
// Aho–Corasick automaton (a full transition table over ASCII); a text is scanned once and the answer
// for every known keyword is read from the result. `has(k)` is exactly `lower.includes(k)`.

import { KEYWORDS } from './tables.generated.js';

const ALPHABET = 128;

/** One compiled automaton over a fixed list of lower-case ASCII keywords (matched ignoring ASCII case). */
export class Automaton {
  /** Keyword id → keyword. */
  readonly words: readonly string[];
  private readonly ids = new Map<string, number>();
  /**
   * Dense transition table: state * width + symbol → next state. 16-bit while the states fit (they do for
   * the shipped tables): the scan is a chain of dependent random reads, so half the bytes miss cache less.
   */
  private readonly next: Uint16Array | Int32Array;
  /** ASCII code unit → symbol (0: a character no keyword holds; A–Z share a–z's symbols). */
  private readonly sym: Uint8Array;
  private readonly width: number;
  /** Keyword ending exactly at this state, or -1. */
  private readonly output: Int32Array;
  /** Nearest proper suffix state that ends a keyword (dictionary suffix link), or -1. */
  private readonly dict: Int32Array;
  /**
   * States are numbered so that those where a keyword ends (at the state or one of its suffixes: the
   * chain is worth walking) come last: `s >= firstEmit` asks that without a second table read per character.
   */
  private readonly firstEmit: number;
  /** Per-scan stamp: states whose dictionary chain is already recorded in this scan. */
  private readonly stamp: Int32Array;
  private scans = 0;

  constructor(words: readonly string[]) {
    this.words = words;
    // The alphabet is the characters keywords hold (a few dozen), not all of ASCII: the table is that
    // much smaller and faster to build, which matters because it is rebuilt as rules add keywords.
    const sym = new Uint8Array(ALPHABET);
    let width = 1;
    let chars = 1;
    for (const w of words) {
      chars += w.length;
      for (let i = 0; i < w.length; i += 1) {
        const c = w.charCodeAt(i);
        if (sym[c] === 0) sym[c] = width++;
      }
    }
    // Keywords are lower-case, so A–Z step like a–z: scanning ASCII text equals scanning its toLowerCase().
    for (let c = 65; c <= 90; c += 1) sym[c] = sym[c + 32] as number;
    this.sym = sym;
    this.width = width;
    // Trie, straight into the table (-1: no edge yet).
    const next = new Int32Array(chars * width).fill(-1);
    const out: number[] = [-1];
    let states = 1;
    words.forEach((w, id) => {
      this.ids.set(w, id);
      let s = 0;
      for (let i = 0; i < w.length; i += 1) {
        const slot = s * width + (sym[w.charCodeAt(i)] as number);
        let t = next[slot] as number;
        if (t === -1) {
          t = states++;
          next[slot] = t;
          out.push(-1);
        }
        s = t;
      }
      out[s] = id;
    });
    const n = states;
    const output = Int32Array.from(out);
    const dict = new Int32Array(n).fill(-1);
    this.stamp = new Int32Array(n);
    const fail = new Int32Array(n);
    // Breadth-first: each state's missing edges are its failure state's transitions.
    const queue: number[] = [];
    for (let x = 0; x < width; x += 1) {
      const t = next[x] as number;
      if (t === -1) next[x] = 0;
      else queue.push(t);
    }
    for (let q = 0; q < queue.length; q += 1) {
      const s = queue[q] as number;
      const f = fail[s] as number;
      dict[s] = (output[f] as number) >= 0 ? f : (dict[f] as number);
      for (let x = 0; x < width; x += 1) {
        const t = next[s * width + x] as number;
        if (t === -1) {
          next[s * width + x] = next[f * width + x] as number;
        } else {
          fail[t] = next[f * width + x] as number;
          queue.push(t);
        }
      }
    }
    const emits = new Uint8Array(n);
    for (let t = 1; t < n; t += 1) emits[t] = (output[t] as number) >= 0 || (dict[t] as number) > 0 ? 1 : 0;
    // Renumber: the root stays 0, silent states next, emitting states last.
    const perm = new Int32Array(n);
    let id = 0;
    for (let t = 0; t < n; t += 1) if (emits[t] === 0) perm[t] = id++;
    this.firstEmit = id;
    for (let t = 0; t < n; t += 1) if (emits[t] === 1) perm[t] = id++;
    const table = n <= 0x10000 ? new Uint16Array(n * width) : new Int32Array(n * width);
    this.output = new Int32Array(n);
    this.dict = new Int32Array(n);
    for (let t = 0; t < n; t += 1) {
      const p = perm[t] as number;
      for (let x = 0; x < width; x += 1) table[p * width + x] = perm[next[t * width + x] as number] as number;
      this.output[p] = output[t] as number;
      const d = dict[t] as number;
      this.dict[p] = d >= 0 ? (perm[d] as number) : -1;
    }
    this.next = table;
  }

  idOf(word: string): number | undefined {
    return this.ids.get(word);
  }

  /** Ids of a keyword list (-1 for a word this automaton does not hold). */
  idsOf(words: readonly string[]): Int32Array {
    return Int32Array.from(words, (w) => this.ids.get(w) ?? -1);
  }

  /** Which keywords occur in `text`: one pass, O(text + keywords). */
  scan(text: string): Uint8Array {
    const found = new Uint8Array(this.words.length);
    if (this.words.length === 0) return found;
    this.scans += 1;
    if (this.scans === 0x7fffffff) {
      this.stamp.fill(0);
      this.scans = 1;
    }
    const scan = this.scans;
    const { next, sym, width, output, dict, firstEmit, stamp } = this;
    let s = 0;
    for (let i = 0; i < text.length; i += 1) {
      const c = text.charCodeAt(i);
      // No keyword holds a non-ASCII code unit, so one resets the automaton.
      s = c < ALPHABET ? (next[s * width + (sym[c] as number)] as number) : 0;
      if (s < firstEmit || stamp[s] === scan) continue;
      // Record every keyword ending here, once per state per scan, so repeats cost nothing.
      for (let t = s; t > 0 && stamp[t] !== scan; t = dict[t] as number) {
        stamp[t] = scan;
        const id = output[t] as number;
        if (id >= 0) found[id] = 1;
      }
    }
    return found;
  }

  /**
   * Every occurrence of every keyword, in order of its last character: `ends[k]` is the index just past
   * occurrence k and `ids[k]` its keyword. Undefined once more than `cap` occurrences are found (too
   * many to be worth localising anything).
   */
  occurrences(text: string, cap: number): { ends: Int32Array; ids: Int32Array; count: number } | undefined {
    let ends = new Int32Array(64);
    let ids = new Int32Array(64);
    let count = 0;
    const { next, sym, width, output, dict, firstEmit } = this;
    let s = 0;
    for (let i = 0; i < text.length; i += 1) {
      const c = text.charCodeAt(i);
      s = c < ALPHABET ? (next[s * width + (sym[c] as number)] as number) : 0;
      if (s < firstEmit) continue;
      for (let t = s; t > 0; t = dict[t] as number) {
        const id = output[t] as number;
        if (id < 0) continue;
        if (count === ends.length) {
          if (count >= cap) return undefined;
          const grownEnds = new Int32Array(count * 2);
          grownEnds.set(ends);
          ends = grownEnds;
          const grownIds = new Int32Array(count * 2);
          grownIds.set(ids);
          ids = grownIds;
        }
        ends[count] = i + 1;
        ids[count] = id;
        count += 1;
      }
    }
    return count > cap ? undefined : { ends, ids, count };
  }
}

const NON_ASCII_G = /[^\u0000-\u007f]/g;

function isAscii(word: string): boolean {
  for (let i = 0; i < word.length; i += 1) if (word.charCodeAt(i) >= ALPHABET) return false;
  return true;
}

/** Lower-case ASCII: what the automaton holds (anything else is answered with `includes`). */
function automatable(word: string): boolean {
  for (let i = 0; i < word.length; i += 1) {
    const c = word.charCodeAt(i);
    if (c >= ALPHABET || (c >= 65 && c <= 90)) return false;
  }
  return true;
}

/**
 * The keywords every rule asks about, shipped (src/analysis/tables.generated.ts) so the automaton holds
 * them all from the first text: a keyword learnt mid-scan is answered by a full `includes` per text until
 * the automaton is rebuilt, which on one large file meant hundreds of whole-text searches.
 */
let shippedDone = false;
function shipped(): void {
  if (shippedDone) return;
  shippedDone = true;
  registerKeywords(KEYWORDS);
}

/** Every ASCII keyword any prefilter has asked about; the automaton is rebuilt when the list grows. */
const known: string[] = [];
const knownSet = new Set<string>();
let automaton: Automaton | undefined;
/**
 * Per keyword list (by identity): its ids in the automaton that answered last. One weak lookup per
 * question; lists are module constants, so a list literal written inside a hot function defeats it.
 */
const lists = new WeakMap<readonly string[], { automaton: Automaton | undefined; ids: Int32Array }>();

/** Adds keywords to the shared automaton ahead of use (optional: unknown keywords are learnt on first use). */
export function registerKeywords(words: Iterable<string>): void {
  shipped();
  for (const w of words) {
    if (w.length === 0 || knownSet.has(w) || !automatable(w)) continue;
    knownSet.add(w);
    known.push(w);
  }
}

function currentAutomaton(): Automaton {
  shipped();
  if (!automaton || automaton.words.length !== known.length) {
    automaton = new Automaton([...known]);
  }
  return automaton;
}

/**
 * Keyword presence for one lower-cased text. The first question scans the text once for every keyword
 * known at that moment; a keyword first seen later is answered with `includes` (and learnt for the next
 * text). Answers are exactly `lower.includes(word)`.
 */
export class KeywordPresence {
  private automaton: Automaton | undefined;
  private found: Uint8Array | undefined;
  private extra: Map<string, boolean> | undefined;
  private lowerText: string | undefined;
  private nonAscii: string | undefined;

  /** `lower` is the lower-cased text. */
  constructor(lower: string);
  /** `text` is ASCII-only: it is scanned as is (A–Z fold in the automaton) and lower-cased only if needed. */
  constructor(text: string, asciiOnly: true);
  constructor(
    private readonly source: string,
    private readonly asciiOnly = false,
  ) {
    if (!asciiOnly) this.lowerText = source;
  }

  /** The lower-cased text. */
  get lower(): string {
    this.lowerText ??= this.source.toLowerCase();
    return this.lowerText;
  }

  private scanned(): Automaton {
    if (this.automaton === undefined) {
      this.automaton = currentAutomaton();
      this.found = this.automaton.scan(this.source);
    }
    return this.automaton;
  }

  /** For a keyword the automaton does not hold: `includes`, memoised, and learnt for the next text. */
  /**
   * The lines of the lower-cased text that hold a non-ASCII character, joined: the only places a keyword
   * with a non-ASCII character can occur (keywords hold no line break). In English text with a few dashes
   * or curly quotes it is a small fraction of the text, so non-ASCII keywords are looked for there.
   */
  private nonAsciiLines(): string {
    if (this.nonAscii === undefined) {
      const lower = this.lower;
      const parts: string[] = [];
      let length = 0;
      NON_ASCII_G.lastIndex = 0;
      for (let m = NON_ASCII_G.exec(lower); m !== null; m = NON_ASCII_G.exec(lower)) {
        const start = lower.lastIndexOf('\n', m.index) + 1;
        const nl = lower.indexOf('\n', m.index);
        const end = nl === -1 ? lower.length : nl;
        parts.push(lower.slice(start, end));
        length += end - start + 1;
        NON_ASCII_G.lastIndex = end;
      }
      // Text written mostly in another script: the joined lines would be a second copy of nearly all of
      // `lower` (32 MB more for a 16 MB file); searching `lower` itself gives the same answers.
      this.nonAscii = length > lower.length / 2 ? lower : parts.join('\n');
    }
    return this.nonAscii;
  }

  private slow(word: string): boolean {
    const ascii = isAscii(word);
    // A non-ASCII keyword (`忽略`, `игнорир`) cannot occur in ASCII-only text: answered without a
    // lower-cased copy, a memo entry or a registration attempt (it can never join the automaton).
    if (this.asciiOnly && !ascii) return false;
    let hit = this.extra?.get(word);
    if (hit === undefined) {
      hit = ascii ? this.lower.includes(word) : this.nonAsciiLines().includes(word);
      (this.extra ??= new Map()).set(word, hit);
      if (ascii) registerKeywords([word]);
    }
    return hit;
  }

  has(word: string): boolean {
    keywordLog?.add(word);
    const id = this.scanned().idOf(word);
    return id === undefined ? this.slow(word) : this.found?.[id] === 1;
  }

  /** True when any of `words` occurs (the prefilter every rule table uses). */
  any(words: readonly string[]): boolean {
    if (keywordLog) for (const w of words) keywordLog.add(w);
    let entry = lists.get(words);
    if (entry === undefined) {
      // Learnt whole on first sight, so the next automaton holds the list at once.
      registerKeywords(words);
      entry = { automaton: undefined, ids: new Int32Array(0) };
      lists.set(words, entry);
    }
    const automaton = this.scanned();
    if (entry.automaton !== automaton) {
      entry.automaton = automaton;
      entry.ids = automaton.idsOf(words);
    }
    const ids = entry.ids;
    const found = this.found as Uint8Array;
    for (let i = 0; i < ids.length; i += 1) {
      const id = ids[i] as number;
      if (id >= 0 ? found[id] === 1 : this.slow(words[i] as string)) {
        if (stats) record(words, words[i] as string);
        return true;
      }
    }
    if (stats) record(words, undefined);
    return false;
  }
}

let keywordLog: Set<string> | undefined;

/** Starts collecting every keyword asked about (`npm run tables` ships them). */
export function recordKeywords(): Set<string> {
  keywordLog = new Set();
  return keywordLog;
}

/** How often one keyword list let its check run, and which keyword let it through (the first found). */
export interface PrefilterStat {
  words: readonly string[];
  asked: number;
  passed: number;
  by: Map<string, number>;
}
let stats: Map<readonly string[], PrefilterStat> | undefined;

function record(words: readonly string[], passedBy: string | undefined): void {
  let st = stats?.get(words);
  if (!st) {
    st = { words, asked: 0, passed: 0, by: new Map() };
    stats?.set(words, st);
  }
  st.asked += 1;
  if (passedBy !== undefined) {
    st.passed += 1;
    st.by.set(passedBy, (st.by.get(passedBy) ?? 0) + 1);
  }
}

/** Starts counting prefilter outcomes (for the pass-rate report and its test); returns the live table. */
export function collectPrefilterStats(): Map<readonly string[], PrefilterStat> {
  stats = new Map();
  return stats;
}

/** Stops counting. */
export function stopPrefilterStats(): void {
  stats = undefined;
}
