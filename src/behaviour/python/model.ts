// What the first walk over a Python file collects: scopes and their bound names, every assignment (the
// taint graph's edges), calls, loops and reflective subscripts. Later passes only read this.
import type { CodeNode as SyntaxNode } from '../code-tree.js';

export interface Scope {
  id: number;
  parent: Scope | null;
  /** Names assigned or bound as parameters here. */
  bound: Set<string>;
  /** Names declared `global` here. */
  globals: Set<string>;
  /** Parameter names in order (functions only). */
  params: string[];
  /** True for functions defined directly in a class body (first parameter is the instance). */
  method: boolean;
}

export interface Assignment {
  scope: Scope;
  /** Variable key (`scopeId:name`), or a function's return slot (`scopeId:#return`). */
  target: string;
  rhs: SyntaxNode;
  /** For `d['Key'] = v` and header writes: the constant key written ('' when computed). */
  key?: string;
  /** A header set on a request or session object: `req.add_header(k, v)`, `s.headers[k] = v`, `s.headers.update(d)`, `s.auth = v`. */
  header?: boolean;
  /** The target takes each element of `rhs` in turn (`for k in ("A", "B")`). */
  each?: boolean;
}

export interface CallSite {
  node: SyntaxNode;
  scope: Scope;
}

export const RETURN = '#return';

/** The key of a variable slot. */
export function varKey(scope: Scope, name: string): string {
  return `${scope.id}:${name}`;
}

export class FileModel {
  readonly module: Scope = { id: 0, parent: null, bound: new Set(), globals: new Set(), params: [], method: false };
  readonly scopes: Scope[] = [this.module];
  readonly assignments: Assignment[] = [];
  readonly calls: CallSite[] = [];
  readonly loops: CallSite[] = [];
  /** `__builtins__[…]`, `globals()[…]`-style subscripts (reflective lookups). */
  readonly lookups: CallSite[] = [];
  /** Function name → the function scopes defined under that name (methods included). */
  readonly functions = new Map<string, Scope[]>();
  /** Names defined as functions or classes anywhere in the file. */
  readonly defined = new Set<string>();
  private readonly byTarget = new Map<string, Assignment[]>();

  newScope(parent: Scope, params: string[], method: boolean): Scope {
    const scope: Scope = { id: this.scopes.length, parent, bound: new Set(params), globals: new Set(), params, method };
    this.scopes.push(scope);
    return scope;
  }

  addAssignment(a: Assignment): void {
    this.assignments.push(a);
    let list = this.byTarget.get(a.target);
    if (!list) this.byTarget.set(a.target, (list = []));
    list.push(a);
  }

  /** Assignments to one variable slot. */
  assignmentsTo(key: string): readonly Assignment[] {
    return this.byTarget.get(key) ?? [];
  }

  /** The variable slot an expression names: a variable, or `self.x` (one slot per attribute name, file-wide). */
  slotOf(node: SyntaxNode, scope: Scope): string | null {
    if (node.type === 'identifier') return this.lookup(scope, node.text);
    if (node.type === 'attribute' && node.childForFieldName('object')?.text === 'self') {
      return this.lookup(this.module, `self.${node.childForFieldName('attribute')?.text ?? ''}`);
    }
    return null;
  }

  /** The function parameter an expression names, when it is one that the function never reassigns. */
  paramOf(node: SyntaxNode, scope: Scope): { scope: Scope; index: number } | null {
    if (node.type !== 'identifier') return null;
    const key = this.lookup(scope, node.text);
    for (let s: Scope | null = scope; s !== null; s = s.parent) {
      if (key !== varKey(s, node.text)) continue;
      const index = s.params.indexOf(node.text);
      return index >= 0 && this.assignmentsTo(key).length === 0 ? { scope: s, index } : null;
    }
    return null;
  }

  /** The scope that binds `name` when read from `scope` (Python's local → enclosing → module rule). */
  lookup(scope: Scope, name: string): string | null {
    if (scope.globals.has(name)) return this.module.bound.has(name) ? varKey(this.module, name) : null;
    for (let s: Scope | null = scope; s !== null; s = s.parent) {
      if (s.bound.has(name)) return varKey(s, name);
    }
    return null;
  }
}
