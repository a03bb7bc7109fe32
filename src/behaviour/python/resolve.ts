// Resolves an expression to the canonical dotted name it stands for, through imports, local aliases
// (`f = os.system`), `builtins`/`__builtins__`, `__import__('os')`, `importlib.import_module('os')`,
// `getattr(os, 'sys' + 'tem')` and `globals()['__builtins__']['eval']`. A call that is not one of these
// resolves to its callee's name followed by `()` (an instance: `requests.Session()`).
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import { knownMember } from './callees.js';
import type { ImportTable } from './imports.js';
import { callArgs, field, unparen } from './syntax.js';

/** Deepest getattr/import nesting followed; deeper chains are hostile, not code. */
const MAX_DEPTH = 24;
const MAX_CHAIN = 256;

const IMPORTERS = new Set(['__import__', 'importlib.import_module', 'importlib.__import__']);
/** Names whose subscripts look up builtins or module globals by a string. */
export const NAMESPACES: ReadonlySet<string> = new Set([
  '__builtins__', 'builtins', '__builtins__.__dict__', 'builtins.__dict__', 'globals()', 'locals()', 'vars()',
  'sys.modules', '__builtins__()',
]);

export type Fold = (node: SyntaxNode) => string | null;

export class Resolver {
  /** Local names assigned a resolvable value (`f = os.system`, `s = requests.Session()`). */
  readonly aliases = new Map<string, string>();

  constructor(
    private readonly imports: ImportTable,
    /** Names the file binds (variables, parameters, functions) that are not aliases: never builtins. */
    private readonly local: (name: string) => boolean,
    private readonly fold: Fold,
  ) {}

  /** The canonical name of an expression, or null when it is a plain local value or unknown. */
  resolve(node: SyntaxNode, depth = 0): string | null {
    if (depth > MAX_DEPTH) return null;
    const attrs: string[] = [];
    let n = unparen(node);
    while (n.type === 'attribute' && attrs.length < MAX_CHAIN) {
      const attr = field(n, 'attribute')?.text;
      const obj = field(n, 'object');
      if (!attr || !obj) return null;
      attrs.push(attr);
      n = unparen(obj);
    }
    const base = this.resolveBase(n, depth);
    if (base === null) return null;
    return normalise([base, ...attrs.reverse()].join('.'));
  }

  /** The canonical callee of a call: the resolved function with instance markers folded (`a().b` → `a.b`). */
  callee(call: SyntaxNode): string | null {
    const fn = field(call, 'function');
    const name = fn ? this.resolve(fn) : null;
    return name === null ? null : name.replace(/\(\)\./g, '.');
  }

  private resolveBase(n: SyntaxNode, depth: number): string | null {
    switch (n.type) {
      case 'identifier':
        return this.resolveName(n.text);
      case 'call':
        return this.resolveCall(n, depth);
      case 'subscript': {
        const value = field(n, 'value');
        const key = field(n, 'subscript');
        const ns = value ? this.resolve(value, depth + 1) : null;
        const name = ns !== null && NAMESPACES.has(ns) && key ? this.fold(key) : null;
        return name !== null && /^[\w.]{1,100}$/.test(name) ? name : null;
      }
      default:
        return null;
    }
  }

  private resolveName(name: string): string | null {
    const alias = this.aliases.get(name);
    if (alias !== undefined) return alias;
    const imported = this.imports.names.get(name);
    if (imported !== undefined) return imported;
    if (this.local(name)) return null;
    for (const m of this.imports.starModules) if (knownMember(`${m}.${name}`)) return `${m}.${name}`;
    return name;
  }

  private resolveCall(call: SyntaxNode, depth: number): string | null {
    const fn = field(call, 'function');
    const name = fn ? this.resolve(fn, depth + 1) : null;
    if (name === null) return null;
    const args = callArgs(call);
    if (IMPORTERS.has(name)) {
      const mod = args.positional[0] ? this.fold(args.positional[0]) : null;
      return mod !== null && /^[\w.]{1,100}$/.test(mod) ? mod : null;
    }
    if (name === 'getattr') {
      const [obj, attr] = args.positional;
      const base = obj ? this.resolve(obj, depth + 1) : null;
      const member = attr ? this.fold(attr) : null;
      return base !== null && member !== null && /^\w{1,100}$/.test(member) ? `${base}.${member}` : null;
    }
    return `${name}()`;
  }
}

/** `builtins.exec` and `__builtins__.eval` are the builtins themselves. */
function normalise(name: string): string {
  if (/^(?:builtins|__builtins__)(?:\.__dict__)?$/.test(name)) return name;
  return name.replace(/^(?:builtins|__builtins__)(?:\.__dict__)?\.(?=\w)/, '');
}
