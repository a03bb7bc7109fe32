// The first walk: one pre-order pass with an explicit stack that builds the file model (scopes,
// assignments, calls, loops), the import table and the local alias table, in document order.
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import { ImportTable } from './imports.js';
import { FileModel, RETURN, varKey } from './model.js';
import type { Scope } from './model.js';
import { Resolver } from './resolve.js';
import { callArgs, field, kids, stringValue, unparen } from './syntax.js';
import { Values } from './values.js';

/** Collected lists are capped: a hostile file must not turn into millions of records. */
const MAX_ASSIGNMENTS = 120_000;
const MAX_CALLS = 20_000;
const MAX_LOOPS = 2_000;
const MAX_SCOPES = 10_000;

const PATTERNS = new Set(['pattern_list', 'tuple_pattern', 'list_pattern', 'tuple', 'list', 'expression_list']);
const HEADER_ADDERS = new Set(['add_header', 'add_unredirected_header', 'putheader']);
const ALIASABLE = new Set(['identifier', 'attribute', 'call', 'subscript']);

export interface Collected {
  model: FileModel;
  imports: ImportTable;
  resolver: Resolver;
  values: Values;
}

interface Item {
  n: SyntaxNode;
  scope: Scope;
}

export function collect(root: SyntaxNode): Collected {
  const model = new FileModel();
  const imports = new ImportTable();
  const values = new Values(model);
  const bound = new Set<string>();
  const resolver = new Resolver(imports, (name) => bound.has(name) || model.defined.has(name), (n) => values.fold(n, model.module));
  const walker = new Walker(model, imports, resolver, bound);
  const stack: Item[] = [{ n: root, scope: model.module }];
  while (stack.length > 0) {
    const { n, scope } = stack.pop() as Item;
    const inner = walker.visit(n, scope);
    const children = kids(n);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ n: children[i] as SyntaxNode, scope: inner });
  }
  return { model, imports, resolver, values };
}

class Walker {
  constructor(
    private readonly model: FileModel,
    private readonly imports: ImportTable,
    private readonly resolver: Resolver,
    private readonly bound: Set<string>,
  ) {}

  /** Records what `n` contributes and returns the scope its children live in. */
  visit(n: SyntaxNode, scope: Scope): Scope {
    switch (n.type) {
      case 'function_definition':
        return this.func(n, scope);
      case 'class_definition': {
        const name = field(n, 'name')?.text;
        if (name) this.model.defined.add(name);
        return scope;
      }
      case 'import_statement':
      case 'import_from_statement':
        this.imports.add(n);
        return scope;
      case 'assignment':
      case 'augmented_assignment':
        this.assign(n, scope);
        return scope;
      case 'named_expression':
        this.bind(field(n, 'name'), field(n, 'value'), scope);
        return scope;
      case 'for_statement':
      case 'for_in_clause':
        this.bind(field(n, 'left'), field(n, 'right'), scope, true);
        if (n.type === 'for_statement' && this.model.loops.length < MAX_LOOPS) this.model.loops.push({ node: n, scope });
        return scope;
      case 'while_statement':
        if (this.model.loops.length < MAX_LOOPS) this.model.loops.push({ node: n, scope });
        return scope;
      case 'with_item':
        this.withItem(n, scope);
        return scope;
      case 'return_statement':
      case 'yield':
        this.returns(n, scope);
        return scope;
      case 'global_statement':
      case 'nonlocal_statement':
        if (n.type === 'global_statement') for (const c of kids(n)) scope.globals.add(c.text);
        return scope;
      case 'call':
        if (this.model.calls.length < MAX_CALLS) this.model.calls.push({ node: n, scope });
        this.headerCall(n, scope);
        return scope;
      case 'subscript':
        if (/^(?:__builtins__|builtins|globals|locals|vars|sys\.modules)\b/.test(field(n, 'value')?.text.slice(0, 40) ?? '')) {
          this.model.lookups.push({ node: n, scope });
        }
        return scope;
      default:
        return scope;
    }
  }

  private func(n: SyntaxNode, scope: Scope): Scope {
    const name = field(n, 'name')?.text;
    if (this.model.scopes.length >= MAX_SCOPES) return scope;
    const params = kids(field(n, 'parameters') ?? n).map(paramName).filter((p): p is string => p !== null);
    let parent = n.parent;
    if (parent?.type === 'decorated_definition') parent = parent.parent;
    const method = parent?.type === 'block' && parent.parent?.type === 'class_definition';
    const inner = this.model.newScope(scope, params, method);
    for (const p of params) this.bound.add(p);
    if (name) {
      this.model.defined.add(name);
      scope.bound.add(name);
      let list = this.model.functions.get(name);
      if (!list) this.model.functions.set(name, (list = []));
      list.push(inner);
    }
    return inner;
  }

  private assign(n: SyntaxNode, scope: Scope): void {
    // `a = b = value`: the right side nests; every left side gets the innermost value.
    const targets: SyntaxNode[] = [];
    let rhs: SyntaxNode | null = n;
    while (rhs && rhs.type === 'assignment' && targets.length < 64) {
      const left = field(rhs, 'left');
      if (left) targets.push(left);
      rhs = field(rhs, 'right');
    }
    if (n.type === 'augmented_assignment') {
      const left = field(n, 'left');
      if (left) targets.push(left);
      rhs = field(n, 'right');
    }
    for (const t of targets) this.bind(t, rhs, scope);
  }

  private withItem(n: SyntaxNode, scope: Scope): void {
    const pattern = n.namedChildren[0];
    if (pattern?.type !== 'as_pattern') return;
    const value = pattern.namedChildren[0] ?? null;
    const target = field(pattern, 'alias')?.namedChildren[0] ?? null;
    this.bind(target, value, scope);
  }

  private returns(n: SyntaxNode, scope: Scope): void {
    const value = n.namedChildren[0];
    if (scope === this.model.module || !value) return;
    this.add({ scope, target: varKey(scope, RETURN), rhs: value });
  }

  /** Binds a target (name, attribute, subscript or destructuring pattern) to a value, or to each of its elements. */
  bind(target: SyntaxNode | null, value: SyntaxNode | null, scope: Scope, each = false): void {
    if (!target || !value) return;
    if (each && unparen(target).type === 'identifier') {
      this.bindOne(unparen(target), value, scope, true);
      return;
    }
    const stack: { t: SyntaxNode; v: SyntaxNode }[] = [{ t: target, v: value }];
    while (stack.length > 0) {
      const { t: raw, v } = stack.pop() as { t: SyntaxNode; v: SyntaxNode };
      const t = unparen(raw);
      if (PATTERNS.has(t.type)) {
        const ts = kids(t);
        const vs = PATTERNS.has(unparen(v).type) ? kids(unparen(v)) : [];
        // Pairwise when the shapes match (`a, b = x, y`), else every name gets the whole value.
        ts.forEach((sub, i) => stack.push({ t: sub, v: vs.length === ts.length ? (vs[i] as SyntaxNode) : v }));
      } else if (t.type === 'list_splat_pattern' || t.type === 'list_splat') {
        const inner = t.namedChildren[0];
        if (inner) stack.push({ t: inner, v });
      } else {
        this.bindOne(t, v, scope);
      }
    }
  }

  private bindOne(t: SyntaxNode, v: SyntaxNode, scope: Scope, each = false): void {
    if (t.type === 'identifier') {
      const owner = scope.globals.has(t.text) ? this.model.module : scope;
      owner.bound.add(t.text);
      this.add({ scope, target: varKey(owner, t.text), rhs: v, ...(each ? { each } : {}) });
      if (ALIASABLE.has(unparen(v).type) && !this.resolver.aliases.has(t.text)) {
        const canonical = this.resolver.resolve(v);
        if (canonical !== null) this.resolver.aliases.set(t.text, canonical);
      }
      this.bound.add(t.text);
    } else if (t.type === 'attribute' && field(t, 'object')?.text === 'self') {
      const name = `self.${field(t, 'attribute')?.text ?? ''}`;
      this.model.module.bound.add(name);
      this.add({ scope, target: varKey(this.model.module, name), rhs: v });
    } else if (t.type === 'attribute') {
      // `s.headers = {...}`, `s.auth = (user, token)`: basic auth credentials travel in the Authorization header.
      const attr = field(t, 'attribute')?.text;
      const obj = field(t, 'object');
      if (obj && attr === 'headers') this.headerWrite(obj, undefined, v, scope);
      else if (obj && attr === 'auth') this.headerWrite(obj, 'Authorization', v, scope);
    } else if (t.type === 'subscript') {
      // `d['Authorization'] = v` taints the container `d`, remembering the key for header analysis;
      // `req.headers['Authorization'] = v` sets a header on the request object `req`.
      const base = field(t, 'value');
      const key = (field(t, 'subscript') ? stringValue(field(t, 'subscript') as SyntaxNode) : null) ?? '';
      const owner = base ? headersOwner(base) : null;
      if (owner) return this.headerWrite(owner, key, v, scope);
      const slot = base ? this.objectSlot(base, scope) : null;
      if (slot !== null) this.add({ scope, target: slot, rhs: v, key });
    }
  }

  /** `req.add_header(k, v)` and `s.headers.update({...})` / `s.headers.update(Key=v)`. */
  private headerCall(n: SyntaxNode, scope: Scope): void {
    const fn = field(n, 'function');
    const recv = fn?.type === 'attribute' ? field(fn, 'object') : null;
    if (!fn || !recv) return;
    const method = field(fn, 'attribute')?.text ?? '';
    const args = callArgs(n);
    const [first, second] = args.positional;
    if (HEADER_ADDERS.has(method)) {
      if (first && second) this.headerWrite(recv, stringValue(first) ?? '', second, scope);
      return;
    }
    const owner = method === 'update' ? headersOwner(recv) : null;
    if (!owner) return;
    if (first) this.headerWrite(owner, undefined, first, scope);
    for (const [name, value] of args.keyword) this.headerWrite(owner, name, value, scope);
  }

  private headerWrite(obj: SyntaxNode, key: string | undefined, value: SyntaxNode, scope: Scope): void {
    const slot = this.objectSlot(obj, scope);
    if (slot !== null) this.add({ scope, target: slot, rhs: value, header: true, ...(key !== undefined ? { key } : {}) });
  }

  /** The slot of an object mutated in place: a variable (bound here when unseen) or `self.x`. */
  private objectSlot(obj: SyntaxNode, scope: Scope): string | null {
    const n = unparen(obj);
    if (n.type === 'attribute' && field(n, 'object')?.text === 'self') {
      const name = `self.${field(n, 'attribute')?.text ?? ''}`;
      this.model.module.bound.add(name);
      return varKey(this.model.module, name);
    }
    if (n.type !== 'identifier') return null;
    const slot = this.model.lookup(scope, n.text);
    if (slot !== null) return slot;
    scope.bound.add(n.text);
    return varKey(scope, n.text);
  }

  private add(a: Parameters<FileModel['addAssignment']>[0]): void {
    if (this.model.assignments.length < MAX_ASSIGNMENTS) this.model.addAssignment(a);
  }
}

/** The request or session whose headers `node` is (`s.headers`, `self.session.headers`; not `self.headers`, a plain dict). */
function headersOwner(node: SyntaxNode): SyntaxNode | null {
  const n = unparen(node);
  if (n.type !== 'attribute' || field(n, 'attribute')?.text !== 'headers') return null;
  const obj = field(n, 'object');
  return obj && obj.text !== 'self' ? obj : null;
}

function paramName(p: SyntaxNode): string | null {
  switch (p.type) {
    case 'identifier':
      return p.text;
    case 'default_parameter':
    case 'typed_default_parameter':
      return field(p, 'name')?.text ?? null;
    case 'typed_parameter':
    case 'list_splat_pattern':
    case 'dictionary_splat_pattern':
      return p.namedChildren.find((c) => c?.type === 'identifier')?.text ?? null;
    default:
      return null;
  }
}
