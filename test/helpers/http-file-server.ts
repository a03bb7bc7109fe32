// A tiny HTTP server on 127.0.0.1 for remote-target tests: serves buffers, redirects, slow and oversized
// responses. Started and stopped by the test (always `await server.close()` in t.after / finally).
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route =
  | { body: Buffer | string; contentType?: string; status?: number }
  | { redirect: string; status?: number }
  /** Sends headers, then waits this long before the body (a stalled server). */
  | { delayMs: number; body?: Buffer | string }
  /** Streams this many bytes without a Content-Length (a body that never says how big it is). */
  | { streamBytes: number };

export interface FileServer {
  /** Absolute URL of a path on this server. */
  url(path: string): string;
  /** How many requests each path received. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

export async function startFileServer(routes: Record<string, Route>): Promise<FileServer> {
  const hits = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path];
    if (!route) return void res.writeHead(404).end('not found');
    serve(route, res, timers);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    hits,
    close: () => new Promise<void>((resolve) => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function serve(route: Route, res: ServerResponse, timers: Set<NodeJS.Timeout>): void {
  if ('redirect' in route) return void res.writeHead(route.status ?? 302, { location: route.redirect }).end();
  if ('streamBytes' in route) {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    let left = route.streamBytes;
    const pump = (): void => {
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        if (!res.write(chunk.subarray(0, n))) return void res.once('drain', pump);
      }
      res.end();
    };
    res.on('error', () => undefined);
    return pump();
  }
  if ('delayMs' in route) {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    res.flushHeaders();
    const timer = setTimeout(() => res.end(route.body ?? ''), route.delayMs);
    timers.add(timer);
    return;
  }
  res.writeHead(route.status ?? 200, { 'content-type': route.contentType ?? 'application/octet-stream' }).end(route.body);
}
