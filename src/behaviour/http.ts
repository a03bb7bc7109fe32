// HTTP facts every extractor needs alike: which header names carry credentials, and the host a URL (or a
// URL's constant prefix) names. One definition, so Python, JS and shell calibrate sends the same way.

/** Header names that authenticate a request: a token in one of these goes to whom the request is for. */
const AUTH_HEADER = /^(?:(?:proxy-)?authorization|x-api-key|api-key|apikey|x-auth-token|x-access-token|private-token|[\w-]*-token|[\w-]*-key)$/i;

export function isAuthHeaderName(name: string): boolean {
  return AUTH_HEADER.test(name.trim());
}

/** `Name: value` (a curl/wget `-H` argument) with an authenticating name. */
export function isAuthHeaderLine(line: string): boolean {
  const colon = line.indexOf(':');
  return colon > 0 && isAuthHeaderName(line.slice(0, colon));
}

// Scheme, optional userinfo, then the host: a bracketed IPv6 literal or a name. `{`, `}` and U+0001 stand
// for values unknown at analysis time (f-string fields, shell expansions), so they end a host.
const URL_HOST = /^[a-z][a-z0-9+.-]{0,15}:\/\/(?:[^/?#@\s\u0001{}]*@)?(\[[0-9a-f:.]+\]|[^/?#:@\s\u0001{}]+)/i;

/**
 * The host a URL or URL prefix names, lower-cased, and what follows it: a delimiter (`/`, `?`, `#`, `:`),
 * the end of the text, or an unknown value (`{…}`, a shell expansion) that could still be part of the host.
 * Callers reading a prefix of a longer, partly unknown text must not trust a host that ends with the text.
 */
export function urlHostOf(text: string): { host: string; followedBy: 'delimiter' | 'end' | 'unknown' } | undefined {
  const t = text.trim();
  const m = URL_HOST.exec(t);
  if (!m?.[1]) return undefined;
  const next = t[m[0].length];
  return { host: m[1].toLowerCase(), followedBy: next === undefined ? 'end' : '/?#:'.includes(next) ? 'delimiter' : 'unknown' };
}
