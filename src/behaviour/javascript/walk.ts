// One pass over the tree with an explicit stack (hostile nesting cannot overflow the call stack):
// scopes for functions, bindings for declarations/assignments/imports, summaries for returns, and calls.
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import { bindFlows, bindImport, bindPattern, spoil } from './bind.js';
import { visitCall } from './calls.js';
import { callHost } from './host.js';
import { addFlows, addValue, asAuth, declare, fnInfo, lookup, mergeShape, viaVariable } from './model.js';
import type { Ctx, FnInfo, Flow, Scope } from './model.js';
import { isNetworkPath } from './ops.js';
import { isEndless, tagFor } from './patterns.js';
import { visitSubscript } from './reflect.js';
import { pathOf } from './resolve.js';
import { FUNCTION_TYPES, TYPE_ONLY, kids, lineOf, rootName, snippet, unwrap } from './syntax.js';
import { isAuthHeaderName } from '../http.js';
import { shapeOf, taintOf } from './taint.js';
import { constString, paramMark } from './constants.js';

// Node types the walk acts on; every other node is passed by the cursor without being materialised.
const VISITED: ReadonlySet<string> = new Set([
  ...FUNCTION_TYPES, 'import_statement', 'variable_declarator', 'assignment_expression', 'augmented_assignment_expression',
  'update_expression', 'for_in_statement', 'call_expression', 'new_expression', 'return_statement',
  'subscript_expression', 'while_statement', 'for_statement', 'do_statement',
]);

/** Pre-order walk with a tree cursor; a function's scope applies to the nodes below it. */
export function walk(ctx: Ctx, root: SyntaxNode): void {
  const cursor = root.walk();
  const scopes: { scope: Scope; depth: number }[] = [{ scope: ctx.module, depth: -1 }];
  const current = (): Scope => scopes[scopes.length - 1]?.scope ?? ctx.module;
  let depth = 0;
  try {
    for (;;) {
      const type = cursor.nodeType;
      const descend = !TYPE_ONLY.has(type);
      if (descend && cursor.nodeIsNamed && VISITED.has(type)) {
        const outer = current();
        const inner = visit(ctx, cursor.currentNode, outer);
        if (inner !== outer) scopes.push({ scope: inner, depth });
      }
      if (descend && cursor.gotoFirstChild()) {
        depth += 1;
        continue;
      }
      for (;;) {
        if (cursor.gotoNextSibling()) {
          while (scopes.length > 1 && (scopes[scopes.length - 1]?.depth ?? -1) >= depth) scopes.pop();
          break;
        }
        if (!cursor.gotoParent()) return;
        depth -= 1;
        while (scopes.length > 1 && (scopes[scopes.length - 1]?.depth ?? -1) > depth) scopes.pop();
      }
    }
  } finally {
    cursor.delete();
  }
}

/** Handles one node before its children; returns the scope its children live in. */
function visit(ctx: Ctx, node: SyntaxNode, scope: Scope): Scope {
  if (FUNCTION_TYPES.has(node.type)) return enterFunction(ctx, node, scope);
  switch (node.type) {
    case 'import_statement':
      bindImport(node, scope);
      break;
    case 'variable_declarator':
      declarator(ctx, node, scope);
      break;
    case 'assignment_expression':
      assignment(ctx, node, scope);
      break;
    case 'augmented_assignment_expression': {
      const left = node.childForFieldName('left');
      const flows = taintOf(ctx, node.childForFieldName('right'), scope);
      if (left && unwrap(left).type === 'identifier') spoil(ctx, unwrap(left).text, scope, flows);
      else if (left) intoContainer(left, flows, scope);
      break;
    }
    case 'update_expression': {
      const arg = node.firstNamedChild;
      if (arg && unwrap(arg).type === 'identifier') spoil(ctx, unwrap(arg).text, scope, []);
      break;
    }
    case 'for_in_statement': {
      const left = node.childForFieldName('left');
      const declared = node.childForFieldName('kind') !== null;
      if (left) bindFlows(ctx, left, taintOf(ctx, node.childForFieldName('right'), scope), scope, declared ? scope : null);
      break;
    }
    case 'call_expression':
    case 'new_expression':
      visitCall(ctx, node, scope);
      break;
    case 'return_statement':
      if (scope.fn) addReturn(ctx, scope.fn, node.firstNamedChild, scope);
      break;
    case 'subscript_expression':
      if (ctx.pass === 2) visitSubscript(ctx, node, scope);
      break;
    case 'while_statement':
    case 'for_statement':
    case 'do_statement':
      if (ctx.pass === 2 && isEndless(node)) ctx.loops.push({ node, scope });
      break;
    default:
  }
  return scope;
}

function enterFunction(ctx: Ctx, node: SyntaxNode, scope: Scope): Scope {
  const info = fnInfo(ctx, node);
  const name = node.childForFieldName('name');
  if (name && (node.type === 'function_declaration' || node.type === 'generator_function_declaration')) {
    declare(scope, name.text).fn = info;
  }
  let inner = ctx.scopes.get(node.id);
  if (!inner) {
    inner = { id: node.id, parent: scope, fn: info, vars: new Map(), paths: scope.paths };
    ctx.scopes.set(node.id, inner);
  }
  const params = node.childForFieldName('parameters');
  const list = params ? kids(params) : [node.childForFieldName('parameter')].filter((p): p is SyntaxNode => p !== null);
  list.forEach((p, i) => bindFlows(ctx, p, [paramFlow(info, i, p), ...(info.seeds.get(i) ?? [])], inner, inner, paramMark(info.id, i)));
  const body = node.childForFieldName('body');
  // An arrow with an expression body returns that expression.
  if (node.type === 'arrow_function' && body && body.type !== 'statement_block') addReturn(ctx, info, body, inner);
  return inner;
}

function addReturn(ctx: Ctx, fn: FnInfo, value: SyntaxNode | null, scope: Scope): void {
  fn.returnShape = addValue(fn.returns, fn.returnShape, taintOf(ctx, value, scope), shapeOf(ctx, value, scope));
}

function paramFlow(fn: FnInfo, index: number, p: SyntaxNode): Flow {
  return { kind: 'param', line: lineOf(p), text: snippet(p, 60), viaVariable: true, auth: false, param: index, fn: fn.id };
}

function declarator(ctx: Ctx, node: SyntaxNode, scope: Scope): void {
  const name = node.childForFieldName('name');
  const value = node.childForFieldName('value');
  if (!name) return;
  bindPattern(ctx, name, value, scope, scope);
  if (value && unwrap(name).type === 'identifier') remember(unwrap(name).text, value, scope);
}

// Extra facts about what a name holds: the host of a request/socket, and socket/shell tags.
function remember(name: string, value: SyntaxNode, scope: Scope): void {
  const b = lookup(scope, name);
  if (!b) return;
  const v = unwrap(value);
  const inner = v.type === 'await_expression' && v.firstNamedChild ? unwrap(v.firstNamedChild) : v;
  if (inner.type === 'call_expression' || inner.type === 'new_expression') {
    const fn = inner.childForFieldName(inner.type === 'new_expression' ? 'constructor' : 'function');
    const path = pathOf(fn, scope);
    if (path && (isNetworkPath(path) || path === 'URL')) b.host = callHost(inner, path, scope) ?? b.host;
    if (path === 'URL') b.host = undefined;
    b.tag = tagFor(inner, scope) ?? b.tag;
  }
}

function assignment(ctx: Ctx, node: SyntaxNode, scope: Scope): void {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  if (!left || !right) return;
  const target = unwrap(left);
  if (target.type === 'member_expression' || target.type === 'subscript_expression') {
    intoContainer(target, viaVariable(taintOf(ctx, right, scope)), scope);
    eventHandler(ctx, target, right, scope);
    return;
  }
  bindPattern(ctx, target, right, scope, null);
  if (target.type === 'identifier') remember(target.text, right, scope);
}

// `obj.data = secret` taints `obj` (and its `data` property); `headers.Authorization = token` does so as
// an auth header entry.
function intoContainer(target: SyntaxNode, flows: Flow[], scope: Scope): void {
  const name = rootName(target);
  const b = name ? lookup(scope, name) : undefined;
  if (!b || flows.length === 0) return;
  const marked = viaVariable(isAuthHeaderName(memberKey(target, scope) ?? '') ? asAuth(flows) : flows);
  addFlows(b.flows, marked);
  if (!b.shape) return;
  const field = topKey(target, scope);
  if (field === null) addFlows(b.shape.rest, marked);
  else mergeShape(b.shape, { fields: new Map([[field, marked]]), rest: [] });
}

function memberKey(node: SyntaxNode, scope: Scope): string | null {
  return node.type === 'member_expression' ? (node.childForFieldName('property')?.text ?? null) : constString(node.childForFieldName('index'), scope);
}

// The property of the root name a write lands in: `url` for `config.url.path = x`.
function topKey(target: SyntaxNode, scope: Scope): string | null {
  let cur = target;
  for (let i = 0; i < 256; i++) {
    const obj = cur.childForFieldName('object');
    if (!obj) return null;
    const inner = unwrap(obj);
    if (inner.type === 'identifier') return memberKey(cur, scope);
    if (inner.type !== 'member_expression' && inner.type !== 'subscript_expression') return null;
    cur = inner;
  }
  return null;
}

// `ws.onmessage = (e) => …`: the handler receives the emitter's data.
function eventHandler(ctx: Ctx, target: SyntaxNode, right: SyntaxNode, scope: Scope): void {
  const prop = target.childForFieldName('property')?.text ?? '';
  const fn = unwrap(right);
  if (!/^on(?:message|data|load|readystatechange)$/.test(prop) || !FUNCTION_TYPES.has(fn.type)) return;
  const flows = taintOf(ctx, target.childForFieldName('object'), scope).filter((f) => f.kind !== 'param');
  if (flows.length === 0) return;
  const info = fnInfo(ctx, fn);
  const seeds = info.seeds.get(0) ?? [];
  addFlows(seeds, flows);
  info.seeds.set(0, seeds);
}
