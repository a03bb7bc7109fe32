// Network commands: where they connect (host) and which values they send (taints), with the
// authentication-header calibration (a token sent only as `Authorization:` is how APIs are called).
import type { Taint } from '../facts.js';
import { operands } from './commands.js';
import type { Invocation } from './commands.js';
import { UNKNOWN, addTaints, literal } from './model.js';
import type { Stream, Word } from './model.js';
import { fileSource } from './outputs.js';
import { isAuthHeaderLine, urlHostOf } from '../http.js';

export interface NetworkSend {
  callee: string;
  host?: string;
  taints: Taint[];
  authHeaderOnly: boolean;
  constantArgs: boolean;
}

interface ParsedOption {
  opt: string;
  value: Word | null;
}

/** Splits curl/wget-style arguments into options (short clusters like `-fsSLo f` included) and operands. */
function parseOptions(args: readonly Word[], shortValued: string, longValued: ReadonlySet<string>): { options: ParsedOption[]; operands: Word[] } {
  const options: ParsedOption[] = [];
  const rest: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const s = literal(w) ?? (w.shape.startsWith('-') ? w.shape : null);
    if (s === null || s.length < 2 || !s.startsWith('-')) {
      rest.push(w);
    } else if (s.startsWith('--')) {
      const eq = s.indexOf('=');
      if (eq > 0) options.push({ opt: s.slice(0, eq), value: { ...w, shape: w.shape.slice(eq + 1) } });
      else if (longValued.has(s)) options.push({ opt: s, value: args[++i] ?? null });
      else options.push({ opt: s, value: null });
    } else {
      for (let k = 1; k < s.length; k++) {
        const c = s[k]!;
        if (!shortValued.includes(c)) {
          options.push({ opt: `-${c}`, value: null });
          continue;
        }
        const attached = s.slice(k + 1);
        options.push({ opt: `-${c}`, value: attached !== '' ? { ...w, shape: w.shape.slice(k + 1) } : (args[++i] ?? null) });
        break;
      }
    }
  }
  return { options, operands: rest };
}

/** The host of a URL whose scheme and host are constant (`https://api.github.com/$PATH` → api.github.com). */
export function hostOfUrl(shape: string): string | undefined {
  const url = urlHostOf(shape);
  return url && url.followedBy !== 'unknown' ? url.host : undefined;
}

function bareHost(shape: string): string | undefined {
  const m = /^(?:[^@/\s\u0001]+@)?((?:[a-z0-9-]+\.)+[a-z]{2,}|\d{1,3}(?:\.\d{1,3}){3})(?=$|[:/])/i.exec(shape);
  return m ? m[1]!.toLowerCase() : undefined;
}

const CURL_SHORT_VALUED = 'dFHouXTAebcxmwKrEUyYzCQ';
const CURL_LONG_VALUED = new Set([
  '--data', '--data-raw', '--data-binary', '--data-urlencode', '--data-ascii', '--json', '--form', '--form-string', '--header',
  '--output', '--user', '--request', '--upload-file', '--user-agent', '--referer', '--cookie', '--cookie-jar', '--proxy',
  '--max-time', '--connect-timeout', '--write-out', '--retry', '--config', '--cacert', '--cert', '--key', '--range',
  '--resolve', '--url', '--oauth2-bearer', '--proxy-user', '--dump-header', '--variable', '--output-dir', '--retry-delay',
  '--retry-max-time', '--limit-rate', '--max-filesize', '--interface', '--data-urlencode', '--aws-sigv4', '--unix-socket',
]);
const CURL_DATA = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-urlencode', '--data-ascii', '--json', '-F', '--form', '--form-string', '-T', '--upload-file']);
const CURL_AUTH = new Set(['-u', '--user', '--oauth2-bearer', '-U', '--proxy-user']);
const CURL_SENT = new Set([...CURL_DATA, ...CURL_AUTH, '-H', '--header', '-b', '--cookie', '-e', '--referer', '-A', '--user-agent', '--url']);

interface Collector {
  taints: Taint[];
  authOnly: boolean;
}

function collect(c: Collector, taints: readonly Taint[], auth: boolean): void {
  if (taints.length === 0) return;
  addTaints(c.taints, taints);
  if (!auth) c.authOnly = false;
}

/** The file a curl data value makes curl read (`@file`, `name=@file`, `name=<file`), or `-` for stdin. */
function curlFile(opt: string, value: Word): Word | null {
  const at = (n: number): Word => ({ ...value, shape: value.shape.slice(n).replace(/;.*$/, '') });
  const s = value.shape;
  if (opt === '-T' || opt === '--upload-file') return value;
  if (opt === '-F' || opt === '--form') {
    const m = /^[^=\u0001]*=[@<]/.exec(s);
    return m ? at(m[0].length) : null;
  }
  if (opt === '--data-urlencode') {
    const m = /^[^=@\u0001]*@/.exec(s);
    return m ? at(m[0].length) : null;
  }
  return opt !== '--data-raw' && s.startsWith('@') ? at(1) : null;
}

/**
 * A file a command uploads, judged by what its path names. A computed path (`@"$f"`) is usually the user's
 * own artefact (a build tarball, a chosen document) and is not counted as a file read: uploading it to a
 * deploy service is what such skills do. Constant paths, credential and conversation files still count.
 */
function uploadedFile(path: Word, line: number, text: string): Taint | null {
  return fileSource(path, line, text);
}

function curl(args: readonly Word[], stdin: Stream | null, line: number, text: string): NetworkSend {
  const { options, operands: urls } = parseOptions(args, CURL_SHORT_VALUED, CURL_LONG_VALUED);
  const c: Collector = { taints: [], authOnly: true };
  let host: string | undefined;
  const urlWords = [...urls, ...options.filter((o) => o.opt === '--url' && o.value).map((o) => o.value!)];
  for (const u of urlWords) {
    host ??= hostOfUrl(u.shape) ?? bareHost(u.shape);
    collect(c, u.taints, false);
  }
  for (const { opt, value } of options) {
    if (!value || !CURL_SENT.has(opt) || opt === '--url') continue;
    const auth = CURL_AUTH.has(opt) || ((opt === '-H' || opt === '--header') && isAuthHeaderLine(value.shape));
    collect(c, value.taints, auth);
    const file = CURL_DATA.has(opt) ? curlFile(opt, value) : null;
    if (!file) continue;
    const path = literal(file);
    if (path === '-' || path === '.') collect(c, stdin?.taints ?? [], false);
    else {
      const t = uploadedFile(file, line, text);
      if (t) collect(c, [t], false);
    }
  }
  return { callee: 'curl', host, taints: c.taints, authHeaderOnly: c.taints.length > 0 && c.authOnly, constantArgs: args.every((a) => a.constant) };
}

const WGET_LONG_VALUED = new Set([
  '--output-document', '--output-file', '--directory-prefix', '--header', '--post-data', '--post-file', '--body-data',
  '--body-file', '--method', '--user', '--password', '--http-user', '--http-password', '--user-agent', '--tries', '--timeout',
  '--execute', '--input-file', '--load-cookies', '--save-cookies', '--referer',
]);

function wget(args: readonly Word[], stdin: Stream | null, line: number, text: string): NetworkSend {
  const { options, operands: urls } = parseOptions(args, 'OoPUtTeiaDlQ', WGET_LONG_VALUED);
  const c: Collector = { taints: [], authOnly: true };
  let host: string | undefined;
  for (const u of urls) {
    host ??= hostOfUrl(u.shape) ?? bareHost(u.shape);
    collect(c, u.taints, false);
  }
  for (const { opt, value } of options) {
    if (!value) continue;
    if (opt === '--post-data' || opt === '--body-data' || opt === '--referer' || opt === '-U' || opt === '--user-agent') collect(c, value.taints, false);
    else if (opt === '--header') collect(c, value.taints, isAuthHeaderLine(value.shape));
    else if (/^--(?:http-)?(?:user|password)$/.test(opt)) collect(c, value.taints, true);
    else if (opt === '--post-file' || opt === '--body-file') {
      const t = literal(value) === '-' ? null : uploadedFile(value, line, text);
      collect(c, t ? [t] : (stdin?.taints ?? []), false);
    } else if ((opt === '-i' || opt === '--input-file') && literal(value) === '-') collect(c, stdin?.taints ?? [], false);
  }
  return { callee: 'wget', host, taints: c.taints, authHeaderOnly: c.taints.length > 0 && c.authOnly, constantArgs: args.every((a) => a.constant) };
}

/** A raw socket tool: everything on its stdin and arguments is sent. */
function socketTool(name: string, args: readonly Word[], stdin: Stream | null): NetworkSend {
  let host: string | undefined;
  if (name === 'socat') {
    for (const a of args) host ??= /^(?:tcp|udp|sctp|openssl|ssl)[\w-]*:([^:,\u0001]+)/i.exec(a.shape)?.[1];
  } else {
    const first = operands(args, ['-p', '-s', '-w', '-i', '-q', '-x', '-X', '-e', '-c', '-I', '-O', '-P', '-W', '-T', '--exec', '--sh-exec', '--lua-exec'])[0];
    const lit = first ? literal(first) : null;
    if (lit !== null && !/^\d+$/.test(lit)) host = lit.toLowerCase();
  }
  const taints: Taint[] = [];
  for (const a of args) addTaints(taints, a.taints);
  if (stdin) addTaints(taints, stdin.taints);
  return { callee: name, host, taints, authHeaderOnly: false, constantArgs: args.every((a) => a.constant) };
}

const REMOTE_PATH = /^(?:[^@/:\s\u0001]+@)?([a-z0-9][a-z0-9.-]*):(?!\/\/)/i;

/** Copies to another machine: only credential or conversation stores count as sent files (deploy scripts copy files all day). */
function remoteCopy(name: string, args: readonly Word[], line: number, text: string): NetworkSend | null {
  const ops = operands(args, ['-P', '-i', '-o', '-F', '-J', '-c', '-l', '-S', '-e', '--rsh', '--exclude', '--include', '-f', '--filter', '--profile', '--region']);
  let host: string | undefined;
  let remote = false;
  const taints: Taint[] = [];
  for (const w of ops) {
    const s = w.shape;
    const m = REMOTE_PATH.exec(s) ?? /^(?:s3|gs):\/\/([^/\u0001]+)/.exec(s);
    if (m) {
      remote = true;
      host ??= m[1]!.toLowerCase();
      continue;
    }
    if (/^[a-z][\w-]*:/i.test(s)) remote = true; // rclone remotes
    addTaints(taints, w.taints);
    const t = fileSource(w, line, text);
    if (t && t.kind !== 'file_read') addTaints(taints, [t]);
  }
  return remote ? { callee: name, host, taints, authHeaderOnly: false, constantArgs: args.every((a) => a.constant) } : null;
}

/** The network send `inv` performs, or null when it is not a network command. */
export function networkSend(inv: Invocation, stdin: Stream | null, line: number, text: string): NetworkSend | null {
  const { name, args } = inv;
  switch (name) {
    case 'curl':
      return curl(args, stdin, line, text);
    case 'wget':
      return wget(args, stdin, line, text);
    case 'nc':
    case 'ncat':
    case 'netcat':
    case 'socat':
    case 'telnet':
      return socketTool(name, args, stdin);
    case 'ssh': {
      const ops = operands(args, ['-p', '-i', '-l', '-o', '-F', '-J', '-L', '-R', '-D', '-b', '-c', '-E', '-e', '-m', '-O', '-Q', '-S', '-W', '-w', '-B', '-I']);
      if (!ops[0]) return null;
      const send = socketTool('ssh', ops.slice(1), stdin);
      const dest = literal(ops[0])?.replace(/^[^@]*@/, '').replace(/:.*$/, '').toLowerCase();
      return { ...send, host: dest || undefined, constantArgs: args.every((a) => a.constant) };
    }
    case 'scp':
    case 'rsync':
      return remoteCopy(name, args, line, text);
    case 'aws':
      return literal(args[0] ?? { shape: UNKNOWN, constant: false, taints: [], line, column: 0 }) === 's3' ? remoteCopy('aws s3', args.slice(2), line, text) : null;
    case 'gsutil':
    case 'rclone':
      return remoteCopy(name, args.slice(1), line, text);
    default:
      return null;
  }
}
