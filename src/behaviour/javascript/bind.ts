// Binding names to values: declarations, assignments, destructuring and imports. Each name collects the
// value's flows (marked as passing through a variable), its canonical path (for alias resolution), its
// constant value and, for function values, the function's summary.
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import { TRANSCRIPT_KEY, constChoices, constString, isFixed, mergeChoices, pathTemplate } from './constants.js';
import { addValue, declare, fnInfo, lookup, shapeField, viaVariable } from './model.js';
import type { Binding, Ctx, Flow, Scope, Shape } from './model.js';
import { join, moduleName, pathOf } from './resolve.js';
import { envKind, isEnvObject, pathSource } from './sources.js';
import { flow, shapeOf, taintOf } from './taint.js';
import { FUNCTION_TYPES, keyName, kids, stringValue, unwrap } from './syntax.js';

const MAX_PATTERN_DEPTH = 32;

interface Value {
  flows: Flow[];
  ref: string | null;
  /** The value expression itself, when the name receives it whole (not a destructured part). */
  node: SyntaxNode | null;
  /** The value's per-property flows, when it is an object with known keys. */
  shape: Shape | null;
  /** The path hint of a value that has no node of its own (a parameter's mark, a destructured `transcript_path`). */
  hint?: string;
}

/** The binding a write to `name` lands in: declared in `into`, else the nearest existing one, else a module global. */
function target(ctx: Ctx, scope: Scope, name: string, into: Scope | null): Binding {
  if (into) return declare(into, name);
  return lookup(scope, name) ?? declare(ctx.module, name);
}

/** Binds `pattern` to `value` (null for `let x;` or a parameter) in `scope`. */
export function bindPattern(ctx: Ctx, pattern: SyntaxNode, value: SyntaxNode | null, scope: Scope, into: Scope | null): void {
  const v: Value = value
    ? { flows: viaVariable(taintOf(ctx, value, scope)), ref: pathOf(value, scope), node: unwrap(value), shape: shapeOf(ctx, value, scope) }
    : { flows: [], ref: null, node: null, shape: null };
  bindTo(ctx, pattern, v, scope, into, 0, value !== null);
}

/**
 * Binds a name to a value with known flows (a parameter, a `for … of` element, a callback argument);
 * `hint` is the path it stands for when the pattern is a plain name.
 */
export function bindFlows(ctx: Ctx, pattern: SyntaxNode, flows: Flow[], scope: Scope, into: Scope | null, hint?: string): void {
  bindTo(ctx, pattern, { flows: viaVariable(flows), ref: null, node: null, shape: null, hint }, scope, into, 0, false);
}

function bindTo(ctx: Ctx, pattern: SyntaxNode, v: Value, scope: Scope, into: Scope | null, depth: number, assigned: boolean): void {
  if (depth > MAX_PATTERN_DEPTH) return;
  const p = unwrap(pattern);
  switch (p.type) {
    case 'identifier':
    case 'shorthand_property_identifier_pattern':
      bindName(ctx, p.text, v, scope, into, assigned);
      return;
    case 'object_pattern':
      for (const part of kids(p)) bindProperty(ctx, part, v, scope, into, depth);
      return;
    case 'array_pattern':
      for (const el of kids(p)) bindTo(ctx, el, { flows: v.flows, ref: null, node: null, shape: null }, scope, into, depth + 1, false);
      return;
    case 'assignment_pattern':
    case 'object_assignment_pattern': {
      const left = p.childForFieldName('left');
      if (left) bindTo(ctx, left, v, scope, into, depth + 1, false);
      return;
    }
    case 'rest_pattern':
    case 'required_parameter':
    case 'optional_parameter': {
      const inner = p.childForFieldName('pattern') ?? p.firstNamedChild;
      if (inner) bindTo(ctx, inner, v, scope, into, depth + 1, assigned);
      return;
    }
    default:
  }
}

// One entry of `{ a, b: c, d = 1, ...rest }`: the part's canonical path is `ref.a`, and reading a secret
// name out of the environment object is itself a source.
function bindProperty(ctx: Ctx, part: SyntaxNode, v: Value, scope: Scope, into: Scope | null, depth: number): void {
  if (part.type === 'rest_pattern') {
    bindTo(ctx, part, { flows: v.flows, ref: null, node: null, shape: null }, scope, into, depth + 1, false);
    return;
  }
  let key: string | null;
  let inner: SyntaxNode | null;
  if (part.type === 'pair_pattern') {
    const k = part.childForFieldName('key');
    key = k?.type === 'string' ? stringValue(k) : keyName(k);
    inner = part.childForFieldName('value');
  } else {
    inner = part.type === 'object_assignment_pattern' ? part.childForFieldName('left') : part;
    key = inner?.text ?? null;
  }
  if (!inner) return;
  const ref = v.ref && key !== null ? join(v.ref, key) : null;
  let flows: Flow[];
  if (isEnvObject(v.ref)) {
    const kind = key === null ? 'env' : envKind(key);
    flows = kind ? viaVariable([flow(kind, part, ref ?? part.text)]) : [];
  } else {
    const kind = ref ? pathSource(ref) : null;
    flows = kind ? viaVariable([flow(kind, part, ref ?? part.text)]) : key === null ? v.flows : propertyFlows(v, key);
  }
  // `const { transcript_path } = event`: the name holds the transcript's path.
  const hint = key !== null && TRANSCRIPT_KEY.test(key) ? 'transcript_path' : undefined;
  bindTo(ctx, inner, { flows, ref, node: null, shape: null, hint }, scope, into, depth + 1, false);
}

// `const { url } = config`: only `url`'s flows when config's properties are known; a parameter's
// property is narrowed when the call is applied.
function propertyFlows(v: Value, key: string): Flow[] {
  if (v.shape) return viaVariable(shapeField(v.shape, key));
  return v.flows.map((f) => (f.kind === 'param' && f.field === undefined ? { ...f, field: key } : f));
}

function bindName(ctx: Ctx, name: string, v: Value, scope: Scope, into: Scope | null, assigned: boolean): void {
  const b = target(ctx, scope, name, into);
  b.shape = addValue(b.flows, b.shape, v.flows, v.shape);
  if (v.ref) b.ref = v.ref;
  if (v.node && FUNCTION_TYPES.has(v.node.type)) b.fn = fnInfo(ctx, v.node);
  if (assigned || v.node) {
    const c = v.node ? constString(v.node, scope) : null;
    b.constant = b.constant === undefined || b.constant === c ? c : null;
    b.fixed = b.fixed !== false && v.node !== null && isFixed(v.node, scope);
    b.choices = mergeChoices([b.choices === undefined ? [] : b.choices, v.node ? constChoices(v.node, scope) : null]);
  }
  const hint = v.node ? pathTemplate(v.node, scope) : v.hint;
  if (hint !== undefined) addHint(ctx, b, hint);
}

// A name's path hint: the first value in this pass sets it, a different later value clears it (an
// earlier pass may have rendered it before the names it uses were bound).
function addHint(ctx: Ctx, b: Binding, text: string): void {
  if (b.hint?.pass !== ctx.pass) b.hint = { pass: ctx.pass, text };
  else if (b.hint.text !== text) b.hint.text = null;
}

/** Marks a name as written by something that is not a plain constant (`x += y`, `x++`). */
export function spoil(ctx: Ctx, name: string, scope: Scope, flows: Flow[]): void {
  const b = target(ctx, scope, name, null);
  b.constant = null;
  b.fixed = false;
  b.choices = null;
  if (b.hint) b.hint.text = null;
  b.shape = addValue(b.flows, b.shape, viaVariable(flows), null);
}

/** `import … from 'mod'` and TypeScript's `import x = require('mod')`. */
export function bindImport(stmt: SyntaxNode, scope: Scope): void {
  const source = stmt.childForFieldName('source');
  for (const clause of kids(stmt)) {
    if (clause.type === 'import_require_clause') {
      const id = clause.firstNamedChild;
      const src = clause.childForFieldName('source');
      if (id && src) declare(scope, id.text).ref = moduleName(stringValue(src));
    }
    if (clause.type !== 'import_clause' || !source) continue;
    const mod = moduleName(stringValue(source));
    for (const part of kids(clause)) {
      if (part.type === 'identifier' || part.type === 'namespace_import') {
        const id = part.type === 'identifier' ? part : part.firstNamedChild;
        if (id) declare(scope, id.text).ref = mod;
      } else if (part.type === 'named_imports') {
        for (const spec of kids(part)) {
          const name = spec.childForFieldName('name');
          const alias = spec.childForFieldName('alias') ?? name;
          if (!name || !alias) continue;
          const imported = name.type === 'string' ? stringValue(name) : name.text;
          declare(scope, alias.text).ref = imported === 'default' ? mod : join(mod, imported);
        }
      }
    }
  }
}
