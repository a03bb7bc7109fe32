// A loopback stand-in for api.osv.dev: POST /v1/querybatch and GET /v1/vulns/<id>, driven by a table
// of package@version → advisory records, with switches for the failure modes the client must survive.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface MockVuln {
  id: string;
  summary?: string;
  aliases?: string[];
  severity?: { type: string; score: string }[];
  database_specific?: Record<string, unknown>;
  affected?: unknown[];
  withdrawn?: string;
}

export type MockMode = 'ok' | 'http500' | 'http503-once' | 'http429-once' | 'hang' | 'malformed' | 'bad-schema' | 'huge';

export interface OsvMock {
  url: string;
  /** Every request as "METHOD path". */
  requests: string[];
  /** Every querybatch query, in order. */
  queries: { package: { name: string; ecosystem: string }; version?: string }[];
  mode: MockMode;
  close(): Promise<void>;
}

/** `vulns` maps "ecosystem:name@version" to the records OSV would report for it. */
export async function startOsvMock(vulns: Record<string, MockVuln[]>, mode: MockMode = 'ok'): Promise<OsvMock> {
  const byId = new Map(Object.values(vulns).flat().map((v) => [v.id, v]));
  const sockets = new Set<Socket>();
  let failedOnce = false;
  const mock: OsvMock = { url: '', requests: [], queries: [], mode, close: async () => undefined };
  const send = (res: ServerResponse, status: number, body: string): void => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  };
  const handle = (req: IncomingMessage, res: ServerResponse, body: string): void => {
    mock.requests.push(`${req.method ?? ''} ${req.url ?? ''}`);
    const m = mock.mode;
    if (m === 'hang') return;
    if (m === 'http500') return send(res, 500, '{}');
    if ((m === 'http503-once' || m === 'http429-once') && !failedOnce) {
      failedOnce = true;
      return send(res, m === 'http503-once' ? 503 : 429, '{}');
    }
    if (m === 'malformed') return send(res, 200, '{"results": [');
    if (m === 'bad-schema') return send(res, 200, '{"results": "nope"}');
    if (m === 'huge') return send(res, 200, `{"results": [], "pad": "${'x'.repeat(5 * 1024 * 1024)}"}`);
    if (req.method === 'POST' && req.url === '/v1/querybatch') {
      const queries = (JSON.parse(body) as { queries: OsvMock['queries'] }).queries;
      mock.queries.push(...queries);
      const results = queries.map((q) => {
        const list = vulns[`${q.package.ecosystem}:${q.package.name}@${q.version ?? ''}`] ?? [];
        return list.length > 0 ? { vulns: list.map((v) => ({ id: v.id, modified: '2025-01-01T00:00:00Z' })) } : {};
      });
      return send(res, 200, JSON.stringify({ results }));
    }
    const id = decodeURIComponent(/^\/v1\/vulns\/(.+)$/.exec(req.url ?? '')?.[1] ?? '');
    const v = byId.get(id);
    if (req.method === 'GET' && v) return send(res, 200, JSON.stringify({ modified: '2025-01-01T00:00:00Z', ...v }));
    send(res, 404, '{"code":5,"message":"Not found"}');
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  mock.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  mock.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return mock;
}
