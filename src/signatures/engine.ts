// Compiles parsed rules into one matcher and runs it over raw bytes in time linear in the input:
//  1. One Aho–Corasick automaton over every literal atom, on ASCII-case-folded bytes: a text string gives
//     its whole byte sequence (and a 00-interleaved copy when `wide`); a hex string gives its longest run
//     of fixed bytes before its first jump. Case-folding lets one automaton serve `nocase` and exact strings.
//  2. Each atom hit is verified at its implied start (exact case, hex masks and jumps, `fullword`). Each
//     verification costs at most the pattern length × the jump span, both bounded at parse time, and the
//     number of verifications and their total work per scan are capped (flagged when hit).
//  3. Regex strings run once each over the whole input as a latin1 string (regex.ts: linear-engine fallback),
//     and only when the automaton saw one of the regex's gate literals (≥ 3 bytes, gateLiterals), if any.
//  4. Matches per string are counted up to SIGNATURE_LIMITS.maxMatchesPerString (offsets kept for `at`/`in`);
//     further matches are not counted and the cap is flagged.
//  5. Conditions are evaluated on the counts, offsets and the input size.
import { eachMatch } from '../analysis/kernel.js';
import { SIGNATURE_LIMITS } from './limits.js';
import { buildRegex, gateLiterals } from './regex.js';
import { parseRules, SignatureSyntaxError } from './parse.js';
import type { Expr, HexToken, MetaValue, RuleDef, StringDef } from './types.js';

export interface RuleSource {
  /** Shown in errors and findings (path or bundled file name). */
  file: string;
  text: string;
}

export interface StringMatch {
  id: string;
  count: number;
  /** Offsets of the counted matches (at most maxMatchesPerString), in scan order. */
  offsets: number[];
  /** true when more matches existed than were counted. */
  capped: boolean;
}

export interface RuleMatch {
  rule: string;
  file: string;
  tags: readonly string[];
  meta: Readonly<Record<string, MetaValue>>;
  /** Strings that matched at least once. */
  strings: StringMatch[];
  /** Offset of the first matched string, or null for a condition without strings (e.g. filesize only). */
  firstOffset: number | null;
}

export interface ScanLimits {
  /** `rule:$id` for every string whose match count hit the cap. */
  cappedStrings: string[];
  /** true when verification stopped at maxVerifications or maxVerifySteps; later candidates were not checked. */
  verificationCap: boolean;
  /** true when the input was longer than maxScanBytes and only its prefix was scanned. */
  truncatedInput: boolean;
}

export interface ScanStats {
  /** Automaton steps (goto + failure transitions); at most 2 × the input length. */
  automatonSteps: number;
  /** Candidate positions verified. */
  verifications: number;
  /** Byte comparisons and jump expansions inside verification. */
  verifySteps: number;
}

export interface ScanResult {
  matches: RuleMatch[];
  limits: ScanLimits;
  /** true when any bound was hit: the caller records an `output_limit` ledger row. */
  limited: boolean;
  stats: ScanStats;
}

interface CompiledString {
  def: StringDef;
  rule: number;
  regex?: RegExp;
  /** true when the regex runs only on inputs that contain its required literal. */
  gated?: boolean;
}

interface Atom {
  str: number; // index into strings
  length: number;
  /** Offset of the atom's first byte from the string's match start. */
  offset: number;
  wide: boolean;
  /** A regex string's required literal: seeing it only allows the regex to run (no verification). */
  gate?: boolean;
}

const fold = (b: number): number => (b >= 0x41 && b <= 0x5a ? b | 0x20 : b);
const isWordByte = (b: number | undefined): boolean =>
  b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f);

function widen(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length * 2);
  bytes.forEach((b, i) => (out[i * 2] = b));
  return out;
}

/** Longest run of fixed bytes in the hex string's tokens before its first jump: [start, length]. */
function hexAtom(tokens: HexToken[]): [number, number] {
  let best: [number, number] = [0, 0];
  let runStart = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as HexToken;
    if (t.t === 'jump') break;
    if (t.mask !== 0xff) {
      runStart = i + 1;
      continue;
    }
    if (i + 1 - runStart > best[1]) best = [runStart, i + 1 - runStart];
  }
  return best;
}

/** Largest automaton given a dense transition table (16 MiB of Int32). */
const DENSE_MAX_STATES = 16_384;

class Automaton {
  private readonly next: Map<number, number>[] = [new Map()];
  private fail: Int32Array = new Int32Array(1);
  private out: number[][] = [[]];
  /** Nearest node on the failure chain that has outputs (-1 none). */
  private dict: Int32Array = new Int32Array(1);
  /**
   * The full transition table (state × 256 raw bytes → state, case folding and failure links already
   * applied), so matching is one table load per byte. Built only while it stays small; larger custom sets
   * keep the map walk.
   */
  private dense: Int32Array | null = null;
  /** 1 where a state (or its failure chain) has outputs. */
  private emits: Uint8Array = new Uint8Array(1);

  add(bytes: Uint8Array, atom: number): void {
    let s = 0;
    for (const raw of bytes) {
      const b = fold(raw);
      let t = (this.next[s] as Map<number, number>).get(b);
      if (t === undefined) {
        t = this.next.length;
        this.next.push(new Map());
        this.out.push([]);
        (this.next[s] as Map<number, number>).set(b, t);
      }
      s = t;
    }
    (this.out[s] as number[]).push(atom);
  }

  build(): void {
    const n = this.next.length;
    this.fail = new Int32Array(n);
    this.dict = new Int32Array(n).fill(-1);
    const queue: number[] = [];
    for (const t of (this.next[0] as Map<number, number>).values()) queue.push(t);
    for (let qi = 0; qi < queue.length; qi++) {
      const s = queue[qi] as number;
      for (const [b, t] of this.next[s] as Map<number, number>) {
        let f = this.fail[s] as number;
        while (f !== 0 && !(this.next[f] as Map<number, number>).has(b)) f = this.fail[f] as number;
        const g = (this.next[f] as Map<number, number>).get(b);
        const ft = g !== undefined && g !== t ? g : 0;
        this.fail[t] = ft;
        this.dict[t] = (this.out[ft] as number[]).length > 0 ? ft : (this.dict[ft] as number);
        queue.push(t);
      }
    }
    this.emits = new Uint8Array(n);
    for (let st = 0; st < n; st++) if ((this.out[st] as number[]).length > 0 || (this.dict[st] as number) !== -1) this.emits[st] = 1;
    this.dense = n <= DENSE_MAX_STATES ? this.buildDense(queue) : null;
  }

  /** Breadth-first, so every state's failure target already has its row when the state is filled. */
  private buildDense(bfs: readonly number[]): Int32Array {
    const n = this.next.length;
    const table = new Int32Array(n * 256);
    const root = this.next[0] as Map<number, number>;
    for (let b = 0; b < 256; b++) table[b] = root.get(fold(b)) ?? 0;
    for (const st of bfs) {
      const row = st * 256;
      const failRow = (this.fail[st] as number) * 256;
      const edges = this.next[st] as Map<number, number>;
      for (let b = 0; b < 256; b++) table[row + b] = edges.get(fold(b)) ?? (table[failRow + b] as number);
    }
    return table;
  }

  /** Calls hit(atom, endIndex) for every atom occurrence; returns the number of transitions taken. */
  run(input: Uint8Array, end: number, hit: (atom: number, endIndex: number) => boolean): number {
    if (this.dense) return this.runDense(this.dense, input, end, hit);
    let s = 0;
    let steps = 0;
    for (let i = 0; i < end; i++) {
      const b = fold(input[i] as number);
      for (;;) {
        steps++;
        const t = (this.next[s] as Map<number, number>).get(b);
        if (t !== undefined) {
          s = t;
          break;
        }
        if (s === 0) break;
        s = this.fail[s] as number;
      }
      for (let o = (this.out[s] as number[]).length > 0 ? s : (this.dict[s] as number); o !== -1; o = this.dict[o] as number) {
        for (const a of this.out[o] as number[]) if (!hit(a, i)) return steps;
      }
    }
    return steps;
  }

  private runDense(table: Int32Array, input: Uint8Array, end: number, hit: (atom: number, endIndex: number) => boolean): number {
    const emits = this.emits;
    let s = 0;
    for (let i = 0; i < end; i++) {
      s = table[s * 256 + (input[i] as number)] as number;
      if (emits[s] === 0) continue;
      for (let o = (this.out[s] as number[]).length > 0 ? s : (this.dict[s] as number); o !== -1; o = this.dict[o] as number) {
        for (const a of this.out[o] as number[]) if (!hit(a, i)) return i + 1;
      }
    }
    return end;
  }

  get size(): number {
    return this.next.length;
  }
}

export class SignatureSet {
  private readonly strings: CompiledString[] = [];
  private readonly atoms: Atom[] = [];
  private readonly automaton = new Automaton();
  /** strings index range per rule */
  private readonly ruleStrings: number[][] = [];

  constructor(readonly rules: readonly RuleDef[]) {
    if (rules.length > SIGNATURE_LIMITS.maxRules) throw new RangeError(`more than ${SIGNATURE_LIMITS.maxRules} signature rules`);
    rules.forEach((rule, ri) => {
      const idx: number[] = [];
      for (const def of rule.strings) {
        const si = this.strings.length;
        idx.push(si);
        const cs: CompiledString = { def, rule: ri };
        if (def.kind === 'regex') {
          const re = buildRegex(def.source, def.nocase, def.dotall);
          if (typeof re === 'string') throw new SignatureSyntaxError(rule.file, def.line, 1, `regular expression not accepted: ${re}`);
          cs.regex = re;
          for (const lit of gateLiterals(def.source)) {
            cs.gated = true;
            this.addAtom(Buffer.from(lit, 'latin1'), { str: si, length: lit.length, offset: 0, wide: false, gate: true });
          }
        } else if (def.kind === 'text') {
          if (def.ascii) this.addAtom(def.bytes, { str: si, length: def.bytes.length, offset: 0, wide: false });
          if (def.wide) this.addAtom(widen(def.bytes), { str: si, length: def.bytes.length * 2, offset: 0, wide: true });
        } else {
          const [start, length] = hexAtom(def.tokens);
          const bytes = Uint8Array.from(def.tokens.slice(start, start + length).map((t) => (t.t === 'byte' ? t.value : 0)));
          this.addAtom(bytes, { str: si, length, offset: start, wide: false });
        }
        this.strings.push(cs);
      }
      this.ruleStrings.push(idx);
    });
    this.automaton.build();
  }

  private addAtom(bytes: Uint8Array, atom: Atom): void {
    this.automaton.add(bytes, this.atoms.length);
    this.atoms.push(atom);
  }

  /** Runs every rule over the bytes. Never throws on content; bounds are reported in `limits`. */
  scan(data: Uint8Array): ScanResult {
    const limits: ScanLimits = { cappedStrings: [], verificationCap: false, truncatedInput: data.length > SIGNATURE_LIMITS.maxScanBytes };
    const end = Math.min(data.length, SIGNATURE_LIMITS.maxScanBytes);
    const stats: ScanStats = { automatonSteps: 0, verifications: 0, verifySteps: 0 };
    const counts = new Int32Array(this.strings.length);
    const offsets: number[][] = this.strings.map(() => []);
    const capped = new Uint8Array(this.strings.length);
    const gateSeen = new Uint8Array(this.strings.length);
    const record = (si: number, start: number): void => {
      if ((counts[si] as number) >= SIGNATURE_LIMITS.maxMatchesPerString) {
        capped[si] = 1;
        return;
      }
      counts[si] = (counts[si] as number) + 1;
      (offsets[si] as number[]).push(start);
    };

    stats.automatonSteps = this.automaton.run(data, end, (ai, endIndex) => {
      const atom = this.atoms[ai] as Atom;
      const si = atom.str;
      if (atom.gate) {
        gateSeen[si] = 1;
        return true;
      }
      if (capped[si]) return true;
      if (stats.verifications >= SIGNATURE_LIMITS.maxVerifications || stats.verifySteps >= SIGNATURE_LIMITS.maxVerifySteps) {
        limits.verificationCap = true;
        return false;
      }
      stats.verifications++;
      const start = endIndex + 1 - atom.length - atom.offset;
      if (start < 0) return true;
      const def = (this.strings[si] as CompiledString).def;
      if (def.kind === 'text' ? this.verifyText(def, atom.wide, data, start, end, stats) : def.kind === 'hex' && this.verifyHex(def.tokens, data, start, end, stats)) record(si, start);
      return true;
    });

    let latin1: string | null = null;
    this.strings.forEach((cs, si) => {
      // If the automaton stopped early (verification cap), a gate may be unseen: run every regex then.
      if (!cs.regex || (cs.gated && !gateSeen[si] && !limits.verificationCap)) return;
      latin1 ??= Buffer.from(data.buffer, data.byteOffset, end).toString('latin1');
      // Through the shared kernel: on a large file it runs the regex only around the literals every match
      // must hold (src/analysis/localized.ts), so no single exec sees megabytes, the backtrack budget
      // (src/signatures/regex.ts) is never spent by a long subject alone, and memory stays flat.
      eachMatch(latin1, cs.regex, (m) => {
        if (m[0].length > 0 && (cs.def.kind !== 'regex' || !cs.def.fullword || (!isWordByte(data[m.index - 1]) && !isWordByte(data[m.index + m[0].length])))) record(si, m.index);
        return capped[si] ? false : undefined;
      });
    });

    const matches: RuleMatch[] = [];
    this.rules.forEach((rule, ri) => {
      const idx = this.ruleStrings[ri] as number[];
      const byId = new Map<string, number>(idx.map((si) => [(this.strings[si] as CompiledString).def.id, si]));
      const ctx: EvalCtx = { counts, offsets, byId, filesize: data.length };
      if (!evaluate(rule.condition, ctx)) return;
      const strings: StringMatch[] = [];
      for (const si of idx) {
        if ((counts[si] as number) === 0) continue;
        strings.push({ id: (this.strings[si] as CompiledString).def.id, count: counts[si] as number, offsets: offsets[si] as number[], capped: capped[si] === 1 });
      }
      const firsts = strings.map((s) => Math.min(...s.offsets.slice(0, 1)));
      matches.push({ rule: rule.name, file: rule.file, tags: rule.tags, meta: rule.meta, strings, firstOffset: firsts.length ? Math.min(...firsts) : null });
    });
    this.strings.forEach((cs, si) => {
      if (capped[si]) limits.cappedStrings.push(`${(this.rules[cs.rule] as RuleDef).name}:${cs.def.id}`);
    });
    const limited = limits.cappedStrings.length > 0 || limits.verificationCap || limits.truncatedInput;
    return { matches, limits, limited, stats };
  }

  private verifyText(def: Extract<StringDef, { kind: 'text' }>, wide: boolean, data: Uint8Array, start: number, end: number, stats: ScanStats): boolean {
    const step = wide ? 2 : 1;
    const len = def.bytes.length * step;
    if (start + len > end) return false;
    for (let i = 0; i < def.bytes.length; i++) {
      stats.verifySteps++;
      const a = data[start + i * step] as number;
      const b = def.bytes[i] as number;
      if (a !== b && !(def.nocase && fold(a) === fold(b))) return false;
      if (wide && data[start + i * 2 + 1] !== 0) return false;
    }
    if (def.fullword) {
      if (isWordByte(data[start - step]) && (!wide || data[start - 1] === 0)) return false;
      if (start + len < end && isWordByte(data[start + len])) return false;
    }
    return true;
  }

  /** Reused position buffers for hex verification (sized to the longest hex span in the set). */
  private hexBufA = new Int32Array(0);
  private hexBufB = new Int32Array(0);

  /**
   * Simulates the hex tokens from `start` with a sorted list of live positions: a byte token filters it,
   * a jump expands each position into [p+min, p+max] while skipping what the previous expansion already
   * covered, so the list stays sorted without duplicates. Work ≤ tokens × (1 + total jump span).
   */
  private verifyHex(tokens: HexToken[], data: Uint8Array, start: number, end: number, stats: ScanStats): boolean {
    let span = 1;
    for (const t of tokens) if (t.t === 'jump') span += t.max;
    if (this.hexBufA.length < span) {
      this.hexBufA = new Int32Array(span);
      this.hexBufB = new Int32Array(span);
    }
    let cur = this.hexBufA;
    let nxt = this.hexBufB;
    cur[0] = start;
    let len = 1;
    for (const t of tokens) {
      let n = 0;
      if (t.t === 'byte') {
        for (let i = 0; i < len; i++) {
          stats.verifySteps++;
          const p = cur[i] as number;
          if (p < end && ((data[p] as number) & t.mask) === t.value) nxt[n++] = p + 1;
        }
      } else {
        let last = -1;
        for (let i = 0; i < len; i++) {
          const p = cur[i] as number;
          const hi = Math.min(p + t.max, end);
          for (let q = Math.max(p + t.min, last + 1); q <= hi; q++) {
            stats.verifySteps++;
            nxt[n++] = q;
            last = q;
          }
        }
      }
      if (n === 0) return false;
      [cur, nxt] = [nxt, cur];
      len = n;
    }
    return true;
  }
}

interface EvalCtx {
  counts: Int32Array;
  offsets: number[][];
  byId: Map<string, number>;
  filesize: number;
}

function int(e: Expr, c: EvalCtx): number {
  if (e.k === 'int') return e.value;
  if (e.k === 'filesize') return c.filesize;
  if (e.k === 'count') return c.counts[c.byId.get(e.id) as number] as number;
  return evaluate(e, c) ? 1 : 0;
}

function evaluate(e: Expr, c: EvalCtx): boolean {
  switch (e.k) {
    case 'bool':
      return e.value;
    case 'found':
      return (c.counts[c.byId.get(e.id) as number] as number) > 0;
    case 'at': {
      const n = int(e.offset, c);
      return (c.offsets[c.byId.get(e.id) as number] as number[]).includes(n);
    }
    case 'in': {
      const lo = int(e.lo, c);
      const hi = int(e.hi, c);
      return (c.offsets[c.byId.get(e.id) as number] as number[]).some((o) => o >= lo && o <= hi);
    }
    case 'not':
      return !evaluate(e.e, c);
    case 'and':
      return evaluate(e.l, c) && evaluate(e.r, c);
    case 'or':
      return evaluate(e.l, c) || evaluate(e.r, c);
    case 'cmp': {
      const l = int(e.l, c);
      const r = int(e.r, c);
      return e.op === '<' ? l < r : e.op === '<=' ? l <= r : e.op === '>' ? l > r : e.op === '>=' ? l >= r : e.op === '==' ? l === r : l !== r;
    }
    case 'of': {
      const found = e.ids.filter((id) => (c.counts[c.byId.get(id) as number] as number) > 0).length;
      if (e.quant === 'any') return found > 0;
      if (e.quant === 'all') return found === e.ids.length;
      if (e.quant === 'none') return found === 0;
      return found >= e.quant;
    }
    default:
      return int(e, c) !== 0;
  }
}

/**
 * Parses and compiles rule files into one set. Throws SignatureSyntaxError naming the file and line of the
 * first problem (rule names must be unique per file; the same name in two files is allowed).
 */
export function compileSignatures(sources: readonly RuleSource[]): SignatureSet {
  const rules: RuleDef[] = [];
  for (const s of sources) {
    rules.push(...parseRules(s.text, s.file));
    if (rules.length > SIGNATURE_LIMITS.maxRules) throw new SignatureSyntaxError(s.file, 1, 1, `more than ${SIGNATURE_LIMITS.maxRules} rules in the signature set`);
  }
  return new SignatureSet(rules);
}

/** 1-based line of a byte offset (counts 0x0A bytes before it); linear per call, for a single finding. */
export function lineOfOffset(data: Uint8Array, offset: number): number {
  let line = 1;
  const end = Math.min(offset, data.length);
  for (let i = 0; i < end; i++) if (data[i] === 0x0a) line++;
  return line;
}

/** Line locator for many offsets in one input: one pass to index newlines, then binary search per offset. */
export function lineLocator(data: Uint8Array): (offset: number) => number {
  const newlines: number[] = [];
  for (let i = 0; i < data.length; i++) if (data[i] === 0x0a) newlines.push(i);
  return (offset: number): number => {
    let lo = 0;
    let hi = newlines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((newlines[mid] as number) < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
}
