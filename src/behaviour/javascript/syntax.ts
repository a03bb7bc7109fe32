// Small tree helpers shared by the JavaScript/TypeScript extractor: unwrapping TypeScript-only wrappers,
// children without nulls, lines and clipped evidence text.
import { clip } from '../facts.js';
import type { CodeNode as SyntaxNode } from '../code-tree.js';

/** Node types that start a new function scope. */
export const FUNCTION_TYPES: ReadonlySet<string> = new Set([
  'function_declaration', 'generator_function_declaration', 'function_expression', 'function',
  'generator_function', 'arrow_function', 'method_definition',
]);

/** Type-only subtrees: nothing in them runs, so the walk skips them. */
export const TYPE_ONLY: ReadonlySet<string> = new Set([
  'type_annotation', 'type_arguments', 'type_parameters', 'interface_declaration', 'type_alias_declaration',
  'abstract_class_declaration_signature', 'ambient_declaration', 'comment',
]);

// Wrappers that do not change the runtime value: parentheses and TypeScript casts.
const TRANSPARENT: ReadonlySet<string> = new Set([
  'parenthesized_expression', 'as_expression', 'satisfies_expression', 'non_null_expression', 'type_assertion',
]);

/** Non-null named children. */
export function kids(node: SyntaxNode): SyntaxNode[] {
  return node.namedChildren.filter((n): n is SyntaxNode => n !== null && n.type !== 'comment');
}

/** The expression under parentheses, `as`, `satisfies`, `!` and `<T>x` (bounded, never recursive). */
export function unwrap(node: SyntaxNode): SyntaxNode {
  let cur = node;
  for (let i = 0; i < 10_000 && TRANSPARENT.has(cur.type); i++) {
    const inner = cur.type === 'type_assertion' ? cur.lastNamedChild : cur.firstNamedChild;
    if (!inner) break;
    cur = inner;
  }
  return cur;
}

/** The call's argument nodes (a tagged template's template counts as its one argument). */
export function argsOf(call: SyntaxNode): SyntaxNode[] {
  const args = call.childForFieldName('arguments');
  if (!args) return [];
  return args.type === 'arguments' ? kids(args) : [args];
}

export function lineOf(node: SyntaxNode): number {
  return node.startPosition.row + 1;
}

/** Evidence text without reading a whole minified file into a regex. */
export function snippet(node: SyntaxNode, max = 160): string {
  const { startIndex, endIndex } = node;
  const text = endIndex - startIndex > max * 4 ? node.text.slice(0, max * 4) : node.text;
  return clip(text, max);
}

/** The identifier at the root of a member chain (`a` in `a.b[c].d`), or null. */
export function rootName(node: SyntaxNode): string | null {
  let cur = unwrap(node);
  for (let i = 0; i < 256; i++) {
    if (cur.type === 'identifier') return cur.text;
    if (cur.type !== 'member_expression' && cur.type !== 'subscript_expression') return null;
    const obj = cur.childForFieldName('object');
    if (!obj) return null;
    cur = unwrap(obj);
  }
  return null;
}

/** The key of an object pair or pattern pair as a plain name (`headers`, `'X-Api-Key'`), or null. */
export function keyName(key: SyntaxNode | null): string | null {
  if (!key) return null;
  if (key.type === 'property_identifier' || key.type === 'identifier') return key.text;
  if (key.type === 'string') return stringValue(key);
  return null;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

/** Decodes one escape sequence (`\x41`, `\u0041`, `\u{41}`, `\n`, `\'`). */
export function decodeEscape(seq: string): string {
  const body = seq.slice(1);
  const hex = /^x([0-9a-fA-F]{2})$|^u([0-9a-fA-F]{4})$|^u\{([0-9a-fA-F]{1,6})\}$/.exec(body);
  if (hex) {
    const code = parseInt(hex[1] ?? hex[2] ?? hex[3] ?? '0', 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '';
  }
  if (body.startsWith('\n') || body.startsWith('\r')) return '';
  return ESCAPES[body] ?? body;
}

/** The value of a string literal node. */
export function stringValue(node: SyntaxNode): string {
  let out = '';
  for (const part of kids(node)) {
    out += part.type === 'escape_sequence' ? decodeEscape(part.text) : part.text;
  }
  return out;
}
