// Small, non-recursive helpers over the tree-sitter Python tree: literal folding, call arguments, lines.
// Hostile files nest expressions thousands of levels deep, so every walk here uses an explicit stack.
import type { CodeNode as SyntaxNode } from '../code-tree.js';

/** Longest string a fold produces; longer constants are not interesting as names, hosts or paths. */
const MAX_FOLD = 4_096;
/** Nodes one fold or literal check may visit. */
const MAX_VISIT = 4_096;

export function line(node: SyntaxNode): number {
  return node.startPosition.row + 1;
}

export function kids(node: SyntaxNode): SyntaxNode[] {
  return node.namedChildren.filter((c): c is SyntaxNode => c !== null);
}

export function field(node: SyntaxNode, name: string): SyntaxNode | null {
  return node.childForFieldName(name);
}

/** Unwraps `(((x)))` without recursion. */
export function unparen(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.type === 'parenthesized_expression') {
    const inner = n.namedChildren[0];
    if (!inner) break;
    n = inner;
  }
  return n;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', '\\': '\\', "'": "'", '"': '"' };

function unescape(text: string): string {
  return text.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|.)/g, (_m, e: string) => {
    if (e.length > 1) return String.fromCharCode(parseInt(e.slice(1), 16));
    return ESCAPES[e] ?? `\\${e}`;
  });
}

/** The value of one string node without interpolations, or null (f-string with `{…}`). */
function plainString(node: SyntaxNode): string | null {
  const start = node.namedChildren[0];
  const raw = start?.type === 'string_start' && /r/i.test(start.text);
  let out = '';
  for (const c of kids(node)) {
    if (c.type === 'interpolation') return null;
    if (c.type === 'string_content') out += raw ? c.text : unescape(c.text);
  }
  return out;
}

/** Leaves of a `+` chain (or a single node), left to right, skipping parentheses; null past the visit cap. */
export function plusLeaves(node: SyntaxNode): SyntaxNode[] | null {
  const out: SyntaxNode[] = [];
  const stack = [node];
  while (stack.length > 0) {
    if (out.length + stack.length > MAX_VISIT) return null;
    const n = unparen(stack.pop() as SyntaxNode);
    const op = n.type === 'binary_operator' ? field(n, 'operator')?.text : undefined;
    const left = field(n, 'left');
    const right = field(n, 'right');
    if (op === '+' && left && right) stack.push(right, left);
    else out.push(n);
  }
  return out;
}

/** Folds a constant string: literals, implicit and `+` concatenation. Null when any part is not constant. */
export function stringValue(node: SyntaxNode): string | null {
  const leaves = plusLeaves(node);
  if (!leaves) return null;
  let out = '';
  for (const leaf of leaves) {
    const parts = leaf.type === 'concatenated_string' ? kids(leaf) : leaf.type === 'string' ? [leaf] : null;
    if (!parts) return null;
    for (const p of parts) {
      const v = plainString(p);
      if (v === null) return null;
      out += v;
      if (out.length > MAX_FOLD) return null;
    }
  }
  return out;
}

const LITERAL_LEAF = new Set(['string', 'concatenated_string', 'integer', 'float', 'true', 'false', 'none', 'ellipsis']);
const LITERAL_CONTAINER = new Set(['list', 'tuple', 'set', 'parenthesized_expression', 'unary_operator', 'expression_list', 'binary_operator']);

/** True when the expression is a literal (strings without interpolation, numbers, containers of literals). */
export function isLiteral(node: SyntaxNode): boolean {
  const stack = [node];
  let visited = 0;
  while (stack.length > 0) {
    if (++visited > MAX_VISIT) return false;
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'string' || n.type === 'concatenated_string') {
      if (stringValue(n) === null) return false;
    } else if (LITERAL_CONTAINER.has(n.type)) {
      stack.push(...kids(n));
    } else if (!LITERAL_LEAF.has(n.type)) {
      return false;
    }
  }
  return true;
}

export interface CallArgs {
  positional: SyntaxNode[];
  keyword: Map<string, SyntaxNode>;
  /** `*args` / `**kwargs` values. */
  splats: SyntaxNode[];
}

export function callArgs(call: SyntaxNode): CallArgs {
  const out: CallArgs = { positional: [], keyword: new Map(), splats: [] };
  const list = field(call, 'arguments');
  if (!list) return out;
  // A call with a single generator argument (`f(x for x in y)`) has the generator as its arguments node.
  if (list.type !== 'argument_list') {
    out.positional.push(list);
    return out;
  }
  for (const a of kids(list)) {
    if (a.type === 'keyword_argument') {
      const name = field(a, 'name')?.text;
      const value = field(a, 'value');
      if (name && value) out.keyword.set(name, value);
    } else if (a.type === 'list_splat' || a.type === 'dictionary_splat') {
      const v = a.namedChildren[0];
      if (v) out.splats.push(v);
    } else if (a.type !== 'comment') {
      out.positional.push(a);
    }
  }
  return out;
}

/** The argument at `index` or under `name`. */
export function argAt(args: CallArgs, index: number, name?: string): SyntaxNode | undefined {
  return args.positional[index] ?? (name !== undefined ? args.keyword.get(name) : undefined);
}

/** True when a keyword flag is set to something other than a falsy literal (`shell=True`, `shell=flag`). */
export function flagSet(args: CallArgs, name: string): boolean {
  const v = args.keyword.get(name);
  return v !== undefined && !['False', '0', 'None'].includes(v.text);
}
