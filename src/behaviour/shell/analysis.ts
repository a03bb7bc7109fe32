// The shell extractor's passes over one script. Each pass walks the tree twice: bottom-up for values
// (words, what statements print, variable and function taints) and top-down for what needs a command's
// stdin (pipes, redirections, `read`). Variables are flow-insensitive, so a second pass lets a use see an
// assignment (or a function's call sites) further down; the facts of the last pass are kept.
import type { BehaviourFacts, CallFact, PatternFact, ReflectiveFact } from '../facts.js';
import { clip } from '../facts.js';
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import type { CodeLanguage } from '../parser.js';
import { classifyPath } from '../paths.js';
import { findExecs, operands, optionValues, resolveInvocation } from './commands.js';
import type { Invocation } from './commands.js';
import { UNKNOWN, addTaints, literal, pathText, streamOfWords, taint, unionStreams } from './model.js';
import type { Stream, Word } from './model.js';
import { commandOutput } from './outputs.js';
import { alwaysTrue, isNetTool, isReverseShellCommand, isStdinShell } from './patterns.js';
import { REDIRECT_TYPES, TCP_PATH, readRedirects, tcpHost } from './redirects.js';
import type { Redirects } from './redirects.js';
import { Scope } from './scope.js';
import { SHELLS, commandSinks } from './sinks.js';
import type { Site } from './sinks.js';
import { addName, background, emptySummary, mergeInto } from './summary.js';
import type { Head, Spot, Summary } from './summary.js';
import { childrenOf, fieldChildren, walk } from './walk.js';
import { WORD_TYPES, evaluateWord, substitutionWord } from './words.js';
import type { WordContext } from './words.js';

// A pass reruns only when something read earlier changed later; chains of forward references get one more.
const MAX_PASSES = 3;
const MAX_CALLS = 2_000;
const MAX_PATTERNS = 200;
const MAX_REFLECTIVE = 500;
const MAX_STAGES = 64;
const ARGV_EXPANSION = /^"?\$(?:@|\*|\{(?:@|\*|[A-Za-z_]\w*\[[@*]\])\})"?(?=\s|$)/;

// Statements whose summary is the union of their parts.
const COMPOUND = new Set([
  'program', 'compound_statement', 'subshell', 'do_group', 'if_statement', 'elif_clause', 'else_clause', 'case_statement',
  'case_item', 'list', 'negated_command', 'while_statement', 'for_statement', 'c_style_for_statement', 'ERROR',
]);
const THROTTLES = new Set(['sleep', 'wait', 'read', 'inotifywait', 'usleep', 'select']);
const EXITS = new Set(['exit', 'return', 'logout']);

interface CommandInfo {
  inv: Invocation;
  site: Site;
  /** Variables `read`/`mapfile` assign from stdin. */
  reads: string[];
  /** What they read instead of stdin: a socket named by `-u N` (`exec 3<>/dev/tcp/…; read -u 3 line`). */
  readsFrom: Stream | null;
}

interface RedirectedInfo {
  r: Redirects;
  body: Summary;
  bodyId: number | null;
  spot: Spot;
}

/** True when `text` reads `$name` or `${name…}`. */
function refersTo(text: string, name: string): boolean {
  for (const ref of [`$${name}`, `\${${name}`]) {
    for (let i = text.indexOf(ref); i >= 0; i = text.indexOf(ref, i + 1)) {
      if (!/\w/.test(text[i + ref.length] ?? '')) return true;
    }
  }
  return false;
}

export class ShellAnalysis {
  private readonly scope = new Scope();
  private readonly words = new Map<number, Word>();
  private readonly sums = new Map<number, Summary>();
  private readonly commands = new Map<number, CommandInfo>();
  private readonly redirected = new Map<number, RedirectedInfo>();
  /** Stdin a construct gives a child: a pipe's previous stage, an input redirection. */
  private readonly stdinFor = new Map<number, Stream>();
  private readonly tcpFds = new Map<string, number>();
  private readonly fnStack: string[] = [];
  private readonly calls: CallFact[] = [];
  private readonly reflective: ReflectiveFact[] = [];
  private readonly patterns: PatternFact[] = [];
  private readonly wordCtx: WordContext;

  constructor(private readonly root: SyntaxNode, private readonly src: string) {
    this.wordCtx = {
      src, scope: this.scope, words: this.words, fn: null,
      reflect: (f) => {
        if (this.reflective.length < MAX_REFLECTIVE) this.reflective.push(f);
      },
    };
  }

  run(language: CodeLanguage): BehaviourFacts {
    for (let pass = 1; pass <= MAX_PASSES; pass++) {
      for (const m of [this.words, this.sums, this.commands, this.redirected, this.stdinFor]) m.clear();
      this.calls.length = 0;
      this.reflective.length = 0;
      this.patterns.length = 0;
      this.scope.beginPass();
      walk(this.root, (n) => this.enterValues(n), (n) => this.leaveValues(n));
      this.flowStdin();
      this.scope.endPass();
      if (!this.scope.stale) break;
    }
    return { language, calls: this.calls, reflective: this.reflective, patterns: this.patterns };
  }

  // ---------------------------------------------------------------------------------------- bottom-up

  private enterValues(n: SyntaxNode): boolean {
    const t = n.type;
    if (t === 'function_definition') {
      this.fnStack.push(n.childForFieldName('name')?.text ?? '');
      this.wordCtx.fn = this.fnStack[this.fnStack.length - 1]!;
    }
    // Its "commands" are arithmetic words; its value is a number.
    return !this.isArithmetic(n);
  }

  /** `$((…))` the grammar parsed as a command substitution of a subshell (inside here-documents). */
  private isArithmetic(n: SyntaxNode): boolean {
    return n.type === 'command_substitution' && this.src.startsWith('$((', n.startIndex) && this.src.startsWith('))', n.endIndex - 2);
  }

  private leaveValues(n: SyntaxNode): void {
    const t = n.type;
    if (WORD_TYPES.has(t)) this.words.set(n.id, evaluateWord(n, this.wordCtx));
    else if (this.isArithmetic(n)) this.words.set(n.id, { line: n.startPosition.row + 1, column: n.startPosition.column, shape: UNKNOWN, constant: true, taints: [] });
    else if (t === 'command_substitution' || t === 'process_substitution') this.substitution(n);
    else if (t === 'command') this.sums.set(n.id, this.command(n));
    else if (t === 'pipeline') this.sums.set(n.id, this.pipeline(n));
    else if (t === 'redirected_statement') this.sums.set(n.id, this.redirectedStatement(n));
    else if (t === 'variable_assignment') this.assignment(n);
    else if (t === 'declaration_command') this.sums.set(n.id, this.declaration(n));
    else if (t === 'function_definition') this.functionDefinition(n);
    else if (COMPOUND.has(t)) this.sums.set(n.id, this.compound(n));
  }

  private take(n: SyntaxNode | null | undefined): Word | undefined {
    if (!n) return undefined;
    const w = this.words.get(n.id);
    this.words.delete(n.id);
    return w;
  }

  private spot(n: SyntaxNode, max = 160): Spot {
    const text = clip(this.src.slice(n.startIndex, Math.min(n.endIndex, n.startIndex + max * 3)), max);
    return { line: n.startPosition.row + 1, column: n.startPosition.column, text };
  }

  private substitution(n: SyntaxNode): void {
    const s = this.compound(n);
    const parts: Stream[] = [s.out];
    const kids = childrenOf(n);
    // `$(< file)`: the file's content.
    const only = kids.filter((k) => k.isNamed);
    if (only.length === 1 && only[0]!.type === 'file_redirect') {
      const r = readRedirects(only, (x) => this.take(x), this.tcpFds);
      if (r.input) parts.push(r.input);
    }
    const out = unionStreams(parts);
    if (s.readsStdin) {
      const sp = this.spot(n, 120);
      out.taints = addTaints([...out.taints], [taint('user_input', sp.line, sp.text)]);
      out.constant = false;
    }
    this.words.set(n.id, substitutionWord(n, out));
  }

  private compound(n: SyntaxNode): Summary {
    const sum = emptySummary();
    const kids = childrenOf(n);
    const bodyId = n.childForFieldName('body')?.id;
    let loopBody: Summary | undefined;
    for (let i = 0; i < kids.length; i++) {
      const k = kids[i]!;
      const s = this.sums.get(k.id);
      if (!s) continue;
      this.sums.delete(k.id);
      if (kids[i + 1]?.type === '&') background(s, this.spot(k));
      if (k.id === bodyId) loopBody = s;
      mergeInto(sum, s);
    }
    if (n.type === 'while_statement' || n.type === 'c_style_for_statement') {
      if (loopBody) this.checkLoop(n, loopBody);
      sum.breaks = false;
    } else if (n.type === 'for_statement') {
      this.forLoop(n);
      sum.breaks = false;
    }
    return sum;
  }

  private checkLoop(n: SyntaxNode, body: Summary): void {
    let endless: boolean;
    if (n.type === 'c_style_for_statement') endless = n.childForFieldName('condition') === null;
    else {
      const keyword = n.child(0)?.type ?? '';
      const cond = n.childrenForFieldName('condition').filter((c): c is SyntaxNode => c !== null && c.isNamed);
      endless = cond.length === 1 && alwaysTrue(keyword, cond[0]!.text.slice(0, 40));
    }
    if (!endless || body.breaks || body.exits || body.throttled || !body.spawn) return;
    const header = this.spot(n, 120);
    this.pattern({ kind: 'runaway_loop', ...body.spawn, sourceLine: header.line, sourceText: header.text });
  }

  private forLoop(n: SyntaxNode): void {
    const name = n.childForFieldName('variable')?.text;
    if (!name) return;
    const values = n.childrenForFieldName('value').map((v) => this.take(v)).filter((w): w is Word => w !== undefined);
    const pos = { line: n.startPosition.row + 1, column: n.startPosition.column };
    const w = values.length > 0
      ? { ...pos, ...streamOfWords(values), shape: values.length === 1 ? values[0]!.shape : UNKNOWN }
      : this.scope.lookup('@', pos.line, pos.column, this.wordCtx.fn, 'for … in "$@"');
    this.scope.assign(name, w, !w.shape.includes(UNKNOWN) && w.taints.length === 0);
  }

  private functionDefinition(n: SyntaxNode): void {
    const name = this.fnStack.pop() ?? '';
    this.wordCtx.fn = this.fnStack[this.fnStack.length - 1] ?? null;
    const bodyNode = n.childForFieldName('body');
    const body = (bodyNode && this.sums.get(bodyNode.id)) || emptySummary();
    if (bodyNode) this.sums.delete(bodyNode.id);
    this.scope.defineFunction(name, n.startPosition.row + 1, body.out);
    const selfLine = body.spawnedNames.get(name);
    if (selfLine !== undefined) {
      const def = this.spot(n, 120);
      this.pattern({ kind: 'runaway_loop', line: selfLine, column: 0, text: def.text, sourceLine: def.line, sourceText: def.text });
    }
  }

  private assignment(n: SyntaxNode): void {
    const nameNode = n.childForFieldName('name');
    const name = nameNode?.type === 'subscript' ? nameNode.childForFieldName('name')?.text : nameNode?.text;
    const valueNode = n.childForFieldName('value');
    const pos = { line: n.startPosition.row + 1, column: n.startPosition.column };
    const value = this.take(valueNode) ?? { ...pos, shape: '', constant: true, taints: [] };
    if (!name) return;
    const append = childrenOf(n).some((c) => c.type === '+=');
    this.scope.assign(name, value, !value.shape.includes(UNKNOWN) && value.taints.length === 0, append);
    const selfRef = valueNode !== null && refersTo(this.src.slice(valueNode.startIndex, Math.min(valueNode.endIndex, valueNode.startIndex + 4_096)), name);
    if (append || selfRef) {
      const s = emptySummary();
      s.spawn = this.spot(n);
      this.sums.set(n.id, s);
    }
  }

  private declaration(n: SyntaxNode): Summary {
    const kids = childrenOf(n);
    const dump = !kids.some((k) => k.type === 'variable_assignment' || k.type === 'variable_name') && kids.some((k) => /^-[px]+$/.test(k.text));
    if (!dump) return emptySummary();
    const sp = this.spot(n, 120);
    return emptySummary({ taints: [taint('env', sp.line, sp.text)], constant: false });
  }

  private command(n: SyntaxNode): Summary {
    const argv: Word[] = [];
    const argNodes: SyntaxNode[] = [];
    const redirectNodes: SyntaxNode[] = [];
    let nameNode: SyntaxNode | null = null;
    for (const { field, node } of fieldChildren(n)) {
      if (field === 'name') {
        nameNode = node;
        const w = this.take(node);
        if (w) {
          argv.unshift(w);
          argNodes.unshift(node);
        }
      } else if (field === 'argument') {
        const w = this.take(node);
        if (w) {
          argv.push(w);
          argNodes.push(node);
        }
      } else if (REDIRECT_TYPES.has(node.type)) redirectNodes.push(node);
    }
    if (argv.length === 0 || nameNode === null || this.notACommand(nameNode, argv)) return emptySummary();
    const inv = resolveInvocation(argv);
    const spot = this.spot(n);
    const runs = argNodes[argv.indexOf(inv.nameWord)] ?? nameNode;
    const site: Site = { ...spot, nameText: clip(this.src.slice(runs.startIndex, Math.min(runs.endIndex, runs.startIndex + 200)), 80) };
    const fn = inv.name === null ? undefined : this.scope.function(inv.name);
    if (fn && inv.name !== null) this.scope.callFunction(inv.name, inv.args);
    const reads = this.sideEffects(inv, spot);
    const output = inv.name === 'find' ? emptySummary() : { ...emptySummary(), ...commandOutput(inv, spot.line, clip(spot.text, 120), fn) };
    const sum: Summary = { ...emptySummary(), out: output.out, passes: output.passes, readsStdin: output.readsStdin };
    if (redirectNodes.length > 0) {
      const r = readRedirects(redirectNodes, (x) => this.take(x), this.tcpFds);
      if (r.input) {
        this.stdinFor.set(n.id, r.input);
        if (sum.passes) sum.out = unionStreams([sum.out, r.input]);
        sum.readsStdin = false;
      }
      if (r.dropsStdout) sum.out = { taints: [], constant: true };
    }
    const name = inv.name ?? '';
    sum.breaks = name === 'break';
    sum.exits = EXITS.has(name) || (literal(argv[0]!) === 'exec' && inv.name !== 'exec');
    sum.throttled = THROTTLES.has(name);
    if (inv.name !== null) addName(sum.names, inv.name, spot.line);
    sum.head = { ...spot, inv };
    this.commands.set(n.id, { inv, site, reads, readsFrom: reads.length > 0 ? this.socketRead(inv, spot) : null });
    return sum;
  }

  /** `read -u 3` / `mapfile -u 3` on a descriptor opened on `/dev/tcp`: network data. */
  private socketRead(inv: Invocation, spot: Spot): Stream | null {
    const fd = optionValues(inv.args, ['-u'])[0];
    const sock = fd ? this.tcpFds.get(literal(fd) ?? '') : undefined;
    return sock === undefined ? null : { taints: [taint('network_input', spot.line, clip(spot.text, 120))], constant: false, via: 'pipe', tcpLine: sock };
  }

  /**
   * Nodes the grammar shapes as commands that are expressions: `(( … ))` (a command named by an arithmetic
   * expansion) and the words of a test whose opening bracket error recovery split off (`[ "$n" -ne 0 ]`
   * parsed as a command `"$n" -ne 0 ]`). Commands after the test (`|| printf …`) are real and stay.
   */
  private notACommand(nameNode: SyntaxNode, argv: readonly Word[]): boolean {
    if (nameNode.firstNamedChild?.type === 'arithmetic_expansion') return true;
    const last = literal(argv[argv.length - 1]!);
    const name = literal(argv[0]!);
    return (last === ']' && name !== '[' && name !== 'test') || (last === ']]' && name !== '[[');
  }

  /** Assignments a command makes without needing its stdin (`getopts`, `printf -v`); returns what `read` assigns. */
  private sideEffects(inv: Invocation, spot: Spot): string[] {
    const { name, args } = inv;
    if (name === 'getopts') {
      const target = literal(args[1] ?? { shape: UNKNOWN, constant: false, taints: [], line: 0, column: 0 });
      const input = this.scope.lookup('@', spot.line, spot.column, this.wordCtx.fn, clip(spot.text, 120));
      for (const v of [target, 'OPTARG']) if (v) this.scope.assign(v, input, false);
    } else if (name === 'printf') {
      const target = optionValues(args, ['-v'])[0];
      const v = target ? literal(target) : null;
      if (v) this.scope.assign(v, { ...streamOfWords(args), shape: UNKNOWN, line: spot.line, column: spot.column }, false);
    } else if (name === 'read') {
      const arrays = optionValues(args, ['-a']).map(literal).filter((s): s is string => s !== null);
      const vars = operands(args, ['-p', '-d', '-n', '-N', '-t', '-u', '-i', '-a']).map(literal).filter((s): s is string => s !== null);
      const all = [...arrays, ...vars];
      return all.length > 0 ? all : ['REPLY'];
    } else if (name === 'mapfile' || name === 'readarray') {
      const vars = operands(args, ['-d', '-n', '-O', '-s', '-u', '-C', '-c']).map(literal).filter((s): s is string => s !== null);
      return [vars[vars.length - 1] ?? 'MAPFILE'];
    }
    return [];
  }

  private pipeline(n: SyntaxNode): Summary {
    const stages = childrenOf(n).filter((k) => this.sums.has(k.id));
    const sum = emptySummary();
    let prev: Stream | null = null;
    let passes = false;
    let readsStdin = false;
    const heads: (Head | null)[] = [];
    stages.forEach((k, i) => {
      const s = this.sums.get(k.id)!;
      this.sums.delete(k.id);
      if (prev) this.stdinFor.set(k.id, { ...prev, via: 'pipe' });
      const out = prev && s.passes ? unionStreams([s.out, prev]) : s.out;
      mergeInto(sum, s);
      for (const [name, line] of s.names) {
        if (sum.names.has(name)) addName(sum.spawnedNames, name, line);
        addName(sum.names, name, line);
      }
      passes = i === 0 ? s.passes : passes && s.passes;
      if (i === 0) readsStdin = s.readsStdin;
      if (heads.length < MAX_STAGES) heads.push(...(s.stages.length > 0 ? s.stages : [s.head]));
      prev = out;
    });
    sum.out = prev ?? sum.out;
    sum.passes = passes;
    sum.readsStdin = readsStdin;
    sum.stages = heads;
    this.socketPipeline(heads);
    return sum;
  }

  /** `cat f | sh -i 2>&1 | nc h p > f`: a shell reading a pipe in the same pipeline as a socket tool. */
  private socketPipeline(heads: readonly (Head | null)[]): void {
    const net = heads.find((h) => h !== null && isNetTool(h.inv.name));
    const sh = heads.find((h, i) => i > 0 && h !== null && isStdinShell(h.inv));
    if (net && sh) this.pattern({ kind: 'reverse_shell', line: sh.line, column: sh.column, text: sh.text, sourceLine: net.line, sourceText: net.text });
  }

  private redirectedStatement(n: SyntaxNode): Summary {
    const bodyNode = n.childForFieldName('body');
    const body = (bodyNode && this.sums.get(bodyNode.id)) || emptySummary();
    if (bodyNode) this.sums.delete(bodyNode.id);
    const redirectNodes = fieldChildren(n).filter((c) => c.field === 'redirect').map((c) => c.node);
    const r = readRedirects(redirectNodes, (x) => this.take(x), this.tcpFds);
    const spot = this.spot(n);
    for (const fd of r.openedTcp) this.tcpFds.set(fd, spot.line);
    // `exec <>/dev/tcp/h/p` moves the script's own stdin onto the socket (`sh >&0 2>&0` then wires a shell to it).
    const inv = body.head?.inv;
    if (inv?.name === 'exec' && inv.args.length === 0 && r.input?.tcpLine !== undefined) this.tcpFds.set('0', r.input.tcpLine);
    if (bodyNode && r.input) this.stdinFor.set(bodyNode.id, r.input);
    this.redirected.set(n.id, { r, body, bodyId: bodyNode?.id ?? null, spot });
    const sum: Summary = { ...body, names: new Map(body.names), spawnedNames: new Map(body.spawnedNames) };
    if (r.input) {
      if (body.passes) sum.out = unionStreams([body.out, r.input]);
      sum.readsStdin = false;
      sum.passes = false;
    }
    if (r.dropsStdout) sum.out = { taints: [], constant: true };
    if (r.outputs.some((o) => o.append)) sum.spawn ??= spot;
    const head = body.head;
    if (head && r.tcpLine !== null && (head.inv.name === null || SHELLS.test(head.inv.name))) {
      this.pattern({ kind: 'reverse_shell', line: head.line, column: head.column, text: head.text, sourceLine: r.tcpLine, sourceText: spot.text });
    }
    return sum;
  }

  // ----------------------------------------------------------------------------------------- top-down

  private flowStdin(): void {
    const stack: (Stream | null)[] = [];
    walk(
      this.root,
      (n) => {
        const parent = stack.length > 0 ? stack[stack.length - 1]! : null;
        const fresh = n.type === 'command_substitution' || n.type === 'process_substitution' || n.type === 'function_definition';
        const stdin = fresh ? null : (this.stdinFor.get(n.id) ?? parent);
        stack.push(stdin);
        if (n.type === 'command') this.commandWithStdin(n, stdin);
        else if (n.type === 'redirected_statement') this.redirectWrites(n, stdin);
        return true;
      },
      () => {
        stack.pop();
      },
    );
  }

  private commandWithStdin(n: SyntaxNode, stdin: Stream | null): void {
    const info = this.commands.get(n.id);
    if (!info) return;
    const { inv, site } = info;
    const input = info.readsFrom ?? stdin;
    for (const v of info.reads) {
      const t = input ? input.taints : [taint('user_input', site.line, clip(site.text, 120))];
      const value: Word = { shape: UNKNOWN, constant: false, taints: t, line: site.line, column: site.column };
      if (input?.conversationPath) value.conversationPath = true;
      this.scope.assign(v, value, false);
    }
    for (const f of commandSinks(inv, stdin, site)) this.call({ ...f, line: site.line, column: site.column, text: site.text });
    if (inv.name === 'find') {
      for (const argv of findExecs(inv.args)) {
        for (const f of commandSinks(resolveInvocation(argv), null, site)) this.call({ ...f, line: site.line, column: site.column, text: site.text });
      }
    }
    // `"$@"` and `"${cmd[@]}"` run an argument vector the script built (the standard wrapper idiom); only a
    // scalar used as a command name (`$tool --x`) hides which program runs.
    if (inv.name === null && !ARGV_EXPANSION.test(site.text.trimStart()) && this.reflective.length < MAX_REFLECTIVE) {
      this.reflective.push({ line: site.line, column: site.column, text: clip(site.text, 120), name: null, dangerous: false });
    }
    if (isReverseShellCommand(inv)) this.pattern({ kind: 'reverse_shell', line: site.line, column: site.column, text: site.text, sourceLine: site.line, sourceText: site.text });
    else if (stdin?.tcpLine !== undefined && (inv.name === null || SHELLS.test(inv.name))) {
      this.pattern({ kind: 'reverse_shell', line: site.line, column: site.column, text: site.text, sourceLine: stdin.tcpLine, sourceText: site.text });
    }
  }

  /** Output redirections into persistence locations or `/dev/tcp`, with what the statement writes. */
  private redirectWrites(n: SyntaxNode, stdin: Stream | null): void {
    const info = this.redirected.get(n.id);
    if (!info) return;
    const { r, body, spot } = info;
    const bodyIn = r.input ?? stdin;
    const written = body.passes && bodyIn ? unionStreams([body.out, bodyIn]) : body.out;
    for (const o of r.outputs) {
      const path = pathText(o.word);
      const content = o.fd === '' || o.fd === '1' || o.fd === '&' ? written : { taints: [], constant: true };
      const base = { line: spot.line, column: spot.column, text: spot.text, constantArgs: content.constant, taints: [...content.taints] };
      if (TCP_PATH.test(o.word.shape)) {
        const host = tcpHost(o.word.shape);
        this.call({ ...base, op: 'network', callee: o.word.shape.slice(0, 8), authHeaderOnly: false, ...(host ? { host } : {}) });
      } else if (classifyPath(path) === 'persistence') {
        this.call({ ...base, op: 'persistence_write', callee: o.append ? '>>' : '>', target: path });
      }
    }
    if (r.input?.tcpLine === spot.line) {
      this.call({ line: spot.line, column: spot.column, text: spot.text, op: 'network', callee: '/dev/tcp', constantArgs: true, taints: [], authHeaderOnly: false, ...(r.tcpHost ? { host: r.tcpHost } : {}) });
    }
  }

  private call(f: CallFact): void {
    if (this.calls.length < MAX_CALLS) this.calls.push(f);
  }

  private pattern(p: PatternFact): void {
    if (this.patterns.length >= MAX_PATTERNS) return;
    if (this.patterns.some((q) => q.kind === p.kind && q.line === p.line)) return;
    this.patterns.push(p);
  }
}
