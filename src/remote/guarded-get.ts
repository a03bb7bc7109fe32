// The only way a remote fetch touches the network: node:http(s) with every resolved address checked at
// connect time (a DNS answer cannot smuggle in a private address), redirects followed by hand and each
// one re-checked, a byte cap that aborts the stream, and one deadline for the whole fetch.
import { createHash } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import type { IncomingMessage, RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { addressRestriction, ALLOW_HINT, hostRestriction } from './address-policy.js';
import { fetchFailed, refused, RemoteError } from './errors.js';
import { mib } from './limits.js';
import type { RemoteLimits } from './limits.js';

/** One fetch of one target: its limits, its deadline and the bytes it has downloaded so far. */
export interface FetchSession {
  /** The target as given, for messages. */
  readonly given: string;
  readonly limits: RemoteLimits;
  readonly allowPrivateNetwork: boolean;
  /** `performance.now()` after which every request fails. */
  readonly deadline: number;
  downloaded: number;
  /**
   * Origins (`http://127.0.0.1:PORT`) reached without the address policy. In-process tests only, to show that
   * a redirect from such a server is still checked; nothing a user can set reaches it.
   */
  readonly exemptOrigins?: ReadonlySet<string>;
}

export function newSession(given: string, limits: RemoteLimits, allowPrivateNetwork: boolean, exemptOrigins?: ReadonlySet<string>): FetchSession {
  return { given, limits, allowPrivateNetwork, deadline: performance.now() + limits.ms, downloaded: 0, ...(exemptOrigins ? { exemptOrigins } : {}) };
}

function exempt(session: FetchSession, url: URL): boolean {
  return session.allowPrivateNetwork || session.exemptOrigins?.has(url.origin) === true;
}

export interface GuardedRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Readonly<Record<string, string>>;
  body?: Buffer;
}

export interface GuardedResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  statusMessage: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** git hosts expect a `git/` agent on smart-HTTP requests; archive hosts do not mind it. */
const USER_AGENT = 'git/isomorphic-git skillspector';

/** Refuses a URL before connecting: scheme, and (without the option) names and literal addresses. */
export function checkUrl(session: FetchSession, url: URL): void {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refused(url.href, `only https:// URLs are fetched, not ${url.protocol}//`);
  if (exempt(session, url)) return;
  if (url.protocol === 'http:') throw refused(url.href, `plain http is not allowed, use https:// ${ALLOW_HINT}`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const byName = isIP(host) === 0 ? hostRestriction(host) : null;
  if (byName !== null) throw refused(url.href, `${host} is ${byName} ${ALLOW_HINT}`);
  if (isIP(host) !== 0) {
    const why = addressRestriction(host);
    if (why !== null) throw refused(url.href, `${host} is ${why} ${ALLOW_HINT}`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for node:net that resolves every address and refuses the connection if any one is restricted. */
export function guardedLookup(url: string): (hostname: string, options: LookupOptions, callback: LookupCallback) => void {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      for (const a of addresses) {
        const why = addressRestriction(a.address);
        if (why !== null) return callback(refused(url, `${hostname} resolves to ${a.address}, ${why} ${ALLOW_HINT}`), []);
      }
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      if (options.all === true) return callback(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** One request, redirects followed (each target checked again), body read under the session's caps. */
export async function guardedRequest(session: FetchSession, req: GuardedRequest): Promise<GuardedResponse> {
  let url = new URL(req.url);
  for (let redirects = 0; ; redirects += 1) {
    checkUrl(session, url);
    const res = await once(session, url, req);
    const location = res.headers.location;
    if (!isRedirect(res.status) || location === undefined) return res;
    if ((req.method ?? 'GET') !== 'GET') throw fetchFailed(session.given, `${url.href} answered a ${req.method ?? ''} request with a redirect`);
    if (redirects + 1 > session.limits.redirects) {
      throw fetchFailed(session.given, `more than ${session.limits.redirects} redirects (limit ${session.limits.redirects})`);
    }
    try {
      url = new URL(location, url);
    } catch {
      throw fetchFailed(session.given, `redirect to an invalid URL ${JSON.stringify(location.slice(0, 200))}`);
    }
  }
}

function once(session: FetchSession, url: URL, req: GuardedRequest): Promise<GuardedResponse> {
  const remaining = session.deadline - performance.now();
  if (remaining <= 0) return Promise.reject(timedOut(session));
  const options: RequestOptions = {
    method: req.method ?? 'GET',
    headers: { 'user-agent': USER_AGENT, 'accept-encoding': 'identity', connection: 'close', ...req.headers },
    agent: false,
    ...(exempt(session, url) ? {} : { lookup: guardedLookup(url.href) as unknown as RequestOptions['lookup'] }),
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<GuardedResponse>((resolve, reject) => {
    let settled = false;
    const finish = (err: Error | null, value?: GuardedResponse): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) {
        request.destroy();
        reject(err instanceof RemoteError ? err : fetchFailed(session.given, `${url.host}: ${err.message}`));
      } else if (value) resolve(value);
    };
    const timer = setTimeout(() => finish(timedOut(session)), remaining);
    const request = send(url, options, (res) => readBody(session, url, res, finish));
    request.on('error', (err) => finish(err));
    request.end(req.body);
  });
}

function readBody(session: FetchSession, url: URL, res: IncomingMessage, finish: (err: Error | null, value?: GuardedResponse) => void): void {
  const headers = flatHeaders(res);
  const status = res.statusCode ?? 0;
  if (isRedirect(status)) {
    // A redirect's body is never needed: settle on the headers and drop the connection (it is not reused).
    finish(null, { url: url.href, status, statusMessage: res.statusMessage ?? '', headers, body: Buffer.alloc(0) });
    res.destroy();
    return;
  }
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && session.downloaded + declared > session.limits.bytes) {
    // Settle first: destroying the response emits 'aborted' at once.
    finish(tooLarge(session));
    res.destroy();
    return;
  }
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => {
    session.downloaded += chunk.length;
    if (session.downloaded > session.limits.bytes) {
      finish(tooLarge(session));
      res.destroy();
      return;
    }
    chunks.push(chunk);
  });
  res.on('end', () => finish(null, { url: url.href, status, statusMessage: res.statusMessage ?? '', headers, body: Buffer.concat(chunks) }));
  res.on('error', (err) => finish(err));
  res.on('aborted', () => finish(new Error('connection closed before the response was complete')));
}

function flatHeaders(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function tooLarge(session: FetchSession): RemoteError {
  return fetchFailed(session.given, `download exceeds the ${mib(session.limits.bytes)} limit`);
}

export function timedOut(session: FetchSession): RemoteError {
  return fetchFailed(session.given, `timed out after ${session.limits.ms / 1000} s (limit ${session.limits.ms / 1000} s)`);
}

/** The body of a successful GET and its SHA-256; any other status is a fetch failure. */
export async function guardedGet(session: FetchSession, url: string): Promise<{ body: Buffer; sha256: string; contentType: string }> {
  const res = await guardedRequest(session, { url });
  if (res.status < 200 || res.status > 299) throw fetchFailed(session.given, `HTTP ${res.status} ${res.statusMessage}`.trim());
  return { body: res.body, sha256: createHash('sha256').update(res.body).digest('hex'), contentType: res.headers['content-type'] ?? '' };
}
