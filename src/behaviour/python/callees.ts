// Canonical callee names → what the call does. Names are import-resolved with instance calls folded
// (`requests.Session().post` → `requests.Session.post`); a few method names are recognised on any receiver
// because their receivers (cursors, accepted sockets) are rarely resolvable.
import type { CallOp } from '../facts.js';

/** Which arguments carry the data a sink acts on. */
export type DataArgs =
  /** The first positional argument, or one of `names`. */
  | { pick: 'first'; names: readonly string[] }
  /** Every positional argument (argv-style `os.exec*`). */
  | { pick: 'positional' }
  /** Every argument except transport options (`timeout`, `verify`, …). */
  | { pick: 'all' };

export interface OpSpec {
  op: CallOp;
  shell?: boolean;
  data: DataArgs;
}

const CODE: DataArgs = { pick: 'first', names: ['source', 'expression', 'object', 'code'] };
const COMMAND: DataArgs = { pick: 'first', names: ['args', 'cmd', 'command'] };
const ALL: DataArgs = { pick: 'all' };
const SQL: DataArgs = { pick: 'first', names: ['sql', 'query', 'statement', 'sql_script', 'operation'] };
const PAYLOAD: DataArgs = { pick: 'first', names: ['data', 'file', 'f', 'stream', 'value', 's', 'filename', 'path'] };

const EXACT = new Map<string, OpSpec>([
  ['exec', { op: 'exec', data: CODE }],
  ['execfile', { op: 'exec', data: CODE }],
  ['eval', { op: 'eval', data: CODE }],
  ['compile', { op: 'compile', data: CODE }],
  ['__import__', { op: 'dynamic_import', data: { pick: 'first', names: ['name'] } }],
  ['importlib.import_module', { op: 'dynamic_import', data: { pick: 'first', names: ['name'] } }],
  ['importlib.__import__', { op: 'dynamic_import', data: { pick: 'first', names: ['name'] } }],
  ['asyncio.create_subprocess_exec', { op: 'process', shell: false, data: { pick: 'positional' } }],
  ['asyncio.create_subprocess_shell', { op: 'system', shell: true, data: COMMAND }],
  ['pty.spawn', { op: 'system', shell: false, data: COMMAND }],
  ['shelve.open', { op: 'deserialize', data: PAYLOAD }],
  ['jsonpickle.decode', { op: 'deserialize', data: PAYLOAD }],
  ['pandas.read_pickle', { op: 'deserialize', data: PAYLOAD }],
  ['joblib.load', { op: 'deserialize', data: PAYLOAD }],
  ['torch.load', { op: 'deserialize', data: PAYLOAD }],
  ['numpy.load', { op: 'deserialize', data: PAYLOAD }],
  ['pandas.read_sql', { op: 'sql', data: SQL }],
  ['pandas.read_sql_query', { op: 'sql', data: SQL }],
  ['websocket.create_connection', { op: 'network', data: ALL }],
]);

const PATTERNS: [RegExp, OpSpec][] = [
  [/^subprocess\.(?:run|call|Popen|check_output|check_call)$/, { op: 'process', shell: false, data: COMMAND }],
  [/^(?:os\.(?:system|popen[234]?)|platform\.popen|(?:commands|subprocess)\.(?:getoutput|getstatusoutput))$/, { op: 'system', shell: true, data: COMMAND }],
  [/^os\.(?:exec[lv]p?e?|spawn[lv]p?e?|posix_spawnp?)$/, { op: 'system', shell: false, data: { pick: 'positional' } }],
  [/^(?:requests|httpx)(?:\.(?:Session|session|Client|AsyncClient))?\.(?:get|post|put|patch|delete|head|options|request|stream)$/, { op: 'network', data: ALL }],
  [/^aiohttp(?:\.ClientSession)?\.(?:get|post|put|patch|delete|head|options|request|ws_connect)$/, { op: 'network', data: ALL }],
  [/^(?:urllib\.request|urllib2|urllib|six\.moves\.urllib\.request)\.urlopen$/, { op: 'network', data: ALL }],
  [/^urllib3(?:\.(?:PoolManager|ProxyManager|HTTPConnectionPool|HTTPSConnectionPool))?\.(?:request|urlopen|request_encode_body)$/, { op: 'network', data: ALL }],
  [/^(?:http\.client|httplib)\.HTTPS?Connection\.(?:request|send|putrequest)$/, { op: 'network', data: ALL }],
  [/^socket\.(?:socket|create_connection)(?:\.accept)?\.(?:send|sendall|sendto|connect|connect_ex)$|^socket\.create_connection$/, { op: 'network', data: ALL }],
  [/^smtplib\.(?:SMTP|SMTP_SSL|LMTP)\.(?:sendmail|send_message)$/, { op: 'network', data: ALL }],
  [/^(?:websocket\.(?:create_connection|WebSocket|WebSocketApp)|websockets(?:\.client)?\.connect)\.send$/, { op: 'network', data: ALL }],
  [/^ftplib\.(?:FTP|FTP_TLS)\.(?:storbinary|storlines)$/, { op: 'network', data: ALL }],
  [/^(?:pickle|cPickle|_pickle|dill|cloudpickle)\.(?:loads?|Unpickler)$|^marshal\.loads?$/, { op: 'deserialize', data: PAYLOAD }],
  [/^yaml\.(?:unsafe_load(?:_all)?|load(?:_all)?)$/, { op: 'deserialize', data: PAYLOAD }],
];

/** Methods that are a sink on any receiver. */
const METHODS = new Map<string, OpSpec>([
  ['sendall', { op: 'network', data: ALL }],
  ['sendto', { op: 'network', data: ALL }],
  ['execute', { op: 'sql', data: SQL }],
  ['executemany', { op: 'sql', data: SQL }],
  ['executescript', { op: 'sql', data: SQL }],
]);

/** The op a resolved callee performs; `method` is the last attribute name when the callee is `x.method`. */
export function opOf(callee: string | null, method: string | null): OpSpec | null {
  if (callee !== null) {
    const exact = EXACT.get(callee);
    if (exact) return exact;
    for (const [re, spec] of PATTERNS) if (re.test(callee)) return spec;
  }
  return method !== null ? (METHODS.get(method) ?? null) : null;
}

/** Network calls whose result is data received from the network (responses, not socket sends). */
export function isFetch(callee: string): boolean {
  return (
    /^(?:requests|httpx)(?:\.(?:Session|session|Client|AsyncClient))?\.(?:get|post|put|patch|delete|request|stream)$/.test(callee) ||
    /^aiohttp(?:\.ClientSession)?\.(?:get|post|put|patch|delete|request)$/.test(callee) ||
    /\.urlopen$|^urllib3(?:\.\w+)?\.request$|^(?:http\.client|httplib)\.HTTPS?Connection\.getresponse$/.test(callee) ||
    /^(?:websocket|websockets)\b.*\.recv$/.test(callee)
  );
}

/** Names a `from module import *` brings in that the tables know, e.g. `Popen` from subprocess. */
export function knownMember(canonical: string): boolean {
  return opOf(canonical, null) !== null || isFetch(canonical) || /^(?:os\.(?:getenv|environ)|sys\.(?:argv|stdin))$/.test(canonical);
}

/** Transport options that carry no payload. */
export const TRANSPORT_KWARGS: ReadonlySet<string> = new Set([
  'timeout', 'verify', 'cert', 'proxies', 'allow_redirects', 'follow_redirects', 'stream', 'env', 'cwd', 'stdout',
  'stderr', 'stdin', 'check', 'shell', 'text', 'capture_output', 'encoding', 'errors', 'universal_newlines',
  'close_fds', 'bufsize', 'executable', 'start_new_session', 'method', 'Loader', 'weights_only', 'map_location',
  'retries', 'ssl', 'raise_for_status',
]);
