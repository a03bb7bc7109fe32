// Computed member access that reaches capabilities by name: `globalThis[name]`, `cp['ex' + 'ec']`,
// `require('child_process')[m]`. Ordinary objects with computed keys are everyday code and are left out,
// unless the key folds to a dangerous name (`obj['ev' + 'al']`).
import { DANGEROUS_NAMES } from '../facts.js';
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import { constString } from './constants.js';
import { MAX_REFLECTIVE } from './model.js';
import type { Ctx, Scope } from './model.js';
import { isLoaderCall, pathOf } from './resolve.js';
import { lineOf, snippet, unwrap } from './syntax.js';

const DANGEROUS_BASES: ReadonlySet<string> = new Set(['globalThis', 'process', 'module', 'require', 'child_process', 'vm', 'Reflect']);

function dangerousBase(base: SyntaxNode, scope: Scope): boolean {
  const n = unwrap(base);
  const inner = n.type === 'await_expression' && n.firstNamedChild ? unwrap(n.firstNamedChild) : n;
  if (inner.type === 'call_expression' && isLoaderCall(inner, scope)) return true;
  const path = pathOf(n, scope);
  return path !== null && DANGEROUS_BASES.has(path);
}

export function visitSubscript(ctx: Ctx, node: SyntaxNode, scope: Scope): void {
  if (ctx.reflective.length >= MAX_REFLECTIVE) return;
  const base = node.childForFieldName('object');
  const index = node.childForFieldName('index');
  if (!base || !index) return;
  const key = constString(index, scope);
  const dangerous = key !== null && DANGEROUS_NAMES.has(key);
  const folded = unwrap(index).type !== 'string' && unwrap(index).type !== 'number';
  if (!dangerousBase(base, scope) && !(dangerous && folded)) return;
  ctx.reflective.push({ line: lineOf(node), column: node.startPosition.column, text: snippet(node), name: key, dangerous });
}
