// The extractor's working state: scopes and their bindings, same-file function summaries, and the
// internal taint record (a public Taint plus the bits needed while propagating).
import type { CallFact, PatternFact, ReflectiveFact, SourceKind } from '../facts.js';
import type { CodeNode as SyntaxNode } from '../code-tree.js';

/** A taint while propagating. `param` flows stand for "whatever the caller passes as parameter N". */
export interface Flow {
  kind: SourceKind | 'param';
  line: number;
  text: string;
  viaVariable: boolean;
  /** Reached the current value only as an authentication header entry (`Authorization: …`). */
  auth: boolean;
  /** For `param` flows: the parameter index and the function (node id) it belongs to. */
  param?: number;
  fn?: number;
  /** For `param` flows: only this property of the parameter is read (`config.url`), one level deep. */
  field?: string;
  /**
   * For file reads inside a function whose path uses its parameters: the path hint with parameter marks
   * (see constants.ts `paramMark`), classified again at each call with the constant arguments.
   */
  readPath?: string;
}

/**
 * What an object value holds per constant property name, one level deep: `{ url, apiKey }` keeps the
 * flows of `url` apart from those of `apiKey`. `rest` holds flows not tied to a known name (spreads of
 * unknown objects, computed keys, other values assigned to the same name); every property read gets them.
 */
export interface Shape {
  fields: Map<string, Flow[]>;
  rest: Flow[];
}

/** Where a parameter reaches a sink inside its function: whole or one property, and as an auth header or not. */
export interface ParamSink {
  fact: CallFact;
  field?: string;
  auth: boolean;
}

/** Marks a socket or a spawned shell, for the reverse-shell pattern. */
export interface Tag {
  kind: 'socket' | 'shell';
  line: number;
  column: number;
  text: string;
}

export interface FnInfo {
  id: number;
  node: SyntaxNode;
  /** Flows of every returned value (including `param` flows of this function). */
  returns: Flow[];
  /** Returned values' flows per property, once some return value is an object with known keys. */
  returnShape?: Shape;
  /** Call facts inside the body reached by each parameter. */
  paramSinks: Map<number, ParamSink[]>;
  /** Taints handed to parameters by the code that registers the function as a callback (`.then(r => …)`). */
  seeds: Map<number, Flow[]>;
}

export interface Binding {
  flows: Flow[];
  /** Canonical path of what the name refers to (`child_process`, `child_process.exec`, `net.connect()`). */
  ref?: string;
  /** The constant string value, null once any assignment is not that constant. */
  constant?: string | null;
  /** True while every assignment is a constant or a choice between constants (`a ? 'x' : 'y'`, `a || 'x'`). */
  fixed?: boolean;
  /** Per-property flows, once the name is given an object with known keys (see Shape). */
  shape?: Shape;
  /**
   * The path the name holds, rendered like `pathHint` (`~/.aws` for `path.join(os.homedir(), '.aws')`), for
   * the pass that set it; null once two assignments disagree.
   */
  hint?: { pass: 1 | 2; text: string | null };
  /** The constants the name can hold (`win ? 'cmd.exe' : 'sh'`), null once any assignment is not a choice of constants. */
  choices?: string[] | null;
  fn?: FnInfo;
  /** Destination host of a network object held by the name (a request, a socket). */
  host?: string;
  tag?: Tag;
}

export interface Scope {
  id: number;
  parent: Scope | null;
  fn: FnInfo | null;
  vars: Map<string, Binding>;
  /** Canonical paths already resolved in this pass, by node id (one map shared by every scope of a file). */
  paths: Map<number, string | null>;
}

export const MAX_FLOWS = 64;
export const MAX_CALLS = 2_000;
export const MAX_REFLECTIVE = 500;

export interface Ctx {
  /** 1: collect bindings and summaries; 2: the same walk, now recording facts. */
  pass: 1 | 2;
  scopes: Map<number, Scope>;
  module: Scope;
  fns: Map<number, FnInfo>;
  memo: Map<number, Flow[]>;
  /** Shapes of object-valued expressions in the current pass, by node id. */
  shapes: Map<number, Shape | null>;
  calls: CallFact[];
  callAt: Map<number, CallFact>;
  reflective: ReflectiveFact[];
  patterns: PatternFact[];
  /** Tainted arguments of calls to same-file functions; their taints reach the inner sinks once the walk is done. */
  pending: { fn: FnInfo; param: number; arg: SyntaxNode; scope: Scope }[];
  /** Calls to same-file functions with some constant argument, by function id (a few each), for `readPath`s. */
  constCalls: Map<number, { args: SyntaxNode[]; scope: Scope }[]>;
  /** The flows each recorded call received (with their auth-header marks), for caller taints added later. */
  factFlows: Map<CallFact, Flow[]>;
  loops: { node: SyntaxNode; scope: Scope }[];
}

export function lookup(scope: Scope, name: string): Binding | undefined {
  for (let s: Scope | null = scope; s; s = s.parent) {
    const b = s.vars.get(name);
    if (b) return b;
  }
  return undefined;
}

/** Declares `name` in `scope` (or returns the existing binding there). */
export function declare(scope: Scope, name: string): Binding {
  let b = scope.vars.get(name);
  if (!b) {
    b = { flows: [] };
    scope.vars.set(name, b);
  }
  return b;
}

export function fnInfo(ctx: Ctx, node: SyntaxNode): FnInfo {
  let f = ctx.fns.get(node.id);
  if (!f) {
    f = { id: node.id, node, returns: [], paramSinks: new Map(), seeds: new Map() };
    ctx.fns.set(node.id, f);
  }
  return f;
}

function same(a: Flow, b: Flow): boolean {
  return a.kind === b.kind && a.line === b.line && a.auth === b.auth && a.param === b.param && a.fn === b.fn && a.field === b.field;
}

/** Adds flows into `into` (deduplicated, inline beats via-variable, capped). */
export function addFlows(into: Flow[], more: readonly Flow[]): void {
  for (const f of more) {
    const have = into.find((g) => same(g, f));
    if (have) {
      if (!f.viaVariable) have.viaVariable = false;
      // The first pass may have rendered the read's path before the names it uses were bound.
      if (f.readPath) have.readPath = f.readPath;
    } else if (into.length < MAX_FLOWS) {
      into.push({ ...f });
    }
  }
}

export function union(...lists: readonly Flow[][]): Flow[] {
  const out: Flow[] = [];
  for (const l of lists) addFlows(out, l);
  return out;
}

export function viaVariable(flows: readonly Flow[]): Flow[] {
  return flows.map((f) => (f.viaVariable ? f : { ...f, viaVariable: true }));
}

export const MAX_FIELDS = 32;

/**
 * Adds a value to what a name (or a function's return) holds: `all` are every flow it held so far, `shape`
 * its per-property view. A value with a shape starts the view (earlier values become `rest`); any other
 * value is `rest` for every property.
 */
export function addValue(all: Flow[], shape: Shape | undefined, flows: readonly Flow[], more: Shape | null): Shape | undefined {
  let out = shape;
  if (more && !out) out = { fields: new Map(), rest: [...all] };
  addFlows(all, flows);
  if (!out) return undefined;
  if (more) mergeShape(out, more);
  else addFlows(out.rest, flows);
  return out;
}

/** Merges `more` into `into` (fields beyond MAX_FIELDS fall into `rest`). */
export function mergeShape(into: Shape, more: Shape): void {
  for (const [key, flows] of more.fields) {
    let have = into.fields.get(key);
    if (!have && into.fields.size < MAX_FIELDS) {
      have = [];
      into.fields.set(key, have);
    }
    addFlows(have ?? into.rest, flows);
  }
  addFlows(into.rest, more.rest);
}

/** The flows a read of property `key` gets from a shape. */
export function shapeField(shape: Shape, key: string): Flow[] {
  return union(shape.fields.get(key) ?? [], shape.rest);
}

/** Marks flows as reaching their value only as an authentication header entry. */
export function asAuth(flows: readonly Flow[]): Flow[] {
  return flows.map((f) => (f.auth ? f : { ...f, auth: true }));
}
