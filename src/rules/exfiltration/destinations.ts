// Where a send goes, as a closed set of destination kinds, and whether a secret placed in it belongs there.
// Shared by the flow analysis (flow.ts) and the configuration sinks (config-sinks.ts).

/**
 * Where a send goes:
 * - `local`: loopback (nothing leaves the machine); `private`: a private-range address;
 * - `capture`: a service that exists to receive arbitrary requests or files (request bins, webhook
 *   capture, out-of-band interaction hosts, paste and file drops, public tunnels);
 * - `raw-ip`: a literal public IP address; `named`: a literal DNS name;
 * - `variable`: a host filled in at run time or a placeholder; `relative`: a same-origin path;
 * - `unknown`: no destination on the statement.
 */
export type Destination = 'local' | 'private' | 'capture' | 'raw-ip' | 'named' | 'variable' | 'relative' | 'unknown';

const URL_AUTHORITY = /\b(?:https?|wss?|ftp):\/\/([^\s"'`<>/?#\\]{1,260})/i;
const HOST_OPTION = /\bhost(?:name)?["']?[ \t]{0,3}[:=][ \t]{0,3}["']([\w.:-]{1,253})["']/;
const SOCKET_HOST = /\(\s{0,3}\(\s{0,3}["']([\w.:-]{1,253})["']\s{0,3},\s{0,3}\d{1,5}\s{0,3}\)/;
const NC_HOST = /(?:^|[ \t;&|(])(?:nc|ncat|netcat)[ \t]{1,5}(?:-[a-zA-Z]{1,4}[ \t]{1,5}){0,3}([\w.-]{1,253})[ \t]{1,5}\d{1,5}\b|\/dev\/(?:tcp|udp)\/([\w.-]{1,253})\//;

const LOCAL_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\]|::1|host\.docker\.internal)$/i;
const PRIVATE_HOST = /^(?:10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2}|169\.254(?:\.\d{1,3}){2})$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
/** Services that exist to receive whatever is sent to them: request bins, interaction hosts, drops, tunnels. */
export const CAPTURE_HOST =
  /(?:^|\.)(?:webhook\.site|requestbin\.(?:com|net|io)|(?:m\.)?pipedream\.net|ngrok(?:-free)?\.(?:io|app|dev)|ngrok\.io|trycloudflare\.com|loca\.lt|localtunnel\.me|serveo\.net|serveousercontent\.com|bore\.pub|localhost\.run|lhr\.life|burpcollaborator\.net|oastify\.com|oast\.(?:fun|me|pro|live|site|online)|interact\.sh|interactsh\.com|dnslog\.cn|canarytokens\.com|transfer\.sh|pastebin\.com|paste\.ee|hastebin\.com|0x0\.st|termbin\.com|file\.io|hookbin\.com|beeceptor\.com|postb\.in|ptsv[23]\.com)$/i;
/** A request bin, interaction host, drop or tunnel (not a chat webhook): nothing legitimate sends data there from a skill. */
export function isCaptureService(host: string): boolean {
  return CAPTURE_HOST.test(host.replace(/^[^@]{0,200}@/, '').replace(/:\d{1,5}$/, ''));
}

/** Chat webhooks and bot APIs: a message channel to whoever owns the hook. */
const CHAT_HOOK = /^(?:(?:\w+\.)?discord(?:app)?\.com|api\.telegram\.org|hooks\.slack\.com)$/i;

/** The kind of destination a host is. */
export function classifyHost(host: string): Destination {
  const h = host.replace(/^[^@]{0,200}@/, '').replace(/:\d{1,5}$/, '').toLowerCase();
  if (h === '' || /[{}$%()<>]|^your[-_.]|^my[-_]|^<|\bexample-host\b/.test(h)) return 'variable';
  if (LOCAL_HOST.test(h)) return 'local';
  if (PRIVATE_HOST.test(h)) return 'private';
  if (CAPTURE_HOST.test(h) || CHAT_HOOK.test(h)) return 'capture';
  if (IPV4.test(h)) return 'raw-ip';
  // A bare word (`my-kibana:5601`, `es01`) is a placeholder or an internal name, not a public host.
  if (!h.includes('.')) return 'variable';
  return 'named';
}

/** The destination written on a text (a URL, a socket tuple, a netcat target), or null. */
export function destinationIn(text: string): { dest: Destination; host?: string } | null {
  const url = URL_AUTHORITY.exec(text);
  if (url) {
    const host = url[1] ?? '';
    return { dest: classifyHost(host), host };
  }
  const sock = SOCKET_HOST.exec(text) ?? NC_HOST.exec(text) ?? HOST_OPTION.exec(text);
  if (sock) {
    const host = sock[1] ?? sock[2] ?? '';
    return { dest: classifyHost(host), host };
  }
  return null;
}

// Placement of a secret inside a request: an auth header goes to whoever the request is for; a body or a
// query string is data handed over.
const HEADER_CUE = /\b(?:headers?|authorization|bearer|x-api-key|api-key|x-auth-token|auth)\b|(?:^|\s)(?:-H|--header|-u|--user)(?=[\s=])/gi;
const PAYLOAD_CUE = /\b(?:data|json|body|files|form|payload|params|content|query)\b|[?&][\w-]{1,40}=|(?:^|\s)(?:-d|-F|--data[\w-]{0,10}|--form|--json|--post-data)(?=[\s=@"'$])/gi;

export function inHeader(statement: string, at: number): boolean {
  const before = statement.slice(Math.max(0, at - 120), at);
  let header = -1;
  let payload = -1;
  for (const m of before.matchAll(HEADER_CUE)) header = m.index;
  for (const m of before.matchAll(PAYLOAD_CUE)) payload = m.index;
  return header > payload;
}

const GENERIC_NAME_PART = new Set([
  'api', 'key', 'keys', 'apikey', 'token', 'tokens', 'secret', 'secrets', 'access', 'auth', 'password', 'passwd', 'pass',
  'pat', 'private', 'client', 'session', 'cookie', 'credential', 'credentials', 'creds', 'bearer', 'oauth', 'app', 'user',
  'username', 'personal', 'service', 'account', 'default', 'prod', 'dev', 'env', 'the', 'webhook', 'signing', 'dsn', 'url',
  'host', 'base', 'org', 'project', 'read', 'write', 'admin', 'root', 'master', 'live', 'test',
]);

/** True when the host plausibly belongs to the service a variable is named after (GITHUB_TOKEN → api.github.com). */
export function hostMatchesName(name: string, host: string): boolean | undefined {
  const parts = name.toLowerCase().split('_').filter((p) => p.length >= 3 && !GENERIC_NAME_PART.has(p));
  if (parts.length === 0) return undefined;
  const h = host.toLowerCase();
  return parts.some((p) => h.includes(p));
}

