// What a command prints: the sources it reads (files, the environment, the network, decoders) and
// whether its stdin flows through to its stdout (filters) or is read as its input by default.
import { classifyPath, isSecretEnvName } from '../paths.js';
import type { Taint } from '../facts.js';
import { hasFlag, operands, optionValues } from './commands.js';
import type { Invocation } from './commands.js';
import { addTaints, literal, pathText, streamOfWords, taint, throughVariable } from './model.js';
import type { Stream, Word } from './model.js';
import type { ShellFunction } from './scope.js';

export interface Output {
  /** What the command prints, not counting its stdin. */
  out: Stream;
  /** Stdin flows through to stdout (filters, and any program we do not know, as a conservative default). */
  passes: boolean;
  /** Without file operands the command reads stdin as its input (`cat`, `base64 -d`, `jq .`). */
  readsStdin: boolean;
}

// Programs whose operands are all files they print or transform, with their valued options.
const FILE_READERS: Record<string, readonly string[]> = {
  cat: [], tac: [], head: ['-n', '-c'], tail: ['-n', '-c'], less: [], more: [], nl: [], base64: ['-w', '-b'],
  base32: ['-w'], basenc: ['-w'], xxd: ['-c', '-l', '-s', '-g'], od: ['-t', '-N', '-j', '-A'], hexdump: ['-n', '-s', '-e'],
  strings: ['-n'], zcat: [], bzcat: [], xzcat: [], gunzip: [], gzip: [], bunzip2: [], xz: [], unxz: [], sort: ['-k', '-t', '-o'],
  uniq: [], cut: ['-d', '-f', '-c', '-b'], iconv: ['-f', '-t'], fold: ['-w'], rev: [], paste: ['-d'], column: ['-t', '-s'],
  tee: [], gpg: ['-r', '--recipient', '-o', '--output', '-u'], uudecode: [],
  zip: [], tar: ['-C', '--directory'],
};
// Programs whose first operand is a script or pattern and the rest are files.
const SCRIPTED_READERS: Record<string, readonly string[]> = {
  grep: ['-e', '-f', '-m', '-A', '-B', '-C'], egrep: ['-e', '-f', '-m'], fgrep: ['-e', '-f'], rg: ['-e', '-g', '-t', '-m'],
  sed: ['-e', '-f'], awk: ['-F', '-v', '-f'], gawk: ['-F', '-v', '-f'], jq: ['--arg', '--argjson', '-L'], yq: [],
};
// Programs that print nothing derived from their inputs' contents (digests, counts, file-system actions).
const OPAQUE = new Set([
  'wc', 'md5sum', 'sha1sum', 'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum', 'shasum', 'cksum', 'b2sum', 'md5', 'test', '[',
  'true', 'false', ':', 'mkdir', 'rm', 'rmdir', 'touch', 'chmod', 'chown', 'cd', 'ln', 'cp', 'mv', 'install', 'sleep', 'kill',
  'which', 'type', 'command', 'hash', 'ls', 'pwd', 'date', 'whoami', 'id', 'uname', 'hostname', 'mktemp', 'seq', 'uuidgen',
  'tput', 'stat', 'du', 'df', 'ps', 'read', 'wait', 'exit', 'return', 'shift', 'set', 'unset', 'trap', 'umask', 'ulimit',
  'pushd', 'popd', 'source', '.', 'getopts', 'mapfile', 'readarray', 'printenv', 'env', 'export', 'local', 'declare', 'sync',
]);
const PATH_TOOLS = new Set(['dirname', 'basename', 'realpath', 'readlink']);
// Filters whose operands are not files but text they transform into their output (`tr a-z A-Z`).
const ARGUMENT_FILTERS = new Set(['tr', 'envsubst', 'xargs']);
const NETWORK_OUTPUT = new Set(['nc', 'ncat', 'netcat', 'socat', 'telnet', 'ssh']);
const TRANSCRIPT_FIELD = /\btranscript_path\b/i;

/** The source a read of `path` is: credential store, conversation store, environment, or a plain file. */
export function fileSource(path: Word, line: number, text: string): Taint | null {
  if (path.conversationPath) return taint('conversation', line, text);
  const p = pathText(path);
  if (p === '' || p === '-' || p.startsWith('/dev/std') || p.startsWith('/dev/null')) return null;
  if (/^\/proc\/[^/]+\/environ$/.test(p)) return taint('env', line, text);
  const cls = classifyPath(p);
  if (cls === 'credential') return taint('credential_file', line, text);
  if (cls === 'conversation') return taint('conversation', line, text);
  return taint('file_read', line, text);
}

const ESCAPE = /\\(?:x[0-9a-fA-F]{1,2}|[0-7]{3}|u[0-9a-fA-F]{4})/g;
const TERMINAL_ESCAPE = /^\\(?:x1[bB]|033|u001[bB])$/;

/** True when a string is mostly built from character escapes (`\x63\x75\x72\x6c`), not colour codes. */
export function escapeBuilt(s: string): boolean {
  let n = 0;
  for (const m of s.matchAll(ESCAPE)) {
    if (!TERMINAL_ESCAPE.test(m[0]) && ++n >= 4) return true;
  }
  return false;
}

function isDecoder(name: string, args: readonly Word[]): boolean {
  switch (name) {
    case 'base64':
    case 'base32':
    case 'basenc':
      return hasFlag(args, '-d', '--decode') || hasFlag(args, '-D');
    case 'xxd':
      return hasFlag(args, '-r', '--revert');
    case 'openssl':
      return /^(?:enc|base64)$/.test(literal(args[0] ?? EMPTY_WORD) ?? '') && args.some((a) => literal(a) === '-d');
    case 'rev':
    case 'gunzip':
    case 'zcat':
    case 'bzcat':
    case 'bunzip2':
    case 'unxz':
    case 'xzcat':
    case 'uudecode':
      return true;
    case 'gzip':
    case 'xz':
    case 'bzip2':
      return hasFlag(args, '-d', '--decompress');
    case 'tr':
      return args.some((a) => /^['"]?(?:n-za-m|N-ZA-M)/.test(literal(a) ?? ''));
    default:
      return false;
  }
}

const EMPTY_WORD: Word = { shape: '', constant: true, taints: [], line: 0, column: 0 };

function withoutEnv(words: readonly Word[]): Stream {
  const s = streamOfWords(words);
  return { ...s, taints: s.taints.filter((t) => t.kind !== 'env') };
}

/** True when curl/wget print the response on stdout rather than into a file. */
export function printsResponse(name: string, args: readonly Word[]): boolean {
  if (name === 'curl') {
    const out = optionValues(args, ['-o', '--output']);
    if (out.length > 0) return out.some((w) => literal(w) === '-');
    return !hasFlag(args, '-O', '--remote-name') && !args.some((a) => literal(a) === '--remote-name-all');
  }
  // wget: `-O -`, `-qO-`, `--output-document=-`.
  return args.some((w, i) => {
    const o = literal(w);
    if (o === null || !o.startsWith('-')) return false;
    let value: string | null;
    if (o.startsWith('--output-document')) value = o.includes('=') ? o.slice(o.indexOf('=') + 1) : literal(args[i + 1] ?? EMPTY_WORD);
    else if (!o.startsWith('--') && o.includes('O')) value = o.slice(o.indexOf('O') + 1) || literal(args[i + 1] ?? EMPTY_WORD);
    else return false;
    return value === '-' || value === '/dev/stdout';
  });
}

/** What `inv` prints; `fn` is the file-defined function of that name, if any. */
export function commandOutput(inv: Invocation, line: number, text: string, fn: ShellFunction | undefined): Output {
  const { name, args } = inv;
  const silent: Output = { out: { taints: [], constant: true }, passes: false, readsStdin: false };
  // A program's output is its own data, not its arguments: `$(az quota list --location "$2")` is not user input.
  if (name === null) return { out: { taints: [], constant: streamOfWords([inv.nameWord, ...args]).constant }, passes: true, readsStdin: false };
  if (fn) return { out: { taints: throughVariable(fn.out.taints), constant: fn.out.constant }, passes: true, readsStdin: false };
  if (name === 'curl' || name === 'wget') {
    return printsResponse(name, args) ? { out: { taints: [taint('network_input', line, text)], constant: false }, passes: false, readsStdin: false } : silent;
  }
  if (NETWORK_OUTPUT.has(name) || (name === 'openssl' && literal(args[0] ?? EMPTY_WORD) === 's_client')) {
    return { out: { taints: [taint('network_input', line, text)], constant: false }, passes: false, readsStdin: false };
  }
  if (name === 'echo' || name === 'printf') {
    const out = streamOfWords(args);
    if (args.some((a) => escapeBuilt(literal(a) ?? ''))) addTaints(out.taints, [taint('decoded', line, text)]);
    return { out, passes: false, readsStdin: false };
  }
  if (envDump(name, args)) return { out: { taints: [taint('env', line, text)], constant: false }, passes: false, readsStdin: false };
  if (OPAQUE.has(name)) return silent;
  if (PATH_TOOLS.has(name)) return { out: withoutEnv(args), passes: false, readsStdin: false };
  const fileValued = FILE_READERS[name];
  const scriptValued = SCRIPTED_READERS[name];
  if (fileValued === undefined && scriptValued === undefined) {
    const decoded = isDecoder(name, args);
    const transforms = ARGUMENT_FILTERS.has(name) || (name === 'openssl' && /^(?:enc|base64)$/.test(literal(args[0] ?? EMPTY_WORD) ?? ''));
    const out = transforms ? withoutEnv(args) : { taints: [], constant: streamOfWords(args).constant };
    if (decoded) addTaints(out.taints, [taint('decoded', line, text)]);
    // Stdin still flows through any program (`… | tool | sh`): what it prints may be what it read.
    return { out, passes: true, readsStdin: decoded };
  }
  const ops = operands(args, fileValued ?? scriptValued);
  const files = scriptValued !== undefined ? ops.slice(1) : name === 'tar' ? tarInputs(args, ops) : ops;
  const taints: Taint[] = [];
  for (const f of files) {
    const t = literal(f) === '-' ? null : fileSource(f, line, text);
    if (t) addTaints(taints, [t]);
  }
  if (isDecoder(name, args)) addTaints(taints, [taint('decoded', line, text)]);
  if (scriptValued !== undefined && ops[0]) addTaints(taints, ops[0].taints.filter((t) => t.kind !== 'env'));
  const readsStdin = files.length === 0 || files.some((f) => literal(f) === '-');
  const out: Stream = { taints, constant: taints.length === 0 && args.every((a) => a.constant) };
  // `jq -r .transcript_path`, `grep -o '"transcript_path":…'`: the hook payload's pointer to the conversation log.
  if (scriptValued !== undefined && TRANSCRIPT_FIELD.test(ops[0]?.shape ?? '')) out.conversationPath = true;
  return { out, passes: readsStdin, readsStdin };
}

/** The files `tar` reads: operands after an old-style mode word (`czf`), less the archive named by `f`. */
function tarInputs(args: readonly Word[], ops: Word[]): Word[] {
  const mode = literal(args[0] ?? EMPTY_WORD) ?? '';
  if (!/^-?[A-Za-z]+$/.test(mode)) return ops;
  const rest = ops[0] === args[0] ? ops.slice(1) : ops;
  return mode.includes('f') ? rest.slice(1) : rest;
}

/** `env`, `printenv`, `set`, `export -p`, `declare -p`: the environment (or a secret variable) printed. */
function envDump(name: string, args: readonly Word[]): boolean {
  switch (name) {
    case 'env':
      return operands(args, ['-u', '-C']).length === 0;
    case 'printenv': {
      const names = operands(args);
      return names.length === 0 || names.some((n) => { const l = literal(n); return l === null || isSecretEnvName(l); });
    }
    case 'set':
      return args.length === 0;
    case 'export':
    case 'declare':
    case 'typeset':
      return args.length === 1 && /^-[px]+$/.test(literal(args[0]!) ?? '');
    case 'compgen':
      return hasFlag(args, '-e') || hasFlag(args, '-v');
    default:
      return false;
  }
}
