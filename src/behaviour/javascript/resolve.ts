// Canonical names for expressions: what a callee or object really is after imports, aliases,
// destructuring, computed keys and global objects. `cp.exec` with `const cp = require('node:child_process')`
// resolves to `child_process.exec`; `new net.Socket()` to `net.Socket()`; `globalThis['ev' + 'al']` to `eval`.
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import { constString } from './constants.js';
import { lookup } from './model.js';
import type { Scope } from './model.js';
import { argsOf, unwrap } from './syntax.js';

const MAX_DEPTH = 64;

const GLOBAL_OBJECTS: ReadonlySet<string> = new Set(['globalThis', 'global', 'window', 'self']);

// Paths that are another way to reach `require` (or a module-loading internal).
const REQUIRE_ALIASES: ReadonlySet<string> = new Set([
  'process.mainModule.require', 'module.require', 'module.constructor._load', 'module._load',
  'process.mainModule.constructor._load', 'require.main.require', 'module.constructor.require',
]);

// Packages that are the same API under another name.
const MODULE_ALIASES: Record<string, string> = {
  'node-fetch': 'fetch', 'cross-fetch': 'fetch', 'isomorphic-fetch': 'fetch', 'undici.fetch': 'fetch',
  'fs-extra': 'fs', 'graceful-fs': 'fs', 'fs.promises': 'fs.promises', 'readline.promises': 'readline',
};

/** The canonical module name: `node:` dropped, `fs/promises` → `fs.promises`, `node-fetch` → `fetch`. */
export function moduleName(spec: string): string {
  const bare = spec.replace(/^node:/, '');
  const dotted = bare.startsWith('@') ? bare : bare.replace(/\//g, '.');
  return MODULE_ALIASES[dotted] ?? dotted;
}

/** `base.prop`, with global objects and require aliases folded away. */
export function join(base: string, prop: string): string {
  if (base === 'globalThis') return GLOBAL_OBJECTS.has(prop) ? 'globalThis' : prop;
  const path = `${base}.${prop}`;
  if (REQUIRE_ALIASES.has(path)) return 'require';
  return MODULE_ALIASES[path] ?? path;
}

/** The module a `require(…)`/`import(…)` call loads when its name is constant; null otherwise. */
export function importedModule(call: SyntaxNode, scope: Scope, depth = 0): string | null {
  const fn = call.childForFieldName('function');
  if (!fn) return null;
  const isImport = fn.type === 'import';
  if (!isImport && pathOf(fn, scope, depth + 1) !== 'require') return null;
  const name = constString(argsOf(call)[0], scope);
  return name === null ? null : moduleName(name);
}

/** True for `require(x)`/`import(x)` calls, whatever x is. */
export function isLoaderCall(call: SyntaxNode, scope: Scope): boolean {
  const fn = call.childForFieldName('function');
  return !!fn && (fn.type === 'import' || pathOf(fn, scope) === 'require');
}

/** The canonical path of an expression, or null when it is a local value of unknown origin. */
export function pathOf(node: SyntaxNode | null, scope: Scope, depth = 0): string | null {
  if (!node || depth > MAX_DEPTH) return null;
  const known = scope.paths.get(node.id);
  if (known !== undefined) return known;
  const path = resolvePath(unwrap(node), scope, depth);
  scope.paths.set(node.id, path);
  return path;
}

function resolvePath(n: SyntaxNode, scope: Scope, depth: number): string | null {
  switch (n.type) {
    case 'identifier': {
      const b = lookup(scope, n.text);
      if (b) return b.ref ?? null;
      return GLOBAL_OBJECTS.has(n.text) ? 'globalThis' : n.text;
    }
    case 'member_expression': {
      const base = pathOf(n.childForFieldName('object'), scope, depth + 1);
      const prop = n.childForFieldName('property')?.text;
      return base && prop ? join(base, prop) : null;
    }
    case 'subscript_expression': {
      const base = pathOf(n.childForFieldName('object'), scope, depth + 1);
      const key = base ? constString(n.childForFieldName('index'), scope) : null;
      return base && key !== null ? join(base, key) : null;
    }
    case 'call_expression':
      return callPath(n, scope, depth);
    case 'new_expression': {
      const ctor = pathOf(n.childForFieldName('constructor'), scope, depth + 1);
      return ctor ? `${ctor}()` : null;
    }
    case 'await_expression':
      return pathOf(n.firstNamedChild, scope, depth + 1);
    case 'sequence_expression':
      return pathOf(n.lastNamedChild, scope, depth + 1);
    case 'this':
      return null;
    default:
      return null;
  }
}

function callPath(n: SyntaxNode, scope: Scope, depth: number): string | null {
  const fn = n.childForFieldName('function');
  if (!fn) return null;
  const callee = fn.type === 'import' ? 'require' : pathOf(fn, scope, depth + 1);
  if (callee === 'require') {
    const name = constString(argsOf(n)[0], scope);
    return name === null ? null : moduleName(name);
  }
  if (!callee) return null;
  // `createRequire(import.meta.url)` makes a `require` for an ES module.
  if (callee === 'module.createRequire') return 'require';
  // `f.bind(…)` is f itself.
  if (callee.endsWith('.bind')) return callee.slice(0, -'.bind'.length);
  return `${callee}()`;
}
