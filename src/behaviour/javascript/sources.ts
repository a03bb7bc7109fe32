// Where tainted data enters: environment reads, argv/stdin, file reads (classified by path), decoders,
// network responses and computed imports. Paths are canonical (resolve.ts), so aliases are covered.
import type { SourceKind } from '../facts.js';
import { classifyPath, isConversationEnvName, isSecretEnvName } from '../paths.js';
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import { constString, pathHint } from './constants.js';
import type { Scope } from './model.js';
import { isNetworkPath } from './ops.js';
import { unwrap, kids } from './syntax.js';

const ENV_OBJECTS: ReadonlySet<string> = new Set(['process.env', 'Bun.env', 'Deno.env.toObject()', 'import.meta.env']);

/** True for the environment object itself, whose member reads are judged by name. */
export function isEnvObject(path: string | null): boolean {
  return path !== null && ENV_OBJECTS.has(path);
}

/** The source kind of an environment variable name, or null for ordinary names (HOME, PATH, *_URL). */
export function envKind(name: string): SourceKind | null {
  if (isConversationEnvName(name)) return 'conversation';
  return isSecretEnvName(name) ? 'env' : null;
}

/** The source a canonical path is by itself (`process.env.API_KEY`, `process.argv`, `process.stdin`). */
export function pathSource(path: string): SourceKind | null {
  if (ENV_OBJECTS.has(path)) return 'env';
  for (const env of ENV_OBJECTS) {
    if (path.startsWith(`${env}.`)) return envKind(path.slice(env.length + 1));
  }
  if (/^(?:process\.argv|Deno\.args|process\.stdin)(?:\.|$)/.test(path)) return 'user_input';
  return null;
}

const READS = /^(?:fs|fs\.promises)\.(?:readFile|readFileSync|createReadStream|readJson|readJsonSync|readJSON)$|^Deno\.(?:readTextFile|readTextFileSync|readFile|readFileSync)$|^Bun\.file$/;
const DECODERS = /^(?:atob|zlib\.(?:inflateSync|inflateRawSync|gunzipSync|unzipSync|brotliDecompressSync|inflate|gunzip|unzip|inflateRaw|brotliDecompress)|base64-js\.toByteArray|js-base64\.(?:decode|Base64\.decode))$/;

/** What calling `path` returns, when that is a source (`fs.readFileSync('~/.ssh/id_rsa')`, `atob(x)`, `fetch(u)`). */
export function callSource(path: string, args: SyntaxNode[], scope: Scope, isNew: boolean): SourceKind | null {
  if (READS.test(path)) return fileKind(args[0], scope);
  if (DECODERS.test(path)) return 'decoded';
  if (path === 'Buffer.from' && args[1]) return /^(?:base64|base64url|hex)$/i.test(constString(args[1], scope) ?? '') ? 'decoded' : null;
  if (path === 'String.fromCharCode' && charCodes(args, scope)) return 'decoded';
  if (path === 'Deno.env.get') {
    const name = constString(args[0], scope);
    return name === null ? 'env' : envKind(name);
  }
  if (/^(?:prompt|readline\.createInterface|readline\.question|readline-sync\.\w+)$/.test(path)) return 'user_input';
  if (!isNew || /^(?:WebSocket|ws)$/.test(path)) {
    if (isNetworkPath(path) && !/\.(?:write|end|send)$/.test(path)) return 'network_input';
  }
  return null;
}

/** The kind of a file read from its path expression. */
export function fileKind(pathArg: SyntaxNode | undefined, scope: Scope): SourceKind {
  if (!pathArg) return 'file_read';
  const n = unwrap(pathArg);
  if (n.type === 'number' && n.text === '0') return 'user_input';
  return pathKind(pathHint(pathArg, scope));
}

/** The kind of a file read from the rendering of its path (`pathHint`). */
export function pathKind(hint: string): SourceKind {
  if (hint === '/dev/stdin') return 'user_input';
  const cls = classifyPath(hint);
  if (cls === 'credential') return 'credential_file';
  if (cls === 'conversation') return 'conversation';
  return 'file_read';
}

// `String.fromCharCode(104, 105, …)` or `String.fromCharCode(...[104, 105, …])` with enough constant codes
// to spell a word: hiding a string, not formatting one character.
function charCodes(args: SyntaxNode[], scope: Scope): boolean {
  let list = args;
  const first = args[0] ? unwrap(args[0]) : null;
  if (args.length === 1 && first?.type === 'spread_element') {
    const arr = first.firstNamedChild ? unwrap(first.firstNamedChild) : null;
    if (arr?.type !== 'array') return false;
    list = kids(arr);
  }
  return list.length >= 4 && list.every((a) => unwrap(a).type === 'number' || constString(a, scope) !== null);
}

/** Event names whose callback receives the emitter's data (`sock.on('data', d => …)`). */
export const DATA_EVENTS = /^(?:data|line|message|response|readable)$/;
