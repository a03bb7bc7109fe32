// Word values: what an argument, assignment value or here-document folds to, and which sources it carries.
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import type { ReflectiveFact } from '../facts.js';
import { isSecretEnvName } from '../paths.js';
import { UNKNOWN, addTaints, taint } from './model.js';
import type { Stream, Word } from './model.js';
import { escapeBuilt } from './outputs.js';
import type { Scope } from './scope.js';
import { childrenOf } from './walk.js';

export interface WordContext {
  src: string;
  scope: Scope;
  /** Values of already-evaluated child nodes, by node id. */
  words: Map<number, Word>;
  /** The innermost file-defined function being walked, or null at top level. */
  fn: string | null;
  reflect(fact: ReflectiveFact): void;
}

/** Node types whose value is a word. */
export const WORD_TYPES = new Set([
  'word', 'number', 'file_descriptor', 'string_content', 'heredoc_content', 'special_character', 'raw_string', 'ansi_c_string',
  'string', 'translated_string', 'concatenation', 'heredoc_body', 'array', 'brace_expression', 'simple_expansion', 'expansion',
  'arithmetic_expansion', 'extglob_pattern', 'regex', 'command_name',
]);

const MAX_SHAPE = 65_536;

function at(node: SyntaxNode): { line: number; column: number } {
  const p = node.startPosition;
  return { line: p.row + 1, column: p.column };
}

export function constantWord(node: SyntaxNode, shape: string): Word {
  return { ...at(node), shape, constant: true, taints: [] };
}

function unescape(text: string): string {
  return text.includes('\\') ? text.replace(/\\(.)/gs, '$1') : text;
}

function decodeAnsiC(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|u[0-9a-fA-F]{4}|.)/gs, (_m, e: string) => {
    if (/^x/.test(e)) return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^u/.test(e)) return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return ({ n: '\n', t: '\t', r: '\r', e: '\x1b', a: '\x07' } as Record<string, string>)[e] ?? e;
  });
}

/** Concatenates parts; text between parts (here-document literals) comes from the source. */
function concat(node: SyntaxNode, ctx: WordContext, gapsAreText: boolean): Word {
  let shape = '';
  let constant = true;
  const taints: Word['taints'] = [];
  let proc: Stream | undefined;
  let conversationPath = false;
  let pos = node.startIndex;
  for (const c of childrenOf(node)) {
    if (gapsAreText && c.startIndex > pos) shape += ctx.src.slice(pos, c.startIndex);
    pos = c.endIndex;
    const w = ctx.words.get(c.id);
    if (!w) continue;
    ctx.words.delete(c.id);
    if (shape.length < MAX_SHAPE) shape += w.shape.slice(0, MAX_SHAPE);
    constant &&= w.constant;
    addTaints(taints, w.taints);
    proc ??= w.proc;
    conversationPath ||= w.conversationPath === true;
  }
  if (gapsAreText && node.endIndex > pos) shape += ctx.src.slice(pos, node.endIndex);
  const w: Word = { ...at(node), shape, constant, taints };
  if (proc) w.proc = proc;
  if (conversationPath) w.conversationPath = true;
  return w;
}

const REFERENCE = /\$(?:\{([A-Za-z_]\w*|[0-9@*])|([A-Za-z_]\w*|[0-9@*]))|\$\(|`/g;

/**
 * A here-document body. The grammar leaves parts of some bodies unparsed (text after a quote), so the
 * literal gaps of an unquoted document are scanned for `$NAME`, `${NAME}`, `$(` and backticks as well.
 */
function hereDocument(node: SyntaxNode, ctx: WordContext): Word {
  const w = concat(node, ctx, true);
  const start = node.parent?.children.find((c) => c?.type === 'heredoc_start')?.text ?? '';
  if (/['"\\]/.test(start)) return w;
  let pos = node.startIndex;
  const gaps: string[] = [];
  for (const c of childrenOf(node)) {
    if (c.startIndex > pos) gaps.push(ctx.src.slice(pos, c.startIndex));
    pos = c.endIndex;
  }
  if (node.endIndex > pos) gaps.push(ctx.src.slice(pos, node.endIndex));
  for (const gap of gaps) {
    for (const m of gap.matchAll(REFERENCE)) {
      w.constant = false;
      const name = m[1] ?? m[2];
      if (name) addTaints(w.taints, ctx.scope.lookup(name, w.line, w.column, ctx.fn, m[0]).taints);
    }
  }
  return w;
}

function variableName(node: SyntaxNode): SyntaxNode | null {
  for (const c of childrenOf(node)) {
    if (c.type === 'variable_name' || c.type === 'special_variable_name') return c;
    if (c.type === 'subscript') return c.childForFieldName('name');
  }
  return null;
}

/** `${name}`, `${name:-default}`, `${#name}`, `${!name}`, `${!arr[@]}`, `${arr[@]}`. */
function expansion(node: SyntaxNode, ctx: WordContext): Word {
  const kids = childrenOf(node);
  const nameNode = variableName(node);
  const op = kids[1]?.isNamed === false ? kids[1].type : '';
  const text = ctx.src.slice(node.startIndex, Math.min(node.endIndex, node.startIndex + 120));
  const pos = at(node);
  if (!nameNode) return { ...pos, shape: UNKNOWN, constant: false, taints: [] };
  if (op === '#') return { ...pos, shape: UNKNOWN, constant: true, taints: [] };
  if (op === '!') {
    // `${!arr[@]}` lists an array's keys and `${!prefix*}` variable names: neither reads a computed name.
    if (/(?:\[[@*]\]|[@*])\}$/.test(ctx.src.slice(Math.max(node.startIndex, node.endIndex - 4), node.endIndex))) return { ...pos, shape: UNKNOWN, constant: true, taints: [] };
    return indirect(nameNode.text, text, pos, ctx);
  }
  const value = ctx.scope.lookup(nameNode.text, pos.line, pos.column, ctx.fn, text);
  const rest = concat(node, ctx, false);
  const plain = kids.length === 3;
  const w: Word = {
    ...pos,
    shape: plain ? value.shape : UNKNOWN,
    constant: value.constant && rest.constant,
    taints: addTaints([...value.taints], rest.taints),
  };
  // `${p}`, `${p:-…}`, `${p%/*}`: still (a part of) the same path.
  if (value.conversationPath || rest.conversationPath) w.conversationPath = true;
  return w;
}

/** `${!name}`: a variable read by a computed name (reflective), an environment read unless the names are known and harmless. */
function indirect(name: string, text: string, pos: { line: number; column: number }, ctx: WordContext): Word {
  const values = ctx.scope.valuesOf(name);
  const single = values?.length === 1 ? values[0]! : null;
  ctx.reflect({ ...pos, text, name: single, dangerous: false });
  const secret = values === null || values.some((v) => isSecretEnvName(v));
  return { ...pos, shape: UNKNOWN, constant: !secret, taints: secret ? [taint('env', pos.line, text)] : [] };
}

/** The value of a word-typed node whose children are already evaluated (post-order). */
export function evaluateWord(node: SyntaxNode, ctx: WordContext): Word {
  switch (node.type) {
    case 'word':
    case 'extglob_pattern':
    case 'regex':
      return constantWord(node, unescape(node.text));
    case 'number':
    case 'file_descriptor':
    case 'string_content':
    case 'heredoc_content':
    case 'special_character':
      return constantWord(node, node.text);
    case 'raw_string':
      return constantWord(node, node.text.slice(1, -1));
    case 'ansi_c_string': {
      const body = node.text.slice(2, -1);
      const w = constantWord(node, decodeAnsiC(body));
      if (escapeBuilt(body)) w.taints.push(taint('decoded', w.line, node.text.slice(0, 120)));
      return w;
    }
    case 'heredoc_body':
      return hereDocument(node, ctx);
    case 'simple_expansion': {
      const nameNode = variableName(node);
      const pos = at(node);
      if (!nameNode) return { ...pos, shape: UNKNOWN, constant: false, taints: [] };
      return ctx.scope.lookup(nameNode.text, pos.line, pos.column, ctx.fn, node.text.slice(0, 120));
    }
    case 'expansion':
      return expansion(node, ctx);
    case 'arithmetic_expansion':
      return { ...at(node), shape: UNKNOWN, constant: true, taints: [] };
    case 'array': {
      // Several elements are several words: no single folded text stands for them.
      const w = concat(node, ctx, false);
      if (node.namedChildCount > 1) w.shape = UNKNOWN;
      return w;
    }
    default:
      return concat(node, ctx, false);
  }
}

/** The value of `$(…)` / `` `…` `` / `<(…)`: what the commands inside print. */
export function substitutionWord(node: SyntaxNode, stream: Stream): Word {
  const w: Word = { ...at(node), shape: UNKNOWN, constant: stream.constant, taints: [...stream.taints] };
  if (stream.conversationPath) w.conversationPath = true;
  if (node.type === 'process_substitution') w.proc = { ...stream, via: 'pipe' };
  return w;
}
