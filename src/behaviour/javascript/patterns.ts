// Whole-behaviour patterns: a reverse shell (a socket wired to a spawned shell's stdio) and a runaway
// loop (an endless loop with no exit that spawns or keeps allocating).
import type { PatternFact } from '../facts.js';
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import { lookup } from './model.js';
import type { Ctx, Scope, Tag } from './model.js';
import { classify, isShellValue, objectProp } from './ops.js';
import { pathOf } from './resolve.js';
import { FUNCTION_TYPES, argsOf, kids, lineOf, rootName, snippet, unwrap } from './syntax.js';
import { taintOf } from './taint.js';

const SOCKET = /^(?:(?:net|tls)\.(?:connect|createConnection)|net\.Socket|tls\.TLSSocket)\(\)(?:\.connect\(\))?$/;
const MAX_PATTERNS = 100;
const LOOP_SCAN_BUDGET = 1_000_000;

function tagOf(node: SyntaxNode, kind: Tag['kind']): Tag {
  return { kind, line: lineOf(node), column: node.startPosition.column, text: snippet(node) };
}

/** A socket or a spawned shell held by a name, for the reverse-shell pattern. */
export function tagFor(value: SyntaxNode, scope: Scope): Tag | undefined {
  const n = unwrap(value);
  if (n.type !== 'call_expression' && n.type !== 'new_expression') return undefined;
  if (SOCKET.test(pathOf(n, scope) ?? '')) return tagOf(n, 'socket');
  const isNew = n.type === 'new_expression';
  const path = pathOf(n.childForFieldName(isNew ? 'constructor' : 'function'), scope) ?? '';
  const args = argsOf(n);
  const op = classify(n, path, args, scope)?.op;
  return (op === 'process' || op === 'system') && isShellValue(args[0], scope) ? tagOf(n, 'shell') : undefined;
}

function tagged(node: SyntaxNode | undefined, scope: Scope): Tag | undefined {
  const name = node ? rootName(node) : null;
  return name ? lookup(scope, name)?.tag : undefined;
}

function addPattern(ctx: Ctx, p: PatternFact): void {
  if (ctx.patterns.length >= MAX_PATTERNS) return;
  if (ctx.patterns.some((q) => q.kind === p.kind && q.line === p.line && q.sourceLine === p.sourceLine)) return;
  ctx.patterns.push(p);
}

function reverseShell(ctx: Ctx, shell: Tag, socket: Tag): void {
  addPattern(ctx, { kind: 'reverse_shell', line: shell.line, column: shell.column, text: shell.text, sourceLine: socket.line, sourceText: socket.text });
}

/** `spawn('/bin/sh', [], {stdio: [sock, sock, sock]})`. */
export function shellSpawn(ctx: Ctx, node: SyntaxNode, scope: Scope): void {
  const args = argsOf(node);
  if (!isShellValue(args[0], scope)) return;
  const stdio = args.slice(1).map((a) => objectProp(a, 'stdio')).find((s) => s !== undefined);
  if (!stdio || unwrap(stdio).type !== 'array') return;
  for (const el of kids(unwrap(stdio))) {
    const socket = tagged(el, scope);
    if (socket?.kind === 'socket') reverseShell(ctx, tagOf(node, 'shell'), socket);
  }
}

/** `sock.pipe(sh.stdin)`, `sh.stdout.pipe(sock)`, `sh.stdin.write(dataFromSocket)`. */
export function socketPipe(ctx: Ctx, node: SyntaxNode, path: string | null, args: SyntaxNode[], scope: Scope): void {
  const fn = node.childForFieldName('function');
  if (fn?.type !== 'member_expression') return;
  const method = fn.childForFieldName('property')?.text;
  const from = tagged(fn.childForFieldName('object') ?? undefined, scope);
  if (method === 'pipe') {
    const to = tagged(args[0], scope);
    const pair = [from, to];
    const shell = pair.find((t) => t?.kind === 'shell');
    const socket = pair.find((t) => t?.kind === 'socket');
    if (shell && socket) reverseShell(ctx, shell, socket);
  } else if (method === 'write' && from?.kind === 'shell' && /\.stdin\.write$/.test(path ?? '.stdin.write')) {
    const fromNet = taintOf(ctx, args[0], scope).some((f) => f.kind === 'network_input');
    const socket = [...scope.vars.values(), ...ctx.module.vars.values()].find((b) => b.tag?.kind === 'socket')?.tag;
    if (fromNet && socket) reverseShell(ctx, from, socket);
  }
}

/** `while (true)`, `for (;;)`, `do … while (1)`. */
export function isEndless(loop: SyntaxNode): boolean {
  if (loop.type === 'for_statement') {
    const cond = loop.childForFieldName('condition');
    return !cond || cond.type === 'empty_statement' || /^\s*(?:true|1)\s*;?\s*$/.test(cond.text.slice(0, 20));
  }
  if (loop.type !== 'while_statement' && loop.type !== 'do_statement') return false;
  const cond = loop.childForFieldName('condition');
  const c = cond ? unwrap(cond) : null;
  return c?.type === 'true' || (c?.type === 'number' && Number(c.text) !== 0);
}

const EXITS: ReadonlySet<string> = new Set(['break_statement', 'return_statement', 'throw_statement', 'yield_expression']);
const SLEEP = /\b(?:sleep|delay|wait|setTimeout|timers|setImmediate)\b/i;

/** Checks the endless loops collected during the walk. */
export function runawayLoops(ctx: Ctx): void {
  let budget = LOOP_SCAN_BUDGET;
  for (const { node, scope } of ctx.loops) {
    const body = node.childForFieldName('body');
    if (!body || budget <= 0) continue;
    const found = scanLoop(ctx, body, scope);
    budget -= found.scanned;
    if (found.exits) continue;
    const sink = found.spawn && !found.sleeps ? found.spawn : found.alloc;
    if (!sink) continue;
    const header = snippet(node, 60);
    addPattern(ctx, { kind: 'runaway_loop', line: lineOf(sink), column: sink.startPosition.column, text: snippet(sink), sourceLine: lineOf(node), sourceText: header });
  }
}

interface LoopScan {
  exits: boolean;
  sleeps: boolean;
  spawn?: SyntaxNode;
  alloc?: SyntaxNode;
  scanned: number;
}

function scanLoop(ctx: Ctx, body: SyntaxNode, scope: Scope): LoopScan {
  const out: LoopScan = { exits: false, sleeps: false, scanned: 0 };
  const declared = new Set<string>();
  const pushes: { node: SyntaxNode; name: string }[] = [];
  const stack = [body];
  while (stack.length > 0 && out.scanned < LOOP_SCAN_BUDGET) {
    const n = stack.pop();
    if (!n) break;
    out.scanned += 1;
    if (FUNCTION_TYPES.has(n.type) || n.type === 'class_body') continue;
    if (EXITS.has(n.type)) out.exits = true;
    if (n.type === 'variable_declarator') declared.add(n.childForFieldName('name')?.text ?? '');
    if (n.type === 'await_expression' && SLEEP.test(n.text.slice(0, 200))) out.sleeps = true;
    if (n.type === 'call_expression' || n.type === 'new_expression') loopCall(ctx, n, scope, out, pushes);
    for (const k of kids(n)) stack.push(k);
  }
  const grow = pushes.find((p) => !declared.has(p.name));
  if (grow) out.alloc ??= grow.node;
  return out;
}

function loopCall(ctx: Ctx, n: SyntaxNode, scope: Scope, out: LoopScan, pushes: { node: SyntaxNode; name: string }[]): void {
  const fact = ctx.callAt.get(n.id);
  const path = pathOf(n.childForFieldName(n.type === 'new_expression' ? 'constructor' : 'function'), scope) ?? '';
  if (/^(?:process\.exit|process\.abort|Deno\.exit|process\.kill)$/.test(path)) out.exits = true;
  if (fact && (fact.op === 'process' || fact.op === 'system')) out.spawn ??= n;
  if (/^(?:cluster\.fork|child_process\.fork)$/.test(path)) out.spawn ??= n;
  if (/^Buffer\.alloc(?:Unsafe)?(?:Slow)?$/.test(path) || path === 'Array') out.alloc ??= n;
  const fn = n.childForFieldName('function');
  if (fn?.type === 'member_expression' && /^(?:push|unshift|concat)$/.test(fn.childForFieldName('property')?.text ?? '')) {
    const name = rootName(fn.childForFieldName('object') ?? fn);
    if (name) pushes.push({ node: n, name });
  }
}
