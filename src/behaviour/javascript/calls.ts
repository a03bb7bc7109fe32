// Each call or `new`: resolve the callee, hand taints to callbacks, remember caller taints for same-file
// functions, and (in the recording pass) turn sinks into CallFacts.
import type { CallFact, Taint } from '../facts.js';
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import { constString, markedFunctions, pathHint } from './constants.js';
import { callHost } from './host.js';
import { MAX_CALLS, MAX_FLOWS, addFlows, fnInfo, lookup, union } from './model.js';
import type { Ctx, FnInfo, Flow, Scope } from './model.js';
import { allConstant, classify, shellPersistence } from './ops.js';
import type { OpInfo } from './ops.js';
import { shellSpawn, socketPipe } from './patterns.js';
import { pathOf } from './resolve.js';
import { DATA_EVENTS, callSource } from './sources.js';
import { FUNCTION_TYPES, argsOf, kids, lineOf, rootName, snippet, unwrap } from './syntax.js';
import { flow, paramArg, readAtCall, taintOf } from './taint.js';

interface Resolved {
  path: string | null;
  args: SyntaxNode[];
}

/** The callee path and the effective arguments, looking through `.call(this, …)` and `.apply(this, [...])`. */
export function resolveCall(node: SyntaxNode, scope: Scope): Resolved {
  const isNew = node.type === 'new_expression';
  const fn = node.childForFieldName(isNew ? 'constructor' : 'function');
  const args = argsOf(node);
  if (!fn) return { path: null, args };
  const path = fn.type === 'import' ? 'import' : pathOf(fn, scope);
  const m = !isNew && path ? /^(.+)\.(call|apply)$/.exec(path) : null;
  if (!m?.[1]) return { path, args };
  if (m[2] === 'call') return { path: m[1], args: args.slice(1) };
  const list = args[1] ? unwrap(args[1]) : undefined;
  return { path: m[1], args: list?.type === 'array' ? kids(list) : list ? [list] : [] };
}

export function visitCall(ctx: Ctx, node: SyntaxNode, scope: Scope): void {
  const { path, args } = resolveCall(node, scope);
  seedCallbacks(ctx, node, path, args, scope);
  const local = localFunction(node, scope);
  if (local && ctx.pass === 2) {
    args.forEach((arg, param) => {
      if (taintOf(ctx, arg, scope).some((f) => f.kind !== 'param')) ctx.pending.push({ fn: local, param, arg, scope });
    });
    rememberConstCall(ctx, local, args, scope);
  }
  if (path === 'XMLHttpRequest().open' || /^net\.Socket\(\)\.connect$/.test(path ?? '')) rememberHost(node, path ?? '', scope);
  const info = classify(node, path ?? '', args, scope);
  if (ctx.pass === 2) {
    if (info) record(ctx, node, info, scope);
    socketPipe(ctx, node, path, args, scope);
  }
}

function localFunction(node: SyntaxNode, scope: Scope): FnInfo | undefined {
  const fn = node.childForFieldName('function');
  const target = fn ? unwrap(fn) : null;
  return target?.type === 'identifier' ? lookup(scope, target.text)?.fn : undefined;
}

function rememberHost(node: SyntaxNode, path: string, scope: Scope): void {
  const recv = node.childForFieldName('function')?.childForFieldName('object');
  const name = recv ? rootName(recv) : null;
  const b = name ? lookup(scope, name) : undefined;
  if (!b) return;
  b.host = callHost(node, path, scope) ?? b.host;
  if (b.tag?.kind === 'socket') b.tag = { ...b.tag, line: lineOf(node), column: node.startPosition.column, text: snippet(node) };
}

const ITERATORS = /\.(?:forEach|map|filter|flatMap|some|every|find|findIndex|reduce)$/;

// Callbacks receive data from what they are registered on: `.then(r => …)`, `sock.on('data', d => …)`,
// `http.get(url, res => …)`, `fs.readFile(p, (err, data) => …)`, `argv.forEach(a => …)`.
function seedCallbacks(ctx: Ctx, node: SyntaxNode, path: string | null, args: SyntaxNode[], scope: Scope): void {
  const fns = args.map((a) => callbackOf(ctx, a, scope)).filter((f): f is FnInfo => f !== undefined);
  if (fns.length === 0) return;
  const fn = node.childForFieldName('function');
  const recv = fn?.type === 'member_expression' ? fn.childForFieldName('object') : null;
  // A method on a local value of unknown origin (`res.on`) is still matched by its name.
  const method = path ?? (fn?.type === 'member_expression' ? `?.${fn.childForFieldName('property')?.text ?? ''}` : null);
  if (!method) return;
  let flows: Flow[] = [];
  const source = path ? callSource(path, args, scope, node.type === 'new_expression') : null;
  if (source && source !== 'decoded') flows = [flow(source, node)];
  else if (/\.(?:on|once|addListener|addEventListener|prependListener)$/.test(method) && DATA_EVENTS.test(constString(args[0], scope) ?? '')) {
    flows = taintOf(ctx, recv, scope);
  } else if (/\.(?:then|question)$/.test(method) || ITERATORS.test(method)) {
    flows = taintOf(ctx, recv, scope);
  }
  const real = flows.filter((f) => f.kind !== 'param');
  if (real.length === 0) return;
  for (const fn of fns) {
    const count = Math.max(1, paramCount(fn.node));
    for (let i = 0; i < count && i < 8; i++) {
      const seeds = fn.seeds.get(i) ?? [];
      addFlows(seeds, real);
      fn.seeds.set(i, seeds);
    }
  }
}

function callbackOf(ctx: Ctx, arg: SyntaxNode, scope: Scope): FnInfo | undefined {
  const n = unwrap(arg);
  if (FUNCTION_TYPES.has(n.type)) return fnInfo(ctx, n);
  return n.type === 'identifier' ? lookup(scope, n.text)?.fn : undefined;
}

function paramCount(fn: SyntaxNode): number {
  const params = fn.childForFieldName('parameters');
  if (params) return kids(params).length;
  return fn.childForFieldName('parameter') ? 1 : 0;
}

function record(ctx: Ctx, node: SyntaxNode, info: OpInfo, scope: Scope): void {
  if (ctx.calls.length >= MAX_CALLS || ctx.callAt.has(node.id)) return;
  const flows = union(...info.data.map((d) => taintOf(ctx, d, scope)));
  const real = flows.filter((f) => f.kind !== 'param');
  const fact: CallFact = {
    op: info.op, callee: info.callee, line: lineOf(node), column: node.startPosition.column, text: snippet(node),
    constantArgs: allConstant(info.data, scope), taints: toTaints(real),
  };
  ctx.factFlows.set(fact, real);
  if (info.op === 'process' || info.op === 'system') fact.shell = info.shell ?? info.op === 'system';
  if (info.unsafe !== undefined) fact.unsafe = info.unsafe;
  if (info.target !== undefined) fact.target = info.target;
  if (info.op === 'network') {
    const host = callHost(node, info.callee, scope);
    if (host) fact.host = host;
    setAuthHeaderOnly(fact, real);
  }
  ctx.calls.push(fact);
  ctx.callAt.set(node.id, fact);
  for (const f of flows) {
    if (f.kind !== 'param' || f.fn === undefined || f.param === undefined) continue;
    const owner = ctx.fns.get(f.fn);
    if (!owner) continue;
    const sinks = owner.paramSinks.get(f.param) ?? [];
    if (!sinks.some((s) => s.fact === fact && s.field === f.field && s.auth === f.auth)) sinks.push({ fact, field: f.field, auth: f.auth });
    owner.paramSinks.set(f.param, sinks);
  }
  if (info.op === 'system' || info.op === 'process') {
    persistenceByCommand(ctx, info, scope, fact);
    shellSpawn(ctx, node, scope);
  }
}

// `exec('(crontab -l; echo …) | crontab -')`, `spawn('crontab', [file])`, `exec('echo … >> ~/.bashrc')`.
function persistenceByCommand(ctx: Ctx, info: OpInfo, scope: Scope, fact: CallFact): void {
  const command = info.data.map((d) => pathHint(d, scope)).join(' ');
  const target = shellPersistence(command);
  if (!target || ctx.calls.length >= MAX_CALLS) return;
  const { shell: _shell, ...rest } = fact;
  ctx.calls.push({ ...rest, op: 'persistence_write', target, taints: fact.taints.map((t) => ({ ...t })) });
}

/** Public taints: one per kind and line, inline when any path to the sink was inline. */
export function toTaints(flows: readonly Flow[]): Taint[] {
  const out: Taint[] = [];
  for (const f of flows) {
    if (f.kind === 'param') continue;
    const have = out.find((t) => t.kind === f.kind && t.line === f.line);
    if (have) have.viaVariable &&= f.viaVariable;
    else out.push({ kind: f.kind, line: f.line, text: f.text, viaVariable: f.viaVariable });
  }
  return out;
}

// The calibration is about secrets: judge where the env/credential values go when there are any.
function setAuthHeaderOnly(fact: CallFact, real: readonly Flow[]): void {
  const secrets = real.filter((f) => f.kind === 'env' || f.kind === 'credential_file');
  if (real.length > 0) fact.authHeaderOnly = (secrets.length > 0 ? secrets : real).every((f) => f.auth);
}

const MAX_CONST_CALLS = 16;

// `upload('credentials')`: which file a read inside `upload` opens may depend on these constants.
function rememberConstCall(ctx: Ctx, fn: FnInfo, args: SyntaxNode[], scope: Scope): void {
  if (!args.some((a) => constString(a, scope) !== null)) return;
  const calls = ctx.constCalls.get(fn.id) ?? [];
  if (calls.length < MAX_CONST_CALLS) calls.push({ args, scope });
  ctx.constCalls.set(fn.id, calls);
}

/**
 * Classifies again the file reads whose path uses a parameter (`fs.readFileSync(path.join(awsDir, name))`)
 * for every call made with constant arguments, adding the credential or conversation flows they give.
 */
export function applyReadPaths(ctx: Ctx): void {
  for (const [fact, flows] of ctx.factFlows) {
    const added: Flow[] = [];
    for (const f of flows) {
      if (!f.readPath) continue;
      for (const fn of markedFunctions(f.readPath)) {
        for (const call of ctx.constCalls.get(fn) ?? []) {
          const at = readAtCall(f, fn, call.args, call.scope);
          if (at.kind !== f.kind) addFlows(added, [at]);
        }
      }
    }
    if (added.length === 0) continue;
    addFlows(flows, added);
    fact.taints = toTaints(flows).slice(0, MAX_FLOWS);
    if (fact.op === 'network') setAuthHeaderOnly(fact, flows);
  }
}

/**
 * Applies caller taints to the sinks their arguments reach inside same-file functions: the whole
 * argument, or only the property the function reads, auth-marked when it reaches the sink as a header.
 */
export function applyPending(ctx: Ctx): void {
  for (const { fn, param, arg, scope } of ctx.pending) {
    const sinks = fn.paramSinks.get(param);
    if (!sinks) continue;
    const byView = new Map<string, Flow[]>();
    for (const sink of sinks) {
      const view = `${sink.auth ? 'a' : ''}:${sink.field ?? ''}`;
      let flows = byView.get(view);
      if (!flows) {
        flows = paramArg(ctx, arg, sink.field, sink.auth, scope).filter((f) => f.kind !== 'param');
        byView.set(view, flows);
      }
      const have = ctx.factFlows.get(sink.fact);
      if (flows.length === 0 || !have) continue;
      addFlows(have, flows);
      sink.fact.taints = toTaints(have).slice(0, MAX_FLOWS);
      if (sink.fact.op === 'network') setAuthHeaderOnly(sink.fact, have);
    }
  }
}
