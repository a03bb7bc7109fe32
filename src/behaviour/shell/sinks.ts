// The calls a shell command makes that the rules care about: eval, running script text from a stream
// (exec), shell command strings (system), programs named by a variable (process), SQL strings,
// persistence writes and network sends.
import { classifyPath } from '../paths.js';
import type { CallFact, CallOp, Taint } from '../facts.js';
import { optionText, operands, hasFlag, optionValues } from './commands.js';
import type { Invocation } from './commands.js';
import { literal, pathText, streamOfWords, unionTaints } from './model.js';
import type { Stream, Word } from './model.js';
import { networkSend } from './network.js';

export interface Site {
  line: number;
  column: number;
  /** The command as written, clipped. */
  text: string;
  /** The name of the program run, as written after wrappers (`$cmd` in `sudo $cmd -x`). */
  nameText: string;
}

export const SHELLS = /^(?:sh|bash|zsh|dash|ksh|ash|mksh|yash|fish)$/;
export const INTERPRETERS = /^(?:python[0-9.]*|perl|ruby|node|nodejs|php)$/;
const STDIN_PATHS = new Set(['-', '/dev/stdin', '/dev/fd/0']);
// The option that passes program text to each interpreter.
const CODE_FLAGS: Record<string, readonly string[]> = {
  python: ['-c'], perl: ['-e', '-E'], ruby: ['-e'], node: ['-e', '--eval', '-p', '--print'], nodejs: ['-e', '--eval', '-p', '--print'], php: ['-r'],
};

type Fact = Omit<CallFact, 'line' | 'column' | 'text'>;

function fact(op: CallOp, callee: string, words: readonly Word[], extra: Partial<Fact> = {}): Fact {
  const s = streamOfWords(words);
  return { op, callee, constantArgs: s.constant, taints: s.taints, ...extra };
}

function fromStream(op: CallOp, callee: string, stream: Stream): Fact {
  return { op, callee, constantArgs: stream.constant, taints: [...stream.taints] };
}

/** A stream a program reads its script from: a pipe, or a here-document that carries data from elsewhere. */
function scriptStream(stdin: Stream | null): Stream | null {
  if (!stdin) return null;
  return stdin.via === 'pipe' || (stdin.via === 'doc' && stdin.taints.length > 0) ? stdin : null;
}

interface ShellArgs {
  command: Word | null;
  rest: Word[];
  readsStdin: boolean;
  script: Word | null;
}

/** `sh [-opts] (-c CMD [args] | script [args] | -s)`. */
export function shellArgs(args: readonly Word[]): ShellArgs {
  let cmdMode = false;
  let readsStdin = false;
  let i = 0;
  for (; i < args.length; i++) {
    const o = optionText(args[i]!) ?? (/^\+[a-zA-Z]+$/.test(literal(args[i]!) ?? '') ? literal(args[i]!) : null);
    if (o === null) break;
    if (o === '--') {
      i += 1;
      break;
    }
    if (o.startsWith('--')) {
      if (o === '--rcfile' || o === '--init-file') i += 1;
      continue;
    }
    if (o.slice(1).includes('c')) cmdMode = true;
    if (o.slice(1).includes('s')) readsStdin = true;
    if (/[oO]$/.test(o)) i += 1;
  }
  const ops = args.slice(i);
  if (cmdMode) return { command: ops[0] ?? null, rest: ops.slice(1), readsStdin: false, script: null };
  return { command: null, rest: ops.slice(1), readsStdin, script: readsStdin ? null : (ops[0] ?? null) };
}

function shell(name: string, args: readonly Word[], stdin: Stream | null, xargsInput: Word[]): Fact | null {
  const a = shellArgs(args);
  if (a.command) return fact('system', `${name} -c`, [a.command, ...a.rest, ...xargsInput], { shell: true });
  if (a.script) {
    if (a.script.proc) return fromStream('exec', `${name} <(…)`, a.script.proc);
    if (!STDIN_PATHS.has(literal(a.script) ?? '')) return null;
  }
  const s = scriptStream(stdin);
  return s ? fromStream('exec', name, s) : null;
}

/** The program text option's value for an interpreter (`python -c CODE`, `perl -ne CODE`), if any. */
export function interpreterCode(name: string, args: readonly Word[]): Word | null | undefined {
  const flags = CODE_FLAGS[name.replace(/[0-9.]+$/, '')] ?? [];
  for (let i = 0; i < args.length; i++) {
    const o = optionText(args[i]!);
    if (o === null) return undefined;
    if (flags.includes(o) || (!o.startsWith('--') && flags.some((f) => f.length === 2 && o.endsWith(f[1]!)))) return args[i + 1] ?? null;
    if (o === '-m' || o === '-') return undefined;
  }
  return undefined;
}

function interpreter(name: string, args: readonly Word[], stdin: Stream | null): Fact | null {
  const code = interpreterCode(name, args);
  if (code) return code.constant ? null : fact('exec', `${name} -c`, [code]);
  if (code === null) return null;
  if (args.some((a) => literal(a) === '-m')) return null;
  const script = operands(args, ['-W', '-X', '-r', '--require', '-I', '-M'])[0];
  if (script?.proc) return fromStream('exec', `${name} <(…)`, script.proc);
  if (script && !STDIN_PATHS.has(literal(script) ?? '')) return null;
  const s = scriptStream(stdin);
  return s ? fromStream('exec', name, s) : null;
}

function source(args: readonly Word[], stdin: Stream | null): Fact | null {
  const file = args[0];
  if (!file) return null;
  if (file.proc) return fromStream('exec', 'source', file.proc);
  if (STDIN_PATHS.has(literal(file) ?? '')) return fromStream('exec', 'source', stdin ?? { taints: [], constant: false });
  return null;
}

function sql(name: string, args: readonly Word[], stdin: Stream | null): Fact | null {
  let text: Word[];
  if (name === 'sqlite3') {
    text = [...operands(args, ['-cmd', '-separator', '-nullvalue', '-newline', '-init']).slice(1), ...optionValues(args, ['-cmd'])];
  } else if (name === 'psql') {
    text = optionValues(args, ['-c', '--command']);
  } else {
    text = optionValues(args, ['-e', '--execute']);
  }
  if (text.length > 0) return fact('sql', name, text);
  const s = scriptStream(stdin) ?? (stdin?.via === 'doc' ? stdin : null);
  return s ? fromStream('sql', name, s) : null;
}

function persistence(name: string, args: readonly Word[], stdin: Stream | null): Fact[] {
  const write = (target: string, taints: Taint[], constantArgs: boolean, callee = name): Fact =>
    ({ op: 'persistence_write', callee, constantArgs, taints, target });
  const isPersistent = (w: Word): boolean => classifyPath(pathText(w)) === 'persistence';
  const content = stdin ?? { taints: [], constant: false };
  switch (name) {
    case 'tee':
      return operands(args).filter(isPersistent).map((w) => write(pathText(w), [...content.taints], content.constant));
    case 'crontab': {
      if (hasFlag(args, '-l') || hasFlag(args, '-r') || hasFlag(args, '-e')) return [];
      const file = operands(args, ['-u'])[0];
      if (file && literal(file) !== '-') return [write('crontab', [...file.taints], file.constant)];
      return stdin ? [write('crontab', [...content.taints], content.constant)] : [];
    }
    case 'launchctl': {
      const sub = literal(args[0] ?? { shape: '', constant: true, taints: [], line: 0, column: 0 });
      if (!sub || !/^(?:load|bootstrap|enable|submit)$/.test(sub)) return [];
      const last = operands(args.slice(1), ['-D', '-S'])[0] ?? args[args.length - 1]!;
      return [write(pathText(last) || 'launchctl', streamOfWords(args).taints, args.every((a) => a.constant))];
    }
    case 'systemctl': {
      const ops = operands(args);
      if (literal(ops[0] ?? { shape: '', constant: true, taints: [], line: 0, column: 0 }) !== 'enable' || ops.length < 2) return [];
      return [write(`systemd:${ops.slice(1).map(pathText).join(' ')}`, streamOfWords(args).taints, args.every((a) => a.constant))];
    }
    case 'cp':
    case 'mv':
    case 'install':
    case 'ln': {
      const ops = operands(args, ['-m', '-o', '-g', '-t', '--target-directory', '-S', '--suffix']);
      const dest = optionValues(args, ['-t', '--target-directory'])[0] ?? (ops.length >= 2 ? ops[ops.length - 1] : undefined);
      if (!dest || !isPersistent(dest)) return [];
      return [write(pathText(dest), unionTaints(...ops.map((w) => w.taints)), args.every((a) => a.constant))];
    }
    default:
      return [];
  }
}

/** Every recorded call `inv` makes with `stdin` as its input (`xargsInput`: what xargs appends). */
export function commandSinks(inv: Invocation, stdin: Stream | null, site: Site): Fact[] {
  const { name, args } = inv;
  const xargsInput: Word[] = inv.xargs && stdin ? [{ shape: '\u0001', constant: stdin.constant, taints: stdin.taints, line: site.line, column: site.column }] : [];
  const out: Fact[] = [];
  if (name === null) {
    // `"$@"`, `"$CC" -S …`, `$cmd --version`: an argument vector run directly, no shell parses it.
    out.push(fact('process', site.nameText, [inv.nameWord, ...args, ...xargsInput], { shell: false }));
    return out;
  }
  const all = [...args, ...xargsInput];
  if (name === 'eval') {
    if (all.length > 0) out.push(fact('eval', 'eval', all));
  } else if (name === 'source' || name === '.') {
    const f = source(args, stdin);
    if (f) out.push(f);
  } else if (SHELLS.test(name)) {
    const f = shell(name, args, stdin, xargsInput);
    if (f) out.push(f);
  } else if (INTERPRETERS.test(name)) {
    const f = interpreter(name, args, stdin);
    if (f) out.push(f);
  } else if (name === 'su') {
    const cmd = optionValues(args, ['-c', '--command'])[0];
    if (cmd) out.push(fact('system', 'su -c', [cmd], { shell: true }));
  } else if (name === 'sqlite3' || name === 'psql' || name === 'mysql' || name === 'mariadb') {
    const f = sql(name, all, stdin);
    if (f) out.push(f);
  } else {
    out.push(...persistence(name, all, stdin));
  }
  const send = networkSend({ ...inv, args: all }, stdin, site.line, site.text);
  if (send) {
    out.push({ op: 'network', callee: send.callee, constantArgs: send.constantArgs, taints: send.taints, ...(send.host ? { host: send.host } : {}), authHeaderOnly: send.authHeaderOnly });
    if (name === 'ssh') {
      const remote = operands(args, ['-p', '-i', '-l', '-o', '-F', '-J', '-L', '-R', '-D', '-b', '-c', '-E', '-e', '-m', '-O', '-Q', '-S', '-W', '-w', '-B', '-I']).slice(1);
      if (remote.length > 0 && !remote.every((w) => w.constant)) out.push(fact('system', 'ssh', remote, { shell: true }));
    }
  }
  return out;
}
