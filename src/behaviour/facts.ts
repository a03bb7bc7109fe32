// What behavioural analysis knows about one code file, in language-neutral terms. One extractor per
// language (python/, javascript/, shell/) walks the syntax tree and fills this in; the AST and TT rules
// (src/rules/behaviour) only read it, so every rule covers every language the extractors understand.
import type { CodeLanguage } from './parser.js';

/** Where untrusted or sensitive data comes from. */
export type SourceKind =
  /** A secret-looking environment variable (`API_KEY`, `*_TOKEN`, …), a dynamic name, or the whole environment. */
  | 'env'
  /** A read of a credential store: `~/.ssh`, `~/.aws`, `.env`, `.netrc`, keychains, browser or wallet stores, `*.pem`. */
  | 'credential_file'
  /** Any other file read (`open().read()`, `fs.readFileSync`, `cat file`). */
  | 'file_read'
  /** Command-line, interactive or piped input: argv, `input()`, stdin, `read`, `$1`/`$@`. */
  | 'user_input'
  /** Agent conversation or tool text: transcripts, hook payloads, `$ARGUMENTS`, tool-input variables. */
  | 'conversation'
  /** Data received from the network: HTTP response bodies, socket reads, `curl`/`wget` output. */
  | 'network_input'
  /** The result of decoding: base64/hex/zlib/rot13, `atob`, `Buffer.from(x, 'base64')`, `base64 -d`. */
  | 'decoded'
  /** A module loaded by a computed name (`__import__(x)`, `require(x)`, `import(x)`). */
  | 'dynamic_import';

export interface Taint {
  kind: SourceKind;
  /** 1-based line of the source expression. */
  line: number;
  /** The source expression as written, at most 120 characters. */
  text: string;
  /** True when the value reached the sink through at least one variable, parameter, return or container. */
  viaVariable: boolean;
}

/** What a resolved call (or shell command) does that the rules care about. */
export type CallOp =
  /** Runs code from a string: Python `exec`, JS `Function`/`new Function`/`vm.runIn*`/`vm.Script`, shell `source <(…)`. */
  | 'exec'
  /** Evaluates a string: Python/JS `eval`, shell `eval`. */
  | 'eval'
  /** Compiles code from a string: Python `compile`, JS `vm.compileFunction`/`new vm.Script`. */
  | 'compile'
  /** Imports a module by a computed name: `__import__`, `importlib.import_module`, `require(x)`, `import(x)`. */
  | 'dynamic_import'
  /** Starts a process from an argument list: `subprocess` calls without a shell, `child_process.spawn/execFile/fork`. */
  | 'process'
  /** Runs a shell command string: `os.system`, `os.popen`, `os.exec*`, `os.spawn*`, `shell=True`, `child_process.exec[Sync]`, `sh -c`, `bash -c`. */
  | 'system'
  /** Sends data over the network: HTTP clients, sockets, `fetch`, `curl`/`wget` with data, `nc`. */
  | 'network'
  /** Writes a file in a startup or agent-config location: cron, launchd, systemd, shell rc files, agent settings. */
  | 'persistence_write'
  /** Executes an SQL string: `cursor.execute`, `db.query`, `sqlite3 db "…"`. */
  | 'sql'
  /** Deserialises data in a way that can run code: pickle/marshal/dill/unsafe yaml/torch.load, `node-serialize`. */
  | 'deserialize';

export interface CallFact {
  op: CallOp;
  /** Canonical name after import/alias resolution: `os.system`, `subprocess.run`, `child_process.exec`, `eval`, `curl`. */
  callee: string;
  line: number;
  /** 0-based column of the call start. */
  column: number;
  /** The call as written, at most 160 characters. */
  text: string;
  /** True when every argument that carries data is a literal (string, number, list/tuple of literals). */
  constantArgs: boolean;
  /** For `process`/`system`: a shell interprets the command (`shell=True`, `{shell: true}`, `exec`, `sh -c`). */
  shell?: boolean;
  /** For `deserialize`: false when the call is the safe form (SafeLoader, `weights_only=True`); only unsafe ones are reported. */
  unsafe?: boolean;
  /** For `network`: the destination host when the URL is a constant (or built from a constant prefix). */
  host?: string;
  /** For `network`: every tainted value reaches the call only as an authentication header value (`Authorization`, `X-Api-Key`, …). */
  authHeaderOnly?: boolean;
  /** For `persistence_write`: the location written (`~/.bashrc`, `crontab`, `~/Library/LaunchAgents`, …). */
  target?: string;
  /** Sources whose data reaches the call's arguments (deduplicated by kind and line). */
  taints: Taint[];
}

/** Attribute or member access by a name: `getattr(os, name)`, `obj['ev' + 'al']`, `globalThis[x]`, `${!name}`. */
export interface ReflectiveFact {
  line: number;
  column: number;
  text: string;
  /** The constant name when the extractor could fold it (literals, simple concatenation), else null. */
  name: string | null;
  /** True when `name` is a dangerous capability (`exec`, `eval`, `system`, `popen`, `__import__`, `spawn`, `Function`, …). */
  dangerous: boolean;
}

/** Patterns that are behaviour as a whole rather than a single flow. */
export interface PatternFact {
  kind:
    /** A socket/connection whose streams are wired to a shell (`dup2` + `/bin/sh`, `bash -i >& /dev/tcp`, `nc -e`). */
    | 'reverse_shell'
    /** A loop with no exit (no break/return/exit/raise) whose body spawns processes, forks or keeps allocating. */
    | 'runaway_loop';
  /** The sink line: where the shell is spawned, or where the loop body spawns/forks/allocates. */
  line: number;
  column: number;
  text: string;
  /** The other end: the connect/socket line, or the loop header line. */
  sourceLine: number;
  sourceText: string;
}

export interface BehaviourFacts {
  language: CodeLanguage;
  calls: CallFact[];
  reflective: ReflectiveFact[];
  patterns: PatternFact[];
}

/** The capability names AST9 treats as dangerous when reached by reflection. */
export const DANGEROUS_NAMES: ReadonlySet<string> = new Set([
  'exec', 'eval', 'system', 'popen', '__import__', 'compile', 'spawn', 'spawnSync', 'execSync', 'execFile',
  'execFileSync', 'execv', 'execve', 'execvp', 'execl', 'execlp', 'spawnv', 'spawnl', 'posix_spawn', 'Function',
  'import_module', 'getoutput', 'getstatusoutput', 'check_output', 'Popen', 'runInNewContext', 'runInThisContext',
  'runInContext', 'require',
]);

/** Clips an expression's text for evidence. */
export function clip(text: string, max = 120): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, max - 1)}…`;
}
