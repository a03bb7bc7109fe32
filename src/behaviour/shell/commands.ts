// From a command's words to the command that actually runs: `sudo -u x env A=1 nohup curl …` runs curl.
import { UNKNOWN, literal } from './model.js';
import type { Word } from './model.js';

export interface Invocation {
  /** The program's base name (`curl` for `/usr/bin/curl`), or null when the name is computed. */
  name: string | null;
  nameWord: Word;
  args: Word[];
  /** Run by `xargs`: the wrapper's stdin becomes extra arguments. */
  xargs: boolean;
}

// Wrappers that run their operand, with the options that take a value.
const WRAPPERS: Record<string, readonly string[]> = {
  sudo: ['-u', '-g', '-h', '-p', '-C', '-U', '-r', '-t', '-D', '-R', '-T'],
  doas: ['-u', '-C'],
  nohup: [],
  time: ['-f', '-o'],
  builtin: [],
  command: [],
  exec: ['-a'],
  nice: ['-n'],
  ionice: ['-c', '-n', '-p'],
  setsid: [],
  stdbuf: ['-i', '-o', '-e'],
  timeout: ['-s', '-k', '--signal', '--kill-after'],
  unbuffer: [],
  chronic: [],
  busybox: [],
  caffeinate: ['-t', '-w'],
  xargs: ['-I', '-i', '-n', '-P', '-L', '-l', '-d', '-E', '-e', '-s', '-a', '--max-args', '--max-procs', '--delimiter', '--arg-file', '--replace'],
  env: ['-u', '-C', '-S', '--unset', '--chdir', '--split-string'],
};

/** The literal text of an option word, or null for operands and computed words. */
export function optionText(w: Word): string | null {
  const s = literal(w);
  return s !== null && s.length > 1 && s.startsWith('-') ? s : null;
}

export function baseName(path: string): string {
  const i = path.lastIndexOf('/');
  return i >= 0 ? path.slice(i + 1) : path;
}

/** Operands of `args`: words that are neither options nor the values of `valued` options. */
export function operands(args: readonly Word[], valued: readonly string[] = []): Word[] {
  const out: Word[] = [];
  let endOfOptions = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const opt = endOfOptions ? null : optionText(w);
    if (opt === '--') {
      endOfOptions = true;
      continue;
    }
    if (opt === null) out.push(w);
    else if (valued.includes(opt)) i += 1;
  }
  return out;
}

/** The value of option `names` (`-X v`, `-Xv`, `--long=v`, `--long v`), one entry per occurrence. */
export function optionValues(args: readonly Word[], names: readonly string[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const opt = optionText(args[i]!);
    if (opt === null) continue;
    for (const n of names) {
      if (opt === n && i + 1 < args.length) out.push(args[++i]!);
      else if (n.startsWith('--') && opt.startsWith(`${n}=`)) out.push(suffix(args[i]!, n.length + 1));
      else if (!n.startsWith('--') && n.length === 2 && opt.length > 2 && opt.startsWith(n) && !opt.startsWith('--')) out.push(suffix(args[i]!, 2));
      else continue;
      break;
    }
  }
  return out;
}

/** True when a flag is present, alone, in a short-option cluster (`-qO-` holds `-q`), or as `--long`. */
export function hasFlag(args: readonly Word[], short: string, long?: string): boolean {
  return args.some((w) => {
    const o = optionText(w);
    if (o === null) return false;
    if (long !== undefined && (o === long || o.startsWith(`${long}=`))) return true;
    return !o.startsWith('--') && o.slice(1).includes(short.slice(1));
  });
}

/** A word with its first `n` characters removed (`--data=@f` → `@f`), keeping taints. */
export function suffix(w: Word, n: number): Word {
  return { ...w, shape: w.shape.slice(n) };
}

/** The program's base name; `"$SCRIPT_DIR/run.sh"` names run.sh, only a computed base name is unknown. */
function named(nameWord: Word, args: Word[], xargs: boolean): Invocation {
  const base = baseName(nameWord.shape);
  return { name: base === '' || base.includes(UNKNOWN) ? null : base, nameWord, args, xargs };
}

/** Unwraps `sudo`, `env`, `nohup`, `timeout`, `xargs`, `command`, `exec`, … to the program they run. */
export function resolveInvocation(argv: readonly Word[]): Invocation {
  let words = argv;
  let xargs = false;
  for (let depth = 0; depth < 8 && words.length > 0; depth++) {
    const inv = named(words[0]!, words.slice(1), xargs);
    const valued = inv.name === null ? undefined : WRAPPERS[inv.name];
    if (valued === undefined) return inv;
    // `command -v x` and `exec` without a command only look a name up or move file descriptors.
    if (inv.name === 'command' && inv.args.some((a) => /^-[vV]/.test(literal(a) ?? ''))) return inv;
    let i = 0;
    while (i < inv.args.length) {
      const a = inv.args[i]!;
      const opt = optionText(a);
      if (opt !== null) {
        if (opt === '--') {
          i += 1;
          break;
        }
        i += valued.includes(opt) ? 2 : 1;
      } else if (inv.name === 'env' && /^[A-Za-z_]\w*=/.test(a.shape)) {
        // `env NAME="$value" prog`: an assignment whatever its value.
        i += 1;
      } else break;
    }
    // timeout's first operand is the duration.
    if (inv.name === 'timeout' && i < inv.args.length) i += 1;
    if (i >= inv.args.length) return inv;
    xargs ||= inv.name === 'xargs';
    words = inv.args.slice(i);
  }
  return named(words[0] ?? { shape: UNKNOWN, constant: false, taints: [], line: 0, column: 0 }, words.slice(1), xargs);
}

/** The commands `find … -exec CMD … ;` runs (`{}` stands for found file names). */
export function findExecs(args: readonly Word[]): Word[][] {
  const out: Word[][] = [];
  for (let i = 0; i < args.length; i++) {
    if (!/^-(?:exec|execdir|ok|okdir)$/.test(literal(args[i]!) ?? '')) continue;
    const cmd: Word[] = [];
    for (i += 1; i < args.length; i++) {
      const lit = literal(args[i]!);
      if (lit === ';' || lit === '+') break;
      cmd.push(args[i]!);
    }
    if (cmd.length > 0) out.push(cmd);
  }
  return out;
}
