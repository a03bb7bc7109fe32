// Where a rule's regex can match, read from the regex itself, so it runs only around what it needs.
//
// A pattern rule's regex on a large file used to be executed over the whole text whenever its keyword
// prefilter passed, and in prose most prefilters pass. From the regex's syntax tree we derive:
// - anchors: literal strings one of which every match contains (`\b(?:send|post)s?\s…` → send, post);
// - the longest match (consumption bound) and whether a match can consume a line break;
// - how far lookbehinds and lookaheads can look past a match.
// A match then lies within [anchor end − longest, anchor start + longest) (or within the anchor's line),
// and running the same `g` regex over a slice padded by the longest match plus the lookaround reach finds
// exactly the matches a whole-text run finds there (src/analysis/localized.ts; the equivalence is tested
// over the whole catalogue in localized.test.ts). A regex we cannot bound gets no plan: it runs whole.
import { RegExpParser } from '@eslint-community/regexpp';
import type { AST } from '@eslint-community/regexpp';

/**
 * A length bound that may depend on the text: `fixed` characters plus, per run class, that many of the
 * text's longest run of such characters (`[fixed, whitespace, word, line]`). `\s+` is unbounded in
 * general but, in a given text, never longer than its longest whitespace run.
 */
export type Bound = readonly [number, number, number, number];
/** Run classes a bound can be scaled by, in `Bound` order after `fixed`. */
export const RUN_CLASSES = ['whitespace', 'word', 'line'] as const;
export type RunLengths = readonly [number, number, number];

export interface RegexPlan {
  /** Lower-case ASCII literals, at least MIN_ANCHOR long; every match contains one (ignoring ASCII case). */
  anchors: readonly string[];
  /** Most characters any attempt can consume from its start (fixed Infinity: unbounded, then `singleLine` holds). */
  longest: Bound;
  /** No attempt can consume a line break. */
  singleLine: boolean;
  /** Characters before a match start that an assertion may read. */
  before: Bound;
  /** Characters after a consumed position that an assertion may read. */
  after: Bound;
}

/** A bound in a text with these longest runs. */
export function boundIn(b: Bound, runs: RunLengths): number {
  return b[0] + b[1] * runs[0] + b[2] * runs[1] + b[3] * runs[2];
}

const ZERO: Bound = [0, 0, 0, 0];
const ONE: Bound = [1, 0, 0, 0];
const INF: Bound = [Infinity, 0, 0, 0];
function add(a: Bound, b: Bound): Bound {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]];
}
function scale(a: Bound, n: number): Bound {
  return n === 0 ? ZERO : [a[0] * n, a[1] * n, a[2] * n, a[3] * n];
}
function maxOf(a: Bound, b: Bound): Bound {
  return [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}
function isZero(a: Bound): boolean {
  return a[0] === 0 && a[1] === 0 && a[2] === 0 && a[3] === 0;
}

/** Shorter anchors occur too often to localise anything. */
const MIN_ANCHOR = 3;
/** Largest literal set tracked per node (products of alternations grow fast). */
const MAX_SET = 64;
/** Longest literal tracked (longer ones are cut to a prefix only where that stays sound: never). */
const MAX_LITERAL = 48;
/** Characters a class may enumerate and still count as literal choices. */
const MAX_CLASS = 10;

interface Facts {
  /** Every string the node can match, lower-cased; undefined when unknown or too many. */
  exact?: string[];
  /** Every match contains one of these (lower-cased); undefined when unknown. */
  req?: string[];
  min: number;
  max: Bound;
  newline: boolean;
  /** For a one-character node: the narrowest run class holding every character it matches (index into RUN_CLASSES). */
  run?: number;
}

class Unplannable extends Error {}

const PLANS = new WeakMap<RegExp, RegexPlan | null>();
const parser = new RegExpParser({ ecmaVersion: 2025 });

/** The key a shipped plan is stored under: the regex's exact flags and source. */
export function planKey(re: RegExp): string {
  return `${re.flags.replace(/[gy]/g, '')}/${re.source}`;
}

/** The plan for `re`, or null when its matches cannot be localised (it then runs over the whole text). */
export function planOf(re: RegExp): RegexPlan | null {
  let plan = PLANS.get(re);
  if (plan === undefined) {
    plan = computePlan(re);
    PLANS.set(re, plan);
  }
  return plan;
}

function computePlan(re: RegExp): RegexPlan | null {
  let ast: AST.RegExpLiteral;
  try {
    ast = parser.parseLiteral(`/${re.source}/${re.flags.replace(/[gy]/g, '')}`);
  } catch {
    return null;
  }
  const flags = ast.flags;
  // `^`/`$` without `m` mean the ends of the input, which a slice would move.
  if (!flags.multiline && hasInputAnchor(ast.pattern)) return null;
  const ctx: Ctx = { flags, reach: { before: ONE, after: ONE }, unicodeFold: flags.ignoreCase && (flags.unicode || flags.unicodeSets) };
  let facts: Facts;
  try {
    facts = ofAlternatives(ast.pattern.alternatives, ctx);
  } catch (err) {
    if (err instanceof Unplannable) return null;
    throw err;
  }
  const anchors = usable(better(facts.req, facts.exact), ctx);
  if (!anchors) return null;
  if (facts.max[0] === Infinity && facts.newline) return null;
  if (ctx.reach.before[0] === Infinity || ctx.reach.after[0] === Infinity) return null;
  return { anchors, longest: facts.max, singleLine: !facts.newline, before: add(ctx.reach.before, ONE), after: add(ctx.reach.after, ONE) };
}

interface Ctx {
  flags: AST.Flags;
  reach: { before: Bound; after: Bound };
  /** Under `iu`, `k` and `s` also match U+212A and U+017F, which an ASCII anchor search would miss. */
  unicodeFold: boolean;
}

function usable(set: string[] | undefined, ctx: Ctx): string[] | undefined {
  if (!set || set.length === 0) return undefined;
  for (const s of set) {
    if (s.length < MIN_ANCHOR || !/^[\x20-\x7e\t]*$/.test(s)) return undefined;
    if (ctx.unicodeFold && /[ks]/.test(s)) return undefined;
  }
  return [...new Set(set)];
}

function hasInputAnchor(node: AST.Node): boolean {
  if (node.type === 'Assertion' && (node.kind === 'start' || node.kind === 'end')) return true;
  for (const child of childrenOf(node)) if (hasInputAnchor(child)) return true;
  return false;
}

function childrenOf(node: AST.Node): AST.Node[] {
  switch (node.type) {
    case 'Pattern':
    case 'Group':
    case 'CapturingGroup':
      return node.alternatives;
    case 'Alternative':
      return node.elements;
    case 'Quantifier':
      return [node.element];
    case 'Assertion':
      return node.kind === 'lookahead' || node.kind === 'lookbehind' ? node.alternatives : [];
    default:
      return [];
  }
}

function ofAlternatives(alts: readonly AST.Alternative[], ctx: Ctx): Facts {
  const parts = alts.map((a) => ofSequence(a.elements, ctx));
  const exact = unionAll(parts.map((p) => p.exact));
  const req = unionAll(parts.map((p) => p.exact ?? p.req));
  const out: Facts = {
    min: Math.min(...parts.map((p) => p.min)),
    max: parts.reduce((m, p) => maxOf(m, p.max), ZERO),
    newline: parts.some((p) => p.newline),
  };
  if (exact) out.exact = exact;
  if (req && !req.includes('')) out.req = req;
  return out;
}

function unionAll(sets: (string[] | undefined)[]): string[] | undefined {
  const out = new Set<string>();
  for (const s of sets) {
    if (!s) return undefined;
    for (const x of s) out.add(x);
    if (out.size > MAX_SET) return undefined;
  }
  return [...out];
}

function product(a: string[], b: string[]): string[] | undefined {
  if (a.length * b.length > MAX_SET) return undefined;
  const out = new Set<string>();
  for (const x of a) {
    for (const y of b) {
      const s = x + y;
      if (s.length > MAX_LITERAL) return undefined;
      out.add(s);
    }
  }
  return [...out];
}

/** Better anchor set: a longer shortest literal (rarer), then fewer literals. */
function better(a: string[] | undefined, b: string[] | undefined): string[] | undefined {
  if (!b || b.length === 0 || b.includes('')) return a;
  if (!a) return b;
  const ma = Math.min(...a.map((s) => s.length));
  const mb = Math.min(...b.map((s) => s.length));
  if (mb !== ma) return mb > ma ? b : a;
  return b.length < a.length ? b : a;
}

function ofSequence(elements: readonly AST.Element[], ctx: Ctx): Facts {
  const facts = elements.map((e) => ofElement(e, ctx));
  let min = 0;
  let max = ZERO;
  let newline = false;
  for (const f of facts) {
    min += f.min;
    max = add(max, f.max);
    newline ||= f.newline;
  }
  let req: string[] | undefined;
  for (const f of facts) req = better(req, f.req ?? (f.min > 0 ? f.exact : undefined));
  // Runs of adjacent literal elements make longer anchors (`key[34]\.db` → key3.db, key4.db).
  for (let i = 0; i < facts.length; i += 1) {
    let acc: string[] | undefined = [''];
    for (let j = i; j < facts.length && acc; j += 1) {
      const e = facts[j]?.exact;
      acc = e ? product(acc, e) : undefined;
      if (acc && !acc.includes('')) req = better(req, acc);
    }
  }
  let exact: string[] | undefined = [''];
  for (const f of facts) exact = exact && f.exact ? product(exact, f.exact) : undefined;
  const out: Facts = { min, max, newline };
  if (exact) out.exact = exact;
  if (req) out.req = req;
  return out;
}

const NEWLINE_CACHE = new Map<string, boolean>();

/** Whether a one-character node can match a line break (asked of the regex engine itself). */
function matchesNewline(raw: string, ctx: Ctx): boolean {
  const flags = `${ctx.flags.ignoreCase ? 'i' : ''}${ctx.flags.dotAll ? 's' : ''}${ctx.flags.unicodeSets ? 'v' : ctx.flags.unicode ? 'u' : ''}`;
  const key = `${flags}/${raw}`;
  let hit = NEWLINE_CACHE.get(key);
  if (hit === undefined) {
    hit = new RegExp(`^(?:${raw})$`, flags).test('\n');
    NEWLINE_CACHE.set(key, hit);
  }
  return hit;
}

function ofElement(node: AST.Element, ctx: Ctx): Facts {
  switch (node.type) {
    case 'Character':
      return { exact: [String.fromCodePoint(node.value).toLowerCase()], min: 1, max: ONE, newline: node.value === 10 };
    case 'CharacterSet':
      return oneChar(node.raw, ctx);
    case 'CharacterClass':
      return ofClass(node, ctx);
    case 'Group':
    case 'CapturingGroup':
      return ofAlternatives(node.alternatives, ctx);
    case 'Quantifier':
      return ofQuantifier(node, ctx);
    case 'Assertion':
      return ofAssertion(node, ctx);
    default:
      // Backreferences, `v`-flag set expressions, modifiers: not worth bounding.
      throw new Unplannable(node.type);
  }
}

function oneChar(raw: string, ctx: Ctx): Facts {
  const out: Facts = { min: 1, max: ONE, newline: matchesNewline(raw, ctx) };
  const run = runClassOf(raw, ctx);
  if (run !== undefined) out.run = run;
  return out;
}

function ofClass(node: AST.CharacterClass, ctx: Ctx): Facts {
  if (node.negate) return oneChar(node.raw, ctx);
  const chars = new Set<string>();
  for (const el of node.elements) {
    if (el.type === 'Character') chars.add(String.fromCodePoint(el.value).toLowerCase());
    else if (el.type === 'CharacterClassRange' && el.max.value - el.min.value < MAX_CLASS) {
      for (let c = el.min.value; c <= el.max.value; c += 1) chars.add(String.fromCodePoint(c).toLowerCase());
    } else return oneChar(node.raw, ctx);
    if (chars.size > MAX_CLASS) return oneChar(node.raw, ctx);
  }
  return { ...oneChar(node.raw, ctx), exact: [...chars] };
}

/** Every BMP code unit except those of a run class, per class: a class matching none of them lies inside it. */
let outsiders: string[] | undefined;
const RUN_TESTS = [/\s/, /\w/, /[^\n]/];
function outsidersOf(k: number): string {
  if (!outsiders) {
    const parts: string[][] = RUN_TESTS.map(() => []);
    for (let c = 0; c <= 0xffff; c += 1) {
      const ch = String.fromCharCode(c);
      RUN_TESTS.forEach((t, i) => {
        if (!t.test(ch)) parts[i]?.push(ch);
      });
    }
    outsiders = parts.map((p) => p.join(''));
  }
  return outsiders[k] as string;
}
const RUN_CACHE = new Map<string, number | undefined>();

/** The narrowest run class (whitespace, word, line) whose characters include every one `raw` matches. */
function runClassOf(raw: string, ctx: Ctx): number | undefined {
  // Astral characters are outside the probe; `u`/`v` classes could hold them.
  if (ctx.flags.unicode || ctx.flags.unicodeSets) return undefined;
  const flags = `${ctx.flags.ignoreCase ? 'i' : ''}${ctx.flags.dotAll ? 's' : ''}`;
  const key = `${flags}/${raw}`;
  if (!RUN_CACHE.has(key)) {
    const re = new RegExp(raw, flags);
    let found: number | undefined;
    for (let k = 0; k < RUN_TESTS.length && found === undefined; k += 1) if (!re.test(outsidersOf(k))) found = k;
    RUN_CACHE.set(key, found);
  }
  return RUN_CACHE.get(key);
}

function ofQuantifier(node: AST.Quantifier, ctx: Ctx): Facts {
  const body = ofElement(node.element, ctx);
  let max: Bound;
  if (node.max !== Infinity) max = scale(body.max, node.max);
  else if (isZero(body.max)) max = ZERO;
  // `\s+`, `\w*`, `[^\n]+`: no longer than the text's longest run of that class.
  else if (body.run !== undefined) max = [0, body.run === 0 ? 1 : 0, body.run === 1 ? 1 : 0, body.run === 2 ? 1 : 0];
  else max = INF;
  const out: Facts = { min: body.min * node.min, max, newline: body.newline };
  if (node.min > 0 && body.req) out.req = body.req;
  if (node.min > 0 && !out.req && body.exact && !body.exact.includes('')) out.req = body.exact;
  if (body.exact && node.max <= 3 && node.max !== Infinity) {
    // `x?`, `(?:s|ing)?`, `x{2}`: every repetition count, as literals.
    let all: string[] | undefined = [];
    for (let n = node.min; n <= node.max && all; n += 1) {
      let rep: string[] | undefined = [''];
      for (let k = 0; k < n && rep; k += 1) rep = product(rep, body.exact);
      all = rep ? unionAll([all, rep]) : undefined;
    }
    if (all) out.exact = all;
  }
  return out;
}

function ofAssertion(node: AST.Assertion, ctx: Ctx): Facts {
  if (node.kind === 'lookahead' || node.kind === 'lookbehind') {
    // Zero-width, but the assertion reads up to its own longest match past the current position.
    const inner = ofAlternatives(node.alternatives, ctx);
    if (node.kind === 'lookahead') ctx.reach.after = add(ctx.reach.after, inner.max);
    else ctx.reach.before = add(ctx.reach.before, inner.max);
  }
  return { exact: [''], min: 0, max: ZERO, newline: false };
}
