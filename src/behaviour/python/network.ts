// Network sinks: the destination host of a call, and which flows reach it only as an authentication
// header value (`headers={"Authorization": f"Bearer {token}"}`, `auth=(user, token)`), the ordinary way
// a skill calls its vendor's API with a key from the environment. Request and session objects
// (`req = urllib.request.Request(url, headers=h)`, `s = requests.Session()`) are judged by how they were
// built and which headers were set on them (`req.add_header(...)`, `s.headers.update(...)`, `s.auth = ...`).
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import { TRANSPORT_KWARGS } from './callees.js';
import type { Assignment, FileModel, Scope } from './model.js';
import type { Resolver } from './resolve.js';
import { isParamData } from './sources.js';
import type { Flow } from './sources.js';
import type { CallArgs } from './syntax.js';
import { argAt, callArgs, field, kids, unparen } from './syntax.js';
import type { Taint } from './taint.js';
import type { Values } from './values.js';
import { isAuthHeaderName, urlHostOf } from '../http.js';

const MAX_HEADER_ASSIGNMENTS = 16;
/** Assignments a request or session object may have before it is judged as a plain value. */
const MAX_OBJECT_ASSIGNMENTS = 32;
/** Constructors of request and session objects whose headers travel with every send. */
const REQUEST_CTOR =
  /^(?:(?:urllib\.request|urllib2|six\.moves\.urllib\.request)\.Request|(?:requests|httpx)\.(?:Request|Session|session|Client|AsyncClient)|aiohttp\.ClientSession|urllib3\.(?:PoolManager|ProxyManager)|(?:http\.client|httplib)\.HTTPS?Connection)$/;
/** `urllib.request.Request(url, data, headers)`: its third positional argument is the headers. */
const URLLIB_REQUEST = /^(?:urllib\.request|urllib2|six\.moves\.urllib\.request)\.Request$/;

export interface NetworkFlows {
  auth: Flow[];
  other: Flow[];
}

function hostOfUrl(url: string): string | undefined {
  return urlHostOf(url)?.host;
}

/** Splits a network call's flows into those reaching it only through auth headers and all the others, and finds its host. */
export class NetworkSplit {
  constructor(
    private readonly model: FileModel,
    private readonly resolver: Resolver,
    private readonly taint: Taint,
    private readonly values: Values,
  ) {}

  /** The host a network call talks to when its URL (or socket address, or request object's URL) starts with a constant. */
  host(callee: string, args: CallArgs, scope: Scope, receiver: SyntaxNode | null): string | undefined {
    if (/^socket\./.test(callee)) {
      const addr = args.positional[0] ? unparen(args.positional[0]) : null;
      const first = addr?.type === 'tuple' ? addr.namedChildren[0] : null;
      const host = first ? this.values.fold(first, scope) : null;
      return host !== null && /^[\w.-]{1,253}$/.test(host) ? host.toLowerCase() : undefined;
    }
    const url = /\.request$/.test(callee) ? argAt(args, 1, 'url') : argAt(args, 0, 'url');
    const built = url ? this.builtBy(url, scope) : null;
    if (built) return this.ctorHost(built.call, built.scope);
    const host = url ? hostOfUrl(this.values.prefix(url, scope)) : undefined;
    if (host || !receiver) return host;
    // `httpx.Client(base_url="https://api.example.com").get("/v1/x")`.
    const session = this.builtBy(receiver, scope);
    const base = session ? callArgs(session.call).keyword.get('base_url') : undefined;
    return session && base ? hostOfUrl(this.values.prefix(base, session.scope)) : undefined;
  }

  split(args: CallArgs, scope: Scope, receiver: SyntaxNode | null): NetworkFlows {
    const out: NetworkFlows = { auth: [], other: [] };
    for (const p of [...args.positional, ...args.splats]) this.value(p, scope, out);
    this.keywords(args, scope, out);
    // A session's own headers travel with each of its sends; any other receiver carries no payload.
    if (receiver && this.objectAssignments(receiver, scope)) this.value(receiver, scope, out);
    return out;
  }

  private keywords(args: CallArgs, scope: Scope, out: NetworkFlows): void {
    for (const [name, value] of args.keyword) {
      if (TRANSPORT_KWARGS.has(name)) continue;
      if (name === 'headers') this.headers(value, scope, out, false);
      else if (name === 'auth') out.auth.push(...this.taint.evaluate(value, scope));
      else out.other.push(...this.taint.evaluate(value, scope));
    }
  }

  /** A positional payload: a request object is judged by how it was built and which headers it got. */
  private value(node: SyntaxNode, scope: Scope, out: NetworkFlows): void {
    const n = unparen(node);
    if (n.type === 'call' && this.isCtor(n)) return this.ctor(n, scope, out, false);
    const assignments = this.objectAssignments(n, scope);
    if (!assignments) {
      out.other.push(...this.taint.evaluate(n, scope));
      return;
    }
    for (const a of assignments) {
      const rhs = unparen(a.rhs);
      if (a.header && a.key !== undefined) (isAuthHeaderName(a.key) ? out.auth : out.other).push(...viaVar(this.taint.evaluate(rhs, a.scope)));
      else if (a.header) this.headers(rhs, a.scope, out, true);
      else if (rhs.type === 'call' && this.isCtor(rhs)) this.ctor(rhs, a.scope, out, true);
      else out.other.push(...viaVar(this.taint.evaluate(rhs, a.scope)));
    }
    out.other.push(...this.taint.evaluate(n, scope).filter(isParamData));
  }

  /** The assignments of a request or session object (built by a known constructor or given headers), else null. */
  private objectAssignments(node: SyntaxNode, scope: Scope): readonly Assignment[] | null {
    const slot = this.model.slotOf(unparen(node), scope);
    const list = slot === null ? [] : this.model.assignmentsTo(slot);
    if (list.length === 0 || list.length > MAX_OBJECT_ASSIGNMENTS) return null;
    const isObject = list.some((a) => a.header === true || (unparen(a.rhs).type === 'call' && this.isCtor(unparen(a.rhs))));
    return isObject ? list : null;
  }

  /** The one constructor call a request or session expression was built by (`Request(...)` or `req`). */
  private builtBy(node: SyntaxNode, scope: Scope): { call: SyntaxNode; scope: Scope } | null {
    const n = unparen(node);
    if (n.type === 'call') return this.isCtor(n) ? { call: n, scope } : null;
    const built = (this.objectAssignments(n, scope) ?? []).filter((a) => a.header !== true);
    const only = built.length === 1 ? built[0] : undefined;
    const rhs = only ? unparen(only.rhs) : null;
    return only && rhs?.type === 'call' && this.isCtor(rhs) ? { call: rhs, scope: only.scope } : null;
  }

  private isCtor(call: SyntaxNode): boolean {
    return REQUEST_CTOR.test(this.resolver.callee(call) ?? '');
  }

  /** The host of a request object's URL; sessions and clients have none of their own. */
  private ctorHost(call: SyntaxNode, scope: Scope): string | undefined {
    const callee = this.resolver.callee(call) ?? '';
    const args = callArgs(call);
    const url = URLLIB_REQUEST.test(callee) ? argAt(args, 0, 'url') : /\.Request$/.test(callee) ? argAt(args, 1, 'url') : undefined;
    return url ? hostOfUrl(this.values.prefix(url, scope)) : undefined;
  }

  /** A request or session constructor's arguments: headers and auth as such, everything else as data. */
  private ctor(call: SyntaxNode, scope: Scope, out: NetworkFlows, via: boolean): void {
    const args = callArgs(call);
    const part: NetworkFlows = { auth: [], other: [] };
    const headersAt = URLLIB_REQUEST.test(this.resolver.callee(call) ?? '') ? 2 : -1;
    args.positional.forEach((p, i) => {
      if (i === headersAt) this.headers(p, scope, part, false);
      else part.other.push(...this.taint.evaluate(p, scope));
    });
    for (const s of args.splats) part.other.push(...this.taint.evaluate(s, scope));
    this.keywords(args, scope, part);
    out.auth.push(...(via ? viaVar(part.auth) : part.auth));
    out.other.push(...(via ? viaVar(part.other) : part.other));
  }

  private headers(node: SyntaxNode, scope: Scope, out: NetworkFlows, via: boolean): void {
    const n = unparen(node);
    if (n.type === 'dictionary') return this.dict(n, scope, out, via);
    const slot = this.model.slotOf(n, scope);
    const assignments = slot === null ? [] : this.model.assignmentsTo(slot);
    if (assignments.length === 0 || assignments.length > MAX_HEADER_ASSIGNMENTS) {
      out.other.push(...this.taint.evaluate(n, scope));
      return;
    }
    // A headers variable: judge each assignment (`h = {...}`, `h['Authorization'] = ...`) on its own.
    for (const a of assignments) {
      const rhs = unparen(a.rhs);
      if (a.key !== undefined) (isAuthHeaderName(a.key) ? out.auth : out.other).push(...viaVar(this.taint.evaluate(rhs, a.scope)));
      else if (rhs.type === 'dictionary') this.dict(rhs, a.scope, out, true);
      else out.other.push(...viaVar(this.taint.evaluate(rhs, a.scope)));
    }
    // Parameters standing for the headers are bound by callers later; they count as ordinary data.
    out.other.push(...this.taint.evaluate(n, scope).filter(isParamData));
  }
  private dict(n: SyntaxNode, scope: Scope, out: NetworkFlows, via: boolean): void {
    for (const entry of kids(n)) {
      const key = entry.type === 'pair' ? field(entry, 'key') : null;
      const value = entry.type === 'pair' ? field(entry, 'value') : entry;
      if (!value) continue;
      const name = key ? this.values.fold(key, scope) : null;
      const flows = this.taint.evaluate(value, scope);
      (name !== null && isAuthHeaderName(name) ? out.auth : out.other).push(...(via ? viaVar(flows) : flows));
    }
  }
}

function viaVar(flows: Flow[]): Flow[] {
  return flows.map((f) => ({ ...f, via: true }));
}
