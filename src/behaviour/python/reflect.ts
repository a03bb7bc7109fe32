// Reflective lookups: `getattr(x, name)` and `__builtins__[name]` / `globals()[name]`. A computed name is
// recorded with name null; a folded constant only when it is a dangerous capability.
import { clip, DANGEROUS_NAMES } from '../facts.js';
import type { ReflectiveFact } from '../facts.js';
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import type { FileModel, Scope } from './model.js';
import { NAMESPACES } from './resolve.js';
import type { Resolver } from './resolve.js';
import { callArgs, field, line } from './syntax.js';
import type { Values } from './values.js';

const MAX_REFLECTIVE = 2_000;

export function reflectiveFacts(model: FileModel, resolver: Resolver, values: Values): ReflectiveFact[] {
  const out: ReflectiveFact[] = [];
  const record = (node: SyntaxNode, nameNode: SyntaxNode | null | undefined, scope: Scope): void => {
    if (!nameNode || out.length >= MAX_REFLECTIVE) return;
    const name = values.fold(nameNode, scope);
    const dangerous = name !== null && DANGEROUS_NAMES.has(name);
    if (name !== null && !dangerous) return;
    out.push({ line: line(node), column: node.startPosition.column, text: clip(node.text, 160), name, dangerous });
  };
  for (const { node, scope } of model.calls) {
    if (resolver.callee(node) === 'getattr') record(node, callArgs(node).positional[1], scope);
  }
  for (const { node, scope } of model.lookups) {
    const value = field(node, 'value');
    if (value && NAMESPACES.has(resolver.resolve(value) ?? '')) record(node, field(node, 'subscript'), scope);
  }
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}
