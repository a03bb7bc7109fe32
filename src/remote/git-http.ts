// isomorphic-git's HTTP plugin, built on ./guarded-get.ts: the git protocol's requests get the same
// address checks, redirect cap, byte cap and deadline as an archive download.
import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';
import { guardedRequest } from './guarded-get.js';
import type { FetchSession } from './guarded-get.js';
import { fetchFailed } from './errors.js';

async function collect(body: AsyncIterableIterator<Uint8Array> | undefined): Promise<Buffer | undefined> {
  if (body === undefined) return undefined;
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

async function* single(buf: Buffer): AsyncIterableIterator<Uint8Array> {
  if (buf.length > 0) yield buf;
}

export function guardedGitHttp(session: FetchSession): HttpClient {
  return {
    async request(req: GitHttpRequest): Promise<GitHttpResponse> {
      const method = (req.method ?? 'GET').toUpperCase();
      if (method !== 'GET' && method !== 'POST') throw fetchFailed(session.given, `git asked for an HTTP ${method} request`);
      const body = await collect(req.body);
      const res = await guardedRequest(session, {
        url: req.url, method, ...(req.headers ? { headers: req.headers } : {}), ...(body ? { body } : {}),
      });
      return { url: res.url, method, statusCode: res.status, statusMessage: res.statusMessage, headers: res.headers, body: single(res.body) };
    },
  };
}
