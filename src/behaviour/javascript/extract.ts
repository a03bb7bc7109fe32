// The JavaScript/TypeScript behaviour extractor (issue 10): one extractor for the javascript, typescript
// and tsx grammars. Two walks over the tree: the first collects bindings, aliases and function summaries
// (so calls may precede the functions and names they use), the second records facts with them.
import type { BehaviourFacts } from '../facts.js';
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import type { CodeLanguage } from '../parser.js';
import { applyPending, applyReadPaths } from './calls.js';
import type { Ctx, Scope } from './model.js';
import { runawayLoops } from './patterns.js';
import { walk } from './walk.js';

export function extractJavaScript(root: SyntaxNode, language: CodeLanguage): BehaviourFacts {
  const module: Scope = { id: root.id, parent: null, fn: null, vars: new Map(), paths: new Map() };
  const ctx: Ctx = {
    pass: 1, scopes: new Map(), module, fns: new Map(), memo: new Map(), shapes: new Map(), calls: [], callAt: new Map(),
    reflective: [], patterns: [], pending: [], constCalls: new Map(), factFlows: new Map(), loops: [],
  };
  walk(ctx, root);
  ctx.pass = 2;
  ctx.memo.clear();
  ctx.shapes.clear();
  module.paths.clear();
  walk(ctx, root);
  applyPending(ctx);
  applyReadPaths(ctx);
  runawayLoops(ctx);
  return { language, calls: ctx.calls, reflective: ctx.reflective, patterns: ctx.patterns };
}
