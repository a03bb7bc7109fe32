// The destination host of a network call when its URL is constant, built from a constant scheme+host
// prefix, a `new URL('https://…')`, an options object (`{hostname: 'api.x.com'}`), or the object the call
// is made on (`req.write(…)` after `https.request({hostname})`).
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import { urlHostOf } from '../http.js';
import { constPrefix, constString } from './constants.js';
import { lookup } from './model.js';
import type { Scope } from './model.js';
import { objectProp } from './ops.js';
import { pathOf } from './resolve.js';
import { argsOf, rootName, unwrap } from './syntax.js';

/** The host of a URL-valued expression, or undefined when it is not known. */
export function urlHost(node: SyntaxNode | undefined, scope: Scope, depth = 0): string | undefined {
  if (!node || depth > 8) return undefined;
  const n = unwrap(node);
  if (n.type === 'new_expression' && pathOf(n.childForFieldName('constructor'), scope) === 'URL') {
    const [rel, base] = argsOf(n);
    return urlHost(rel, scope, depth + 1) ?? urlHost(base, scope, depth + 1);
  }
  if (n.type === 'object') {
    const direct = objectProp(n, 'hostname') ?? objectProp(n, 'host');
    const name = direct ? constString(direct, scope) : null;
    if (name) return name.replace(/:\d+$/, '').toLowerCase();
    return urlHost(objectProp(n, 'url') ?? objectProp(n, 'baseURL') ?? objectProp(n, 'prefixUrl'), scope, depth + 1);
  }
  if (n.type === 'identifier') {
    const held = lookup(scope, n.text)?.host;
    if (held) return held;
  }
  const { text, complete } = constPrefix(n, scope);
  const url = urlHostOf(text);
  // A prefix like `https://api.x.com` followed by a substitution could still grow the host name.
  if (!url || url.followedBy === 'unknown' || (!complete && url.followedBy === 'end')) return undefined;
  return url.host;
}

/** The host a network call talks to. */
export function callHost(call: SyntaxNode, callee: string, scope: Scope): string | undefined {
  const args = argsOf(call);
  if (/\.(?:write|end|send)$/.test(callee)) {
    const fn = call.childForFieldName('function');
    const recv = fn?.childForFieldName('object');
    if (!recv) return undefined;
    const name = rootName(recv);
    const held = name ? lookup(scope, name)?.host : undefined;
    return held ?? (unwrap(recv).type === 'identifier' ? undefined : urlHost(recv, scope) ?? innerCallHost(recv, scope));
  }
  if (callee === 'needle' || callee === 'XMLHttpRequest().open') return urlHost(args[1], scope);
  if (/^(?:net|tls)\.(?:connect|createConnection)$|\.connect$/.test(callee)) {
    const first = args[0] ? unwrap(args[0]) : undefined;
    if (first?.type === 'object') return urlHost(first, scope);
    const host = constString(args[1], scope);
    return host ?? undefined;
  }
  return urlHost(args[0], scope);
}

// `new WebSocket('wss://x').send(d)`, `https.request({hostname}).end(d)`: the host of the inner call.
function innerCallHost(node: SyntaxNode, scope: Scope): string | undefined {
  const n = unwrap(node);
  if (n.type !== 'call_expression' && n.type !== 'new_expression') return undefined;
  return urlHost(argsOf(n)[0], scope);
}
