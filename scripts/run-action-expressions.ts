// The slice of GitHub Actions expressions that action.yml uses, for the local runner substitute
// (scripts/run-action.ts): literals, context paths (inputs.x, steps.id.outputs.y, github.x), the status
// functions, `!`, `==`, `!=`, `&&`, `||` and parentheses. Anything else is an error, never a guess.

export type Value = string | number | boolean | null;

export interface ExpressionContext {
  /** Resolves a dotted context path (`inputs.target`); undefined when the context has no such value. */
  lookup(path: readonly string[]): Value | undefined;
  /** True once an earlier step failed: decides success() and failure(). */
  failed: boolean;
}

/** Parentheses deeper than this are refused: action.yml needs two levels, and the parser recurses per level. */
const MAX_DEPTH = 32;
const STATUS_FUNCTIONS = ['always', 'success', 'failure', 'cancelled'];

type Token =
  | { kind: 'op'; text: string }
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'word'; text: string };

const OPERATORS = ['==', '!=', '&&', '||', '!', '(', ')', ','];
// Sticky patterns, matched in place at the cursor.
const SPACE = /\s+/y;
const WORD = /[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_*][A-Za-z0-9_-]*)*/y;
const NUMBER = /-?\d+(?:\.\d+)?/y;

function matchAt(pattern: RegExp, text: string, at: number): string | undefined {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0];
}

/** A single-quoted literal starting at `at` (`''` escapes a quote): its value and the index after it. */
function stringAt(text: string, at: number): { value: string; end: number } {
  let value = '';
  let j = at + 1;
  for (;;) {
    const quote = text.indexOf("'", j);
    if (quote === -1) throw new Error(`unterminated string in expression: ${text}`);
    value += text.slice(j, quote);
    if (text[quote + 1] !== "'") return { value, end: quote + 1 };
    value += "'";
    j = quote + 2;
  }
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const space = matchAt(SPACE, text, i);
    if (space !== undefined) {
      i += space.length;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (op !== undefined) {
      tokens.push({ kind: 'op', text: op });
      i += op.length;
      continue;
    }
    if (text[i] === "'") {
      const { value, end } = stringAt(text, i);
      tokens.push({ kind: 'string', value });
      i = end;
      continue;
    }
    const number = matchAt(NUMBER, text, i);
    if (number !== undefined) {
      tokens.push({ kind: 'number', value: Number(number) });
      i += number.length;
      continue;
    }
    const word = matchAt(WORD, text, i);
    if (word === undefined) throw new Error(`unsupported syntax at "${text.slice(i, i + 20)}" in expression: ${text}`);
    tokens.push({ kind: 'word', text: word });
    i += word.length;
  }
  return tokens;
}

function truthy(v: Value): boolean {
  return !(v === false || v === null || v === 0 || v === '');
}

function toNumber(v: Value): number {
  if (v === null) return 0;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') return v.trim() === '' ? 0 : Number(v);
  return v;
}

/** GitHub's loose equality: strings compare case-insensitively, mixed types compare as numbers. */
function equal(a: Value, b: Value): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  if (typeof a === typeof b && a === b) return true;
  return toNumber(a) === toNumber(b);
}

class Parser {
  private pos = 0;

  constructor(private readonly tokens: Token[], private readonly ctx: ExpressionContext, private readonly source: string) {}

  parse(): Value {
    const v = this.or(0);
    if (this.pos !== this.tokens.length) throw new Error(`unexpected token in expression: ${this.source}`);
    return v;
  }

  private peekOp(text: string): boolean {
    const t = this.tokens[this.pos];
    return t?.kind === 'op' && t.text === text;
  }

  private expectOp(text: string): void {
    if (!this.peekOp(text)) throw new Error(`expected "${text}" in expression: ${this.source}`);
    this.pos += 1;
  }

  private or(depth: number): Value {
    let left = this.and(depth);
    while (this.peekOp('||')) {
      this.pos += 1;
      const right = this.and(depth);
      left = truthy(left) ? left : right;
    }
    return left;
  }

  private and(depth: number): Value {
    let left = this.equality(depth);
    while (this.peekOp('&&')) {
      this.pos += 1;
      const right = this.equality(depth);
      left = truthy(left) ? right : left;
    }
    return left;
  }

  private equality(depth: number): Value {
    let left = this.unary(depth);
    while (this.peekOp('==') || this.peekOp('!=')) {
      const negate = this.peekOp('!=');
      this.pos += 1;
      const same = equal(left, this.unary(depth));
      left = negate ? !same : same;
    }
    return left;
  }

  private unary(depth: number): Value {
    let negations = 0;
    while (this.peekOp('!')) {
      negations += 1;
      this.pos += 1;
    }
    const v = this.primary(depth);
    return negations === 0 ? v : negations % 2 === 1 ? !truthy(v) : truthy(v);
  }

  private primary(depth: number): Value {
    const t = this.tokens[this.pos];
    if (t === undefined) throw new Error(`expression ends early: ${this.source}`);
    this.pos += 1;
    if (t.kind === 'string' || t.kind === 'number') return t.value;
    if (t.kind === 'op') {
      if (t.text !== '(') throw new Error(`unexpected "${t.text}" in expression: ${this.source}`);
      if (depth >= MAX_DEPTH) throw new Error(`expression nested too deeply: ${this.source}`);
      const v = this.or(depth + 1);
      this.expectOp(')');
      return v;
    }
    if (t.text === 'true' || t.text === 'false') return t.text === 'true';
    if (t.text === 'null') return null;
    if (this.peekOp('(')) return this.call(t.text);
    return this.ctx.lookup(t.text.split('.')) ?? '';
  }

  private call(name: string): Value {
    if (!STATUS_FUNCTIONS.includes(name)) throw new Error(`unsupported function ${name}() in expression: ${this.source}`);
    this.expectOp('(');
    this.expectOp(')');
    if (name === 'always') return true;
    if (name === 'cancelled') return false;
    return name === 'failure' ? this.ctx.failed : !this.ctx.failed;
  }
}

export function evaluate(expression: string, ctx: ExpressionContext): Value {
  return new Parser(tokenize(expression), ctx, expression).parse();
}

export function asText(v: Value): string {
  return v === null ? '' : String(v);
}

/** Replaces every `${{ expr }}` in `text` with the expression's value as text. */
export function interpolate(text: string, ctx: ExpressionContext): string {
  let out = '';
  let i = 0;
  for (;;) {
    const open = text.indexOf('${{', i);
    if (open === -1) return out + text.slice(i);
    const close = text.indexOf('}}', open + 3);
    if (close === -1) throw new Error(`unterminated \${{ in: ${text}`);
    out += text.slice(i, open) + asText(evaluate(text.slice(open + 3, close), ctx));
    i = close + 2;
  }
}

/**
 * A step's `if:` (with or without `${{ }}`); no condition means success(). As on GitHub, a condition that
 * calls no status function only runs after successful steps.
 */
export function stepCondition(condition: string | undefined, ctx: ExpressionContext): boolean {
  if (condition === undefined || condition.trim() === '') return !ctx.failed;
  const trimmed = condition.trim();
  const bare = trimmed.startsWith('${{') && trimmed.endsWith('}}') ? trimmed.slice(3, -2) : trimmed;
  const usesStatus = STATUS_FUNCTIONS.some((f) => new RegExp(`\\b${f}\\s*\\(`).test(bare));
  const value = truthy(evaluate(bare, ctx));
  return usesStatus ? value : !ctx.failed && value;
}
