// Whole-behaviour patterns: a reverse shell (socket connect + streams wired to a shell) and a runaway
// loop (an endless loop without exit whose body forks, spawns or keeps allocating).
import { clip } from '../facts.js';
import type { PatternFact } from '../facts.js';
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import { opOf } from './callees.js';
import type { CallSite, FileModel } from './model.js';
import type { Resolver } from './resolve.js';
import { callArgs, field, kids, line, unparen } from './syntax.js';
import type { Values } from './values.js';

const MAX_LOOP_NODES = 20_000;
const MAX_PATTERNS = 64;
/** Endless loops whose bodies are scanned; nested hostile loops must not multiply the work. */
const MAX_SCANNED_LOOPS = 200;

const CONNECT = /^socket\.(?:socket|create_connection)\.connect(?:_ex)?$|^socket\.create_connection$/;
const SHELL = /(?:^|[/\\\s])(?:ba|z|k|da|c|tc)?sh(?:$|[\s/])|cmd(?:\.exe)?$|powershell|pwsh/i;
const EXITS = new Set(['sys.exit', 'exit', 'quit', 'os._exit', 'os.abort', 'os.kill']);
const FORKS = new Set(['os.fork', 'os.forkpty', 'pty.fork']);
const THROTTLES = /^(?:time\.sleep|asyncio\.sleep|input|raw_input|select\.select)$|\.(?:sleep|recv\w*|accept|wait|join|communicate|get)$/;
const WORKERS = /^(?:multiprocessing\.(?:Process|Pool)|threading\.Thread|multiprocessing\.context\.\w+)\.start$/;
const NESTED_SCOPES = new Set(['function_definition', 'class_definition', 'lambda', 'decorated_definition']);
const LOOPS = new Set(['while_statement', 'for_statement']);

function fact(sink: SyntaxNode, source: SyntaxNode, kind: PatternFact['kind'], sourceText: string): PatternFact {
  return {
    kind, line: line(sink), column: sink.startPosition.column, text: clip(sink.text, 160),
    sourceLine: line(source), sourceText: clip(sourceText, 160),
  };
}

export function reverseShells(model: FileModel, resolver: Resolver, values: Values): PatternFact[] {
  const connects: CallSite[] = [];
  let dup2 = false;
  const spawns: CallSite[] = [];
  for (const site of model.calls) {
    const callee = resolver.callee(site.node);
    if (callee === null) continue;
    if (CONNECT.test(callee)) connects.push(site);
    else if (callee === 'os.dup2' && /fileno/.test(callArgs(site.node).positional[0]?.text ?? '')) dup2 = true;
    else if (opOf(callee, null)?.op === 'process' || opOf(callee, null)?.op === 'system') spawns.push(site);
  }
  const connect = connects[0];
  if (!connect) return [];
  const out: PatternFact[] = [];
  for (const site of spawns) {
    const args = callArgs(site.node);
    const wired = ['stdin', 'stdout', 'stderr'].some((k) => /fileno|sock|conn/.test(args.keyword.get(k)?.text ?? ''));
    const command = args.positional[0];
    const shell = command !== undefined && SHELL.test(values.pathText(command, site.scope).replace(/\//g, ' /'));
    if (shell && (dup2 || wired) && out.length < MAX_PATTERNS) out.push(fact(site.node, connect.node, 'reverse_shell', connect.node.text));
  }
  return out;
}

/** True for `while True:`, `while 1:`, `for _ in itertools.count()`. */
function endless(loop: SyntaxNode, resolver: Resolver): boolean {
  if (loop.type === 'while_statement') {
    const cond = field(loop, 'condition');
    const c = cond ? unparen(cond) : null;
    return c !== null && (c.type === 'true' || (c.type === 'integer' && Number(c.text) !== 0));
  }
  const right = field(loop, 'right');
  return right?.type === 'call' && resolver.callee(right) === 'itertools.count';
}

interface LoopBody {
  exits: boolean;
  throttled: boolean;
  fork: SyntaxNode | null;
  spawn: SyntaxNode | null;
  grow: SyntaxNode | null;
}

function scanBody(loop: SyntaxNode, resolver: Resolver): LoopBody {
  const body: LoopBody = { exits: false, throttled: false, fork: null, spawn: null, grow: null };
  const stack: { n: SyntaxNode; innerLoop: boolean }[] = kids(field(loop, 'body') ?? loop).map((n) => ({ n, innerLoop: false }));
  for (let visited = 0; stack.length > 0 && visited < MAX_LOOP_NODES; visited++) {
    const { n, innerLoop } = stack.pop() as { n: SyntaxNode; innerLoop: boolean };
    if (NESTED_SCOPES.has(n.type)) continue;
    if (n.type === 'return_statement' || n.type === 'raise_statement' || (n.type === 'break_statement' && !innerLoop)) body.exits = true;
    if (n.type === 'call') classifyLoopCall(n, resolver, body);
    if (n.type === 'augmented_assignment' && /^[+*]=$/.test(field(n, 'operator')?.text ?? '')) {
      const right = field(n, 'right');
      if (right && !['integer', 'float'].includes(unparen(right).type)) body.grow ??= n;
    }
    const inner = innerLoop || LOOPS.has(n.type);
    for (const c of kids(n)) stack.push({ n: c, innerLoop: inner });
  }
  return body;
}

function classifyLoopCall(n: SyntaxNode, resolver: Resolver, body: LoopBody): void {
  const callee = resolver.callee(n);
  const fn = field(n, 'function');
  const method = fn?.type === 'attribute' ? field(fn, 'attribute')?.text : undefined;
  if (callee !== null && EXITS.has(callee)) body.exits = true;
  else if (callee !== null && FORKS.has(callee)) body.fork ??= n;
  else if (THROTTLES.test(callee ?? `.${method ?? ''}`)) body.throttled = true;
  else if (callee !== null && (WORKERS.test(callee) || ['process', 'system'].includes(opOf(callee, null)?.op ?? ''))) body.spawn ??= n;
  else if (method === 'append' || method === 'extend') body.grow ??= n;
}

export function runawayLoops(model: FileModel, resolver: Resolver): PatternFact[] {
  const out: PatternFact[] = [];
  let scanned = 0;
  for (const { node } of model.loops) {
    if (out.length >= MAX_PATTERNS || scanned >= MAX_SCANNED_LOOPS) break;
    if (!endless(node, resolver)) continue;
    scanned++;
    const body = scanBody(node, resolver);
    if (body.exits) continue;
    // A fork in an endless loop is a fork bomb whatever else it does; spawning or growing is only runaway unthrottled.
    const sink = body.fork ?? (body.throttled ? null : (body.spawn ?? body.grow));
    if (sink) out.push(fact(sink, node, 'runaway_loop', (node.text.split('\n')[0] ?? '').trim()));
  }
  return out;
}
