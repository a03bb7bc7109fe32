// Constant values seen through variables: folded strings (`n = 'sys' + 'tem'`), the constant prefix of a
// URL (`f"{BASE}/v1"` with `BASE = "https://api.example.com"`) and the constant fragments of a path
// (`os.path.join(os.path.expanduser('~'), '.ssh', 'id_rsa')`), following a few assignments at most.
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import type { FileModel, Scope } from './model.js';
import { field, kids, plusLeaves, stringValue, unparen } from './syntax.js';

const MAX_HOPS = 3;
/** A URL is often built in steps (`BASE = env.get(..., default)`, `url = f"{BASE}/x"`, `Request(url)`). */
const MAX_PREFIX_HOPS = 5;
const MAX_ASSIGNMENTS = 4;
const MAX_FRAGMENTS = 48;
const MAX_PATH = 2_048;
const MAX_VISIT = 512;
const MAX_ITEMS = 256;
const LISTS = new Set(['list', 'tuple', 'set']);

export class Values {
  constructor(private readonly model: FileModel) {}

  /** The right-hand sides of a name's assignments (few, plain ones), or null. */
  private sourcesOf(node: SyntaxNode, scope: Scope): SyntaxNode[] | null {
    const key = this.model.slotOf(node, scope);
    if (key === null) return null;
    const list = this.model.assignmentsTo(key);
    if (list.length === 0 || list.length > MAX_ASSIGNMENTS || list.some((a) => a.key !== undefined || a.header)) return null;
    return list.map((a) => a.rhs);
  }

  /** A constant string, following variables whose every assignment is the same constant. */
  fold(node: SyntaxNode, scope: Scope, depth = 0): string | null {
    let n = unparen(node);
    // `depth` carries the hops already spent, so `a = b + "x"; b = c + "x"; …` chains stay shallow.
    for (let hop = depth; hop <= MAX_HOPS; hop++) {
      const direct = stringValue(n);
      if (direct !== null) return direct;
      const rhs = this.sourcesOf(n, scope);
      if (!rhs) return this.foldConcat(n, scope, hop);
      const values = new Set(rhs.map((r) => stringValue(r)));
      if (values.size === 1 && !values.has(null)) return [...values][0] ?? null;
      if (rhs.length !== 1 || !rhs[0]) return null;
      n = unparen(rhs[0]);
    }
    return null;
  }

  /**
   * The constant strings an expression can hold: one folded constant, or the elements of the literal
   * lists a loop variable runs over (`for k in ("A_TOKEN", "B_URL")`, `for k in NAMES`). Null otherwise.
   */
  names(node: SyntaxNode, scope: Scope): string[] | null {
    const one = this.fold(node, scope);
    if (one !== null) return [one];
    const n = unparen(node);
    const key = n.type === 'identifier' ? this.model.slotOf(n, scope) : null;
    const list = key === null ? [] : this.model.assignmentsTo(key);
    if (list.length === 0 || list.length > MAX_ASSIGNMENTS || !list.every((a) => a.each)) return null;
    const out: string[] = [];
    for (const a of list) {
      const items = this.literalStrings(a.rhs, a.scope);
      if (items === null) return null;
      out.push(...items);
    }
    return out;
  }

  /** The strings of a literal list/tuple/set of strings, directly or through one variable holding it. */
  private literalStrings(node: SyntaxNode, scope: Scope): string[] | null {
    let n = unparen(node);
    if (n.type === 'identifier') {
      const rhs = this.sourcesOf(n, scope);
      if (rhs?.length !== 1 || !rhs[0]) return null;
      n = unparen(rhs[0]);
    }
    if (!LISTS.has(n.type)) return null;
    const items = kids(n);
    if (items.length > MAX_ITEMS) return null;
    const out: string[] = [];
    for (const item of items) {
      const v = stringValue(item);
      if (v === null) return null;
      out.push(v);
    }
    return out;
  }

  /** `'sys' + name` where name folds. */
  private foldConcat(n: SyntaxNode, scope: Scope, hop: number): string | null {
    if (n.type !== 'binary_operator' || hop >= MAX_HOPS) return null;
    const leaves = plusLeaves(n);
    if (!leaves || leaves.length > 16) return null;
    let out = '';
    for (const leaf of leaves) {
      const v = stringValue(leaf) ?? (leaf.type === 'identifier' ? this.fold(leaf, scope, hop + 1) : null);
      if (v === null) return null;
      out += v;
    }
    return out;
  }

  /** The constant text an expression starts with (a URL's scheme and host, typically). */
  prefix(node: SyntaxNode, scope: Scope, hop = 0): string {
    const n = unparen(node);
    const whole = stringValue(n);
    if (whole !== null) return whole;
    if (n.type === 'string' || n.type === 'concatenated_string') return this.stringPrefix(n, scope, hop);
    if (n.type === 'binary_operator') {
      const leaves = plusLeaves(n);
      let out = '';
      for (const leaf of leaves ?? []) {
        const v = stringValue(leaf) ?? (hop < MAX_PREFIX_HOPS ? this.fold(leaf, scope) : null);
        if (v !== null) out += v;
        else return out + (hop < MAX_PREFIX_HOPS ? this.prefix(leaf, scope, hop + 1) : '');
      }
      return out;
    }
    if (n.type === 'call') {
      // `"https://h/{}".format(x)`, `urljoin(BASE, path)`.
      const fn = field(n, 'function');
      const recv = fn?.type === 'attribute' ? field(fn, 'object') : null;
      if (recv && field(fn as SyntaxNode, 'attribute')?.text === 'format') return this.prefix(recv, scope, hop + 1).split('{')[0] ?? '';
      const [first, second] = field(n, 'arguments')?.namedChildren ?? [];
      if (/urljoin$/.test(fn?.text ?? '') && first && hop < MAX_PREFIX_HOPS) return this.prefix(first, scope, hop + 1);
      // `os.environ.get("API_URL", "https://api.example.com")`: the default is the documented destination.
      if (/(?:environ\.get|getenv)$/.test(fn?.text ?? '') && second && hop < MAX_PREFIX_HOPS) return this.prefix(second, scope, hop + 1);
      return '';
    }
    const rhs = hop < MAX_PREFIX_HOPS ? this.sourcesOf(n, scope) : null;
    return rhs?.length === 1 && rhs[0] ? this.prefix(rhs[0], scope, hop + 1) : '';
  }

  private stringPrefix(n: SyntaxNode, scope: Scope, hop: number): string {
    let out = '';
    for (const part of n.type === 'concatenated_string' ? kids(n) : [n]) {
      for (const c of kids(part)) {
        if (c.type === 'string_content') out += c.text;
        else if (c.type === 'interpolation') {
          const expr = field(c, 'expression');
          const v = expr && hop < MAX_PREFIX_HOPS ? this.fold(expr, scope) : null;
          if (v === null) return out + (expr && hop < MAX_PREFIX_HOPS ? this.prefix(expr, scope, hop + 1) : '');
          out += v;
        }
      }
    }
    return out;
  }

  /** The constant fragments of a path expression joined by `/` (variables followed a few hops). */
  pathText(node: SyntaxNode, scope: Scope): string {
    const parts: string[] = [];
    let size = 0;
    let visited = 0;
    const stack: { n: SyntaxNode; hop: number }[] = [{ n: node, hop: 0 }];
    while (stack.length > 0 && parts.length < MAX_FRAGMENTS && size < MAX_PATH && visited++ < MAX_VISIT) {
      const { n, hop } = stack.pop() as { n: SyntaxNode; hop: number };
      if (n.type === 'string') {
        const text = kids(n).filter((c) => c.type === 'string_content').map((c) => c.text).join('');
        if (text) parts.push(text);
        size += text.length;
        for (const c of kids(n).reverse()) if (c.type === 'interpolation') stack.push({ n: c, hop });
        continue;
      }
      const rhs = hop < MAX_HOPS ? this.sourcesOf(n, scope) : null;
      if (rhs) {
        for (const r of [...rhs].reverse()) stack.push({ n: r, hop: hop + 1 });
        continue;
      }
      for (const c of kids(n).reverse()) stack.push({ n: c, hop });
    }
    return parts.join('/').replace(/\/{2,}/g, '/');
  }
}
