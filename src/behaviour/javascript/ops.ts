// Which calls are sinks: the canonical callee (after resolve.ts) mapped to a CallOp, with the arguments
// that carry data into the sink, and the op-specific bits (shell, unsafe, persistence target).
import type { CallOp } from '../facts.js';
import { classifyPath } from '../paths.js';
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import { constChoices, constString, isConstant, pathHint } from './constants.js';
import type { Scope } from './model.js';
import { pathOf } from './resolve.js';
import { keyName, kids, rootName, unwrap } from './syntax.js';

export interface OpInfo {
  op: CallOp;
  callee: string;
  /** Argument nodes whose values flow into the sink. */
  data: SyntaxNode[];
  shell?: boolean;
  unsafe?: boolean;
  target?: string;
}

const VERBS = 'get|post|put|patch|delete|head|options|request|stream';
const NETWORK: RegExp[] = [
  /^(?:fetch|axios|got|ky|superagent|needle|request|navigator\.sendBeacon|undici\.request)$/,
  new RegExp(`^(?:axios|got|ky|superagent|needle|request)\\.(?:${VERBS})$`),
  new RegExp(`^(?:axios\\.create|got\\.extend|ky\\.create|ky\\.extend)\\(\\)\\.(?:${VERBS})$`),
  /^https?\.(?:request|get)$/,
  /^https?\.request\(\)\.(?:write|end)$/,
  /^superagent\.\w+\(\).*\.send$/,
  /^(?:WebSocket|ws)(?:\(\)\.send)?$/,
  /^(?:net|tls)\.(?:connect|createConnection)$/,
  /^(?:(?:net|tls)\.(?:connect|createConnection)|net\.Socket|tls\.TLSSocket)\(\)\.(?:connect|write|end)$/,
  /^XMLHttpRequest\(\)\.send$/,
  /^dgram\.createSocket\(\)\.send$/,
];

/** True for calls that send or receive over the network. */
export function isNetworkPath(path: string): boolean {
  return NETWORK.some((re) => re.test(path));
}

const CHILD_PROCESS = /^child_process\.(spawn|spawnSync|execFile|execFileSync|fork|exec|execSync)$/;
const SHELLS = /^(?:.*[/\\])?(?:sh|bash|zsh|dash|ksh|fish|cmd(?:\.exe)?|powershell(?:\.exe)?|pwsh)$/i;
const SHELL_FLAG = /^(?:-c|-lc|-ic|\/c|\/k|-command|-encodedcommand)$/i;
const WRITES = /^(?:fs|fs\.promises)\.(?:writeFile|writeFileSync|appendFile|appendFileSync|createWriteStream|outputFile|outputFileSync|copyFile|copyFileSync|cp|cpSync)$|^Bun\.write$|^Deno\.(?:writeTextFile|writeTextFileSync|writeFile|writeFileSync)$/;
const DESERIALIZERS: Record<string, boolean> = {
  'node-serialize.unserialize': true, 'serialize-to-js.deserialize': true, 'funcster.deepDeserialize': true,
  'funcster.deserialize': true, 'js-yaml.load': false, 'js-yaml.loadAll': false,
};
const SQL_METHODS = /^(?:query|execute|raw|exec|run|all|get|each|prepare|\$queryRawUnsafe|\$executeRawUnsafe)$/;
const SQL_STRONG = /^(?:db|sql|sqlite\d?|database|knex|sequelize|prisma|trx|tx)$|(?:Db|DB|Database|Sqlite)$|^(?:db|database)[A-Z_]/;
const SQL_WEAK = /^(?:client|pool|conn|connection|pg|mysql|pgClient|pgPool)$|(?:Pool|Conn|Connection|Client)$/;
const SQL_MODULES = /^(?:better-sqlite3|sqlite3?|pg|mysql2?|mssql|knex|sequelize|@prisma\/client|postgres|oracledb)\b/;

/** The sink a call or `new` expression is, or null. `path` is the canonical callee. */
export function classify(node: SyntaxNode, path: string, args: SyntaxNode[], scope: Scope): OpInfo | null {
  const isNew = node.type === 'new_expression';
  return (
    codeOp(node, path, args, scope, isNew) ??
    processOp(node, path, args, scope) ??
    (isNetworkPath(path) ? { op: 'network', callee: path, data: args } : null) ??
    writeOp(path, args, scope) ??
    deserializeOp(path, args, scope) ??
    sqlOp(node, path, args)
  );
}

function codeOp(node: SyntaxNode, path: string, args: SyntaxNode[], scope: Scope, isNew: boolean): OpInfo | null {
  const a0 = args.slice(0, 1);
  if (path === 'eval') return { op: 'eval', callee: 'eval', data: a0 };
  if (/^(?:setTimeout|setInterval|setImmediate)$/.test(path) && args[0] && isStringLike(args[0], scope)) {
    return { op: 'eval', callee: path, data: a0 };
  }
  if (path === 'Function') return { op: 'exec', callee: 'Function', data: args };
  if (/^vm\.runIn(?:New|This)?Context$/.test(path)) return { op: 'exec', callee: path, data: a0 };
  const run = /^vm\.Script\(\)\.(runIn(?:New|This)?Context)$/.exec(path);
  if (run) {
    const recv = node.childForFieldName('function')?.childForFieldName('object');
    return { op: 'exec', callee: `vm.Script.${run[1] ?? ''}`, data: recv ? [recv] : [] };
  }
  if (path === 'vm.compileFunction' || (isNew && path === 'vm.SourceTextModule')) return { op: 'compile', callee: path, data: a0 };
  if (isNew && path === 'vm.Script' && !immediatelyRun(node)) return { op: 'compile', callee: 'vm.Script', data: a0 };
  if (path === 'require' || path === 'import') {
    return args[0] && constString(args[0], scope) === null ? { op: 'dynamic_import', callee: path, data: a0 } : null;
  }
  return null;
}

function immediatelyRun(newNode: SyntaxNode): boolean {
  let parent = newNode.parent;
  while (parent?.type === 'parenthesized_expression') parent = parent.parent;
  return parent?.type === 'member_expression' && /^runIn/.test(parent.childForFieldName('property')?.text ?? '');
}

function isStringLike(node: SyntaxNode, scope: Scope): boolean {
  const n = unwrap(node);
  if (n.type === 'string' || n.type === 'template_string' || n.type === 'binary_expression') return true;
  return n.type === 'identifier' && constString(n, scope) !== null;
}

function processOp(node: SyntaxNode, path: string, args: SyntaxNode[], scope: Scope): OpInfo | null {
  const cp = CHILD_PROCESS.exec(path);
  if (cp) {
    const fn = cp[1] ?? '';
    if (fn === 'exec' || fn === 'execSync') return { op: 'system', callee: path, data: args.slice(0, 1), shell: true };
    return argvOp(path, args, scope, fn === 'fork' ? 1 : 2);
  }
  if (/^(?:execa|execa\.execa|execa\.execaSync|execa\.sync)$/.test(path)) return argvOp(path, args, scope, 2);
  if (/^(?:execa\.command|execa\.commandSync|execa\.execaCommand|execa\.execaCommandSync|shelljs\.exec)$/.test(path)) {
    return { op: 'system', callee: path, data: args.slice(0, 1), shell: true };
  }
  const tagged = node.childForFieldName('arguments')?.type === 'template_string';
  if (tagged && /^(?:zx\.\$|\$|Bun\.\$|execa\.\$)$/.test(path)) return { op: 'system', callee: path, data: args, shell: true };
  if (/^Bun\.spawn(?:Sync)?$|^Deno\.run$/.test(path)) return { op: 'process', callee: path, data: args.slice(0, 1), shell: false };
  if (path === 'Deno.Command' && node.type === 'new_expression') {
    const argsProp = objectProp(args[1], 'args');
    return { op: 'process', callee: path, data: argsProp ? [args[0], argsProp].filter(isNode) : args.slice(0, 1), shell: false };
  }
  return null;
}

function isNode(n: SyntaxNode | undefined): n is SyntaxNode {
  return n !== undefined;
}

// spawn/execFile/execa(file, args, options): a shell when `{shell: true}` or when the file is a shell run with -c.
function argvOp(callee: string, args: SyntaxNode[], scope: Scope, dataCount: number): OpInfo {
  const data = args.slice(0, dataCount).filter((a) => unwrap(a).type !== 'object' && !isFunctionNode(a));
  const options = args.slice(1).find((a) => unwrap(a).type === 'object');
  const shellOpt = options ? objectProp(options, 'shell') : undefined;
  const shellOn = !!shellOpt && !['false', 'undefined', 'null'].includes(unwrap(shellOpt).type);
  const argv = args[1] && unwrap(args[1]).type === 'array' ? kids(unwrap(args[1])) : [];
  const dashC = isShellValue(args[0], scope) && argv.some((a) => constChoices(a, scope)?.every((c) => SHELL_FLAG.test(c)) === true);
  return shellOn || dashC ? { op: 'system', callee, data, shell: true } : { op: 'process', callee, data, shell: false };
}

function isFunctionNode(n: SyntaxNode): boolean {
  const t = unwrap(n).type;
  return t === 'arrow_function' || t === 'function_expression' || t === 'function';
}

/** The value of `key` in an object literal argument. */
export function objectProp(node: SyntaxNode | undefined, key: string): SyntaxNode | undefined {
  if (!node) return undefined;
  const obj = unwrap(node);
  if (obj.type !== 'object') return undefined;
  for (const p of kids(obj)) {
    if (p.type === 'pair' && keyName(p.childForFieldName('key')) === key) return p.childForFieldName('value') ?? undefined;
    if (p.type === 'shorthand_property_identifier' && p.text === key) return p;
  }
  return undefined;
}

/** True when `file` names a shell (`/bin/sh`, `bash`, `cmd.exe`). */
function isShellName(file: string | null): boolean {
  return file !== null && SHELLS.test(file.trim().split(/\s+/)[0] ?? '');
}

/** True when an expression names a shell whichever constant it turns out to be (`win ? 'cmd.exe' : '/bin/sh'`). */
export function isShellValue(node: SyntaxNode | undefined, scope: Scope): boolean {
  const choices = node ? constChoices(node, scope) : null;
  return !!choices && choices.length > 0 && choices.every(isShellName);
}

function writeOp(path: string, args: SyntaxNode[], scope: Scope): OpInfo | null {
  if (!WRITES.test(path)) return null;
  const isCopy = /copy|\.cp/i.test(path);
  const dest = isCopy ? args[1] : args[0];
  const hint = pathHint(dest, scope);
  if (classifyPath(hint) !== 'persistence') return null;
  const data = isCopy || /createWriteStream/.test(path) ? [] : args.slice(1, 2);
  return { op: 'persistence_write', callee: path, data, target: hint };
}

function deserializeOp(path: string, args: SyntaxNode[], scope: Scope): OpInfo | null {
  const known = DESERIALIZERS[path];
  if (known === undefined) return null;
  let unsafe = known;
  if (!unsafe) {
    const schema = objectProp(args[1], 'schema');
    unsafe = !!schema && /FULL|unsafe/i.test(pathOf(schema, scope) ?? schema.text);
  }
  return { op: 'deserialize', callee: path, data: args.slice(0, 1), unsafe };
}

// `db.query(sql)`, `pool.query`, `knex.raw`, `prisma.$queryRawUnsafe`: only receivers that look like a
// database handle, so `regex.exec(s)` or `map.get(k)` are not SQL.
function sqlOp(node: SyntaxNode, path: string, args: SyntaxNode[]): OpInfo | null {
  const fn = node.childForFieldName('function');
  if (node.type !== 'call_expression' || fn?.type !== 'member_expression' || !args[0]) return null;
  const method = fn.childForFieldName('property')?.text ?? '';
  if (!SQL_METHODS.test(method)) return null;
  const recv = fn.childForFieldName('object');
  const name = recv && unwrap(recv).type === 'identifier' ? unwrap(recv).text : recv ? (rootName(recv) ?? '') : '';
  const recvPath = path.slice(0, path.length - method.length - 1);
  // A prepared statement's run/all/get take bound values, not SQL.
  if (/\.prepare\(\)$/.test(recvPath)) return null;
  const weakOk = /^(?:query|execute|raw|\$\w+)$/.test(method);
  const db = SQL_STRONG.test(name) || (weakOk && SQL_WEAK.test(name)) || SQL_MODULES.test(recvPath);
  if (!db || isNetworkPath(path)) return null;
  return { op: 'sql', callee: `${name || 'db'}.${method}`, data: args.slice(0, 1) };
}

/** Persistence through a shell command: `crontab` edits and `>> ~/.bashrc` redirections. */
export function shellPersistence(command: string): string | null {
  if (/\bcrontab\b(?!\s+-l\b)(?!\s+-r\b)/.test(command) && !/^\s*crontab\s+-l\s*$/.test(command)) return 'crontab';
  for (const m of command.matchAll(/>>?\s*([^\s;|&]+)/g)) {
    const target = m[1] ?? '';
    if (classifyPath(target) === 'persistence') return target;
  }
  return null;
}

/** True when a data argument list is all literals. */
export function allConstant(data: SyntaxNode[], scope: Scope): boolean {
  return data.every((d) => isConstant(d, scope));
}
