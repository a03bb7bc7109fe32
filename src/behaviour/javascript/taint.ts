// What sources an expression's value carries. Flow-insensitive per scope: a name carries every flow any
// assignment gave it. Results are memoised per node for the current pass, and recursion is capped so
// hostile nesting degrades to "no taint" instead of a stack overflow.
import type { SourceKind } from '../facts.js';
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import { constString, fillTemplate, hasParamMark, markedFunctions, pathTemplate } from './constants.js';
import { MAX_FIELDS, addFlows, asAuth, lookup, mergeShape, shapeField, union, viaVariable } from './model.js';
import type { Ctx, FnInfo, Flow, Scope, Shape } from './model.js';
import { pathOf } from './resolve.js';
import { callSource, envKind, isEnvObject, pathKind, pathSource } from './sources.js';
import { argsOf, keyName, kids, lineOf, snippet, unwrap } from './syntax.js';
import { isAuthHeaderName } from '../http.js';

const MAX_DEPTH = 200;

/** Header names whose value is a credential the request is meant to carry. */

export function flow(kind: SourceKind, node: SyntaxNode, text?: string): Flow {
  return { kind, line: lineOf(node), text: text ?? snippet(node, 120), viaVariable: false, auth: false };
}

/** The flows an expression's value carries. */
export function taintOf(ctx: Ctx, node: SyntaxNode | null | undefined, scope: Scope, depth = 0): Flow[] {
  if (!node || depth > MAX_DEPTH) return [];
  const known = ctx.memo.get(node.id);
  if (known) return known;
  const out = compute(ctx, unwrap(node), scope, depth + 1);
  ctx.memo.set(node.id, out);
  return out;
}

function compute(ctx: Ctx, n: SyntaxNode, scope: Scope, depth: number): Flow[] {
  switch (n.type) {
    case 'identifier':
    case 'shorthand_property_identifier':
      return lookup(scope, n.text)?.flows ?? [];
    case 'member_expression':
    case 'subscript_expression':
      return memberTaint(ctx, n, scope, depth);
    case 'call_expression':
      return callTaint(ctx, n, scope, depth);
    case 'new_expression':
      return newTaint(ctx, n, scope, depth);
    case 'object':
      return objectTaint(ctx, n, scope, depth);
    case 'ternary_expression':
      return union(taintOf(ctx, n.childForFieldName('consequence'), scope, depth), taintOf(ctx, n.childForFieldName('alternative'), scope, depth));
    case 'binary_expression':
      return union(taintOf(ctx, n.childForFieldName('left'), scope, depth), taintOf(ctx, n.childForFieldName('right'), scope, depth));
    case 'assignment_expression':
    case 'augmented_assignment_expression':
      return taintOf(ctx, n.childForFieldName('right'), scope, depth);
    case 'sequence_expression':
      return taintOf(ctx, n.lastNamedChild, scope, depth);
    case 'await_expression':
    case 'spread_element':
    case 'template_substitution':
      return taintOf(ctx, n.firstNamedChild, scope, depth);
    case 'template_string':
    case 'array':
      return union(...kids(n).map((k) => taintOf(ctx, k, scope, depth)));
    default:
      return [];
  }
}

function memberTaint(ctx: Ctx, n: SyntaxNode, scope: Scope, depth: number): Flow[] {
  const obj = n.childForFieldName('object');
  const objPath = pathOf(obj, scope);
  if (isEnvObject(objPath)) {
    const key = n.type === 'member_expression' ? (n.childForFieldName('property')?.text ?? null) : constString(n.childForFieldName('index'), scope);
    // A computed name could be any variable, secrets included.
    const kind = key === null ? 'env' : envKind(key);
    return kind ? [flow(kind, n)] : [];
  }
  const path = pathOf(n, scope);
  const kind = path ? pathSource(path) : null;
  if (kind) return [flow(kind, n)];
  const key = n.type === 'member_expression' ? (n.childForFieldName('property')?.text ?? null) : constString(n.childForFieldName('index'), scope);
  return key === null ? taintOf(ctx, obj, scope, depth) : fieldTaint(ctx, obj, key, scope, depth);
}

/** The flows of property `key` of an object expression: per property when its shape is known. */
export function fieldTaint(ctx: Ctx, obj: SyntaxNode | null, key: string, scope: Scope, depth = 0): Flow[] {
  if (!obj) return [];
  const shape = shapeOf(ctx, obj, scope, depth);
  if (shape) return viaVariable(shapeField(shape, key));
  // A parameter's property: the caller's argument is narrowed to that property when the call is applied.
  return taintOf(ctx, obj, scope, depth).map((f) => (f.kind === 'param' && f.field === undefined ? { ...f, field: key } : f));
}

/** The per-property flows of an object-valued expression, or null when they are not known. */
export function shapeOf(ctx: Ctx, node: SyntaxNode | null, scope: Scope, depth = 0): Shape | null {
  if (!node || depth > MAX_DEPTH) return null;
  const known = ctx.shapes.get(node.id);
  if (known !== undefined) return known;
  ctx.shapes.set(node.id, null);
  const out = computeShape(ctx, unwrap(node), scope, depth + 1);
  ctx.shapes.set(node.id, out);
  return out;
}

function computeShape(ctx: Ctx, n: SyntaxNode, scope: Scope, depth: number): Shape | null {
  switch (n.type) {
    case 'identifier':
      return lookup(scope, n.text)?.shape ?? null;
    case 'object':
      return objectShape(ctx, n, scope, depth);
    case 'await_expression':
      return shapeOf(ctx, n.firstNamedChild, scope, depth);
    case 'call_expression': {
      const fn = n.childForFieldName('function');
      const local = fn && unwrap(fn).type === 'identifier' ? lookup(scope, unwrap(fn).text)?.fn : undefined;
      if (!local?.returnShape) return null;
      const args = argsOf(n);
      const fields = new Map<string, Flow[]>();
      for (const [key, flows] of local.returnShape.fields) fields.set(key, substitute(ctx, local, flows, args, scope, depth));
      return { fields, rest: substitute(ctx, local, local.returnShape.rest, args, scope, depth) };
    }
    default:
      return null;
  }
}

function objectShape(ctx: Ctx, n: SyntaxNode, scope: Scope, depth: number): Shape {
  const shape: Shape = { fields: new Map(), rest: [] };
  const put = (key: string | null, flows: Flow[]): void => {
    if (key === null || (shape.fields.size >= MAX_FIELDS && !shape.fields.has(key))) {
      addFlows(shape.rest, flows);
      return;
    }
    const have = shape.fields.get(key) ?? [];
    addFlows(have, flows);
    shape.fields.set(key, have);
  };
  for (const p of kids(n)) {
    if (p.type === 'pair') {
      const k = p.childForFieldName('key');
      const key = k?.type === 'computed_property_name' ? constString(k.firstNamedChild, scope) : keyName(k);
      const flows = taintOf(ctx, p.childForFieldName('value'), scope, depth);
      put(key, isAuthHeaderName(key ?? '') ? asAuth(flows) : flows);
    } else if (p.type === 'shorthand_property_identifier') {
      put(p.text, taintOf(ctx, p, scope, depth));
    } else if (p.type === 'spread_element') {
      const inner = shapeOf(ctx, p.firstNamedChild, scope, depth);
      if (inner) mergeShape(shape, inner);
      else addFlows(shape.rest, taintOf(ctx, p, scope, depth));
    }
  }
  return shape;
}

function callTaint(ctx: Ctx, n: SyntaxNode, scope: Scope, depth: number): Flow[] {
  const fn = n.childForFieldName('function');
  const args = argsOf(n);
  if (!fn) return [];
  const callee = fn.type === 'import' ? 'require' : pathOf(fn, scope);
  if (callee === 'require') return args[0] && constString(args[0], scope) === null ? [flow('dynamic_import', n)] : [];
  const target = unwrap(fn);
  const local = target.type === 'identifier' ? lookup(scope, target.text)?.fn : undefined;
  if (local) return returned(ctx, local, args, scope, depth);
  const kind = callee ? callSource(callee, args, scope, false) : null;
  if (kind) {
    const out = [flow(kind, n)];
    if (kind === 'file_read') markReadPath(out[0], args[0], scope);
    // Decoding tainted input keeps that input's taint too.
    if (kind === 'decoded') addFlows(out, argFlows(ctx, args, scope, depth));
    return out;
  }
  const recv = target.type === 'member_expression' ? taintOf(ctx, target.childForFieldName('object'), scope, depth) : [];
  if (callee && /\.(?:then|catch|finally)$/.test(callee)) return recv;
  return union(recv, argFlows(ctx, args, scope, depth));
}

function newTaint(ctx: Ctx, n: SyntaxNode, scope: Scope, depth: number): Flow[] {
  const ctor = pathOf(n.childForFieldName('constructor'), scope);
  const args = argsOf(n);
  const kind = ctor ? callSource(ctor, args, scope, true) : null;
  return kind ? [flow(kind, n)] : argFlows(ctx, args, scope, depth);
}

function argFlows(ctx: Ctx, args: SyntaxNode[], scope: Scope, depth: number): Flow[] {
  return union(...args.map((a) => taintOf(ctx, a, scope, depth)));
}

// `fs.readFileSync(path.join(awsDir, name))` inside `readIni(name)`: which file it is depends on the call.
function markReadPath(f: Flow | undefined, pathArg: SyntaxNode | undefined, scope: Scope): void {
  const template = pathArg && scope.fn ? pathTemplate(pathArg, scope) : '';
  if (f && hasParamMark(template)) f.readPath = template;
}

/** A file read whose path uses `fn`'s parameters, classified with the constant arguments of one call. */
export function readAtCall(f: Flow, fn: number, args: readonly SyntaxNode[], scope: Scope): Flow {
  if (!f.readPath || !markedFunctions(f.readPath).includes(fn)) return f;
  const kind = pathKind(fillTemplate(f.readPath, fn, args.map((a) => constString(a, scope))));
  // Settled for this call: the flow no longer depends on the parameters.
  const { readPath: _settled, ...rest } = f;
  return { ...rest, kind };
}

/** A same-file function's return flows at one call: its own sources, and the arguments its parameters pass on. */
export function returned(ctx: Ctx, fn: FnInfo, args: SyntaxNode[], scope: Scope, depth = 0): Flow[] {
  return substitute(ctx, fn, fn.returns, args, scope, depth);
}

/** `fn`'s flows at one call, its parameters replaced by what the call passes (or that argument's property). */
export function substitute(ctx: Ctx, fn: FnInfo, flows: readonly Flow[], args: SyntaxNode[], scope: Scope, depth = 0): Flow[] {
  const out: Flow[] = [];
  for (const f of flows) {
    if (f.kind !== 'param') addFlows(out, viaVariable([readAtCall(f, fn.id, args, scope)]));
    else if (f.fn === fn.id && f.param !== undefined) addFlows(out, paramArg(ctx, args[f.param], f.field, f.auth, scope, depth));
  }
  return out;
}

/** What an argument hands to a parameter flow: its property when the flow reads one, auth-marked like the flow. */
export function paramArg(ctx: Ctx, arg: SyntaxNode | undefined, field: string | undefined, auth: boolean, scope: Scope, depth = 0): Flow[] {
  if (!arg) return [];
  const flows = viaVariable(field === undefined ? taintOf(ctx, arg, scope, depth) : fieldTaint(ctx, arg, field, scope, depth));
  return auth ? asAuth(flows) : flows;
}

function objectTaint(ctx: Ctx, n: SyntaxNode, scope: Scope, depth: number): Flow[] {
  const out: Flow[] = [];
  for (const p of kids(n)) {
    if (p.type === 'pair') {
      const flows = taintOf(ctx, p.childForFieldName('value'), scope, depth);
      const auth = isAuthHeaderName(keyName(p.childForFieldName('key')) ?? '');
      addFlows(out, auth ? flows.map((f) => ({ ...f, auth: true })) : flows);
    } else if (p.type === 'shorthand_property_identifier' || p.type === 'spread_element') {
      addFlows(out, taintOf(ctx, p, scope, depth));
    }
  }
  return out;
}
