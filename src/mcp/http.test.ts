// Drives the streamable HTTP transport in-process (port 0) with the SDK's own client.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { allowedHostnames, MAX_REQUEST_BODY_BYTES, startHttpServer } from './transports.js';
import type { HttpServerHandle } from './transports.js';
import { assertFourVerdicts, buildFixtures, callScan, connectHttp, errorOf, verdictOf } from './test-support.js';
import type { Fixtures } from './test-support.js';

interface RawResponse {
  status: number;
  body: string;
}

const INIT_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});

/** A raw POST with full control over the headers (the SDK client always sends a valid Host). */
function rawPost(url: string, headers: Record<string, string>, body: string | Buffer = INIT_BODY): Promise<RawResponse> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: u.hostname, port: u.port, path: u.pathname, method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('mcp over HTTP (default policy: no local targets)', { timeout: 60_000 }, () => {
  let fx: Fixtures;
  let server: HttpServerHandle | undefined;

  before(async () => {
    fx = buildFixtures();
    server = await startHttpServer({ port: 0 });
  });
  after(async () => {
    await server?.close();
    fx.cleanup();
  });

  function url(): string {
    assert.ok(server);
    return server.url;
  }

  it('binds 127.0.0.1 by default and serves /mcp', () => {
    assert.match(url(), /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it('refuses every local target spelling with isError and one sentence', async () => {
    const client = await connectHttp(url());
    try {
      const targets = [
        fx.benign, // the exact path that stdio scans
        'benign', './benign', '../etc', pathToFileURL(fx.benign).href, 'file:///etc/passwd',
        '\\\\server\\share\\skill', '//server/share/skill', 'C:\\skills\\x', 'C:/skills/x', '~/skills/x', '~',
      ];
      for (const target of targets) {
        const msg = errorOf(await callScan(client, { target }));
        assert.match(msg, /^local targets are disabled for the MCP HTTP transport/, target);
      }
      // Remote URLs are fetched, but never from plain http or a private address: no caller can allow either.
      const refusals: [string, RegExp][] = [
        ['http://127.0.0.1:9/s.zip', /^refused http:\/\/127\.0\.0\.1:9\/s\.zip: plain http is not allowed/],
        ['https://127.0.0.1:9/s.zip', /^refused https:\/\/127\.0\.0\.1:9\/s\.zip: 127\.0\.0\.1 is a loopback address/],
        ['https://[::ffff:169.254.169.254]/r.git', /is a link-local \(cloud metadata\) address \(IPv4 inside IPv6\)/],
        ['https://localhost:9/r.git', /localhost is a loopback name/],
      ];
      for (const [target, expected] of refusals) {
        const msg = errorOf(await callScan(client, { target }));
        assert.match(msg, expected, target);
        assert.match(msg, /never allowed over MCP/);
        assert.doesNotMatch(msg, /--allow-private-network/);
      }
    } finally {
      await client.close();
    }
  });

  it('rejects a foreign Host header with 403 (DNS-rebinding protection)', async () => {
    const res = await rawPost(url(), { host: 'evil.example' });
    assert.equal(res.status, 403);
    const res2 = await rawPost(url(), { host: `evil.example:${new URL(url()).port}` });
    assert.equal(res2.status, 403);
  });

  it('rejects a foreign Origin header with 403, accepts a loopback one', async () => {
    assert.equal((await rawPost(url(), { origin: 'https://evil.example' })).status, 403);
    assert.equal((await rawPost(url(), { origin: 'null' })).status, 403);
    assert.equal((await rawPost(url(), { origin: `http://localhost:${new URL(url()).port}` })).status, 200);
  });

  it('caps the request body', async () => {
    const big = Buffer.alloc(MAX_REQUEST_BODY_BYTES + 1024, 0x20);
    assert.equal((await rawPost(url(), {}, big)).status, 413);
    const chunked = await rawPost(url(), { 'transfer-encoding': 'chunked' }, big);
    assert.equal(chunked.status, 413);
  });

  it('answers 404 off the MCP path', async () => {
    assert.equal((await rawPost(url().replace(/\/mcp$/, '/other'), {})).status, 404);
  });

  it('describes what HTTP accepts: no local path, no file:// URL, so use stdio', async () => {
    const client = await connectHttp(url());
    try {
      const [tool] = (await client.listTools()).tools;
      assert.match(tool?.description ?? '', /local paths and file:\/\/ URLs are refused/);
      assert.match(tool?.description ?? '', /use the stdio transport/);
      assert.doesNotMatch(tool?.description ?? '', /Accepts a local path/);
      const props = (tool?.inputSchema as { properties?: Record<string, { description?: string }> }).properties ?? {};
      assert.match(props['target']?.description ?? '', /no local target is accepted/);
      assert.doesNotMatch(props['target']?.description ?? '', /are accepted/);
    } finally {
      await client.close();
    }
  });

  it('keeps serving after refusals and bad requests', async () => {
    await rawPost(url(), {}, '{not json');
    const client = await connectHttp(url(), 'modern');
    try {
      assert.equal(client.getProtocolEra(), 'modern');
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name), ['scan_skill']);
      errorOf(await callScan(client, { target: fx.benign }));
    } finally {
      await client.close();
    }
  });

  it('allowedHostnames keeps loopback and adds a specific bind address', () => {
    assert.deepEqual(allowedHostnames('127.0.0.1'), ['localhost', '127.0.0.1', '[::1]']);
    assert.deepEqual(allowedHostnames('0.0.0.0'), ['localhost', '127.0.0.1', '[::1]']);
    assert.ok(allowedHostnames('192.168.1.5').includes('192.168.1.5'));
    assert.ok(allowedHostnames('fe80::1').includes('[fe80::1]'));
  });
});

describe('mcp over HTTP with allowLocalTargets (test-only injection)', { timeout: 60_000 }, () => {
  let fx: Fixtures;
  let server: HttpServerHandle | undefined;

  before(async () => {
    fx = buildFixtures();
    server = await startHttpServer({ port: 0, allowLocalTargets: true });
  });
  after(async () => {
    await server?.close();
    fx.cleanup();
  });

  for (const era of ['legacy', 'modern'] as const) {
    it(`returns the four verdicts (${era} era)`, async () => {
      assert.ok(server);
      const client = await connectHttp(server.url, era);
      try {
        assert.equal(client.getProtocolEra(), era);
        await assertFourVerdicts(client, fx);
      } finally {
        await client.close();
      }
    });
  }

  it('the description follows the policy the server enforces, not the transport name', async () => {
    assert.ok(server);
    const client = await connectHttp(server.url);
    try {
      const [tool] = (await client.listTools()).tools;
      assert.match(tool?.description ?? '', /Accepts a local path/);
    } finally {
      await client.close();
    }
  });

  it('a missing target is a tool error, not a crash', async () => {
    assert.ok(server);
    const client = await connectHttp(server.url);
    try {
      assert.match(errorOf(await callScan(client, { target: `${fx.root}/nope` })), /^target not found/);
      assert.equal(verdictOf(await callScan(client, { target: fx.benign })).safe_to_install, true);
    } finally {
      await client.close();
    }
  });

  it('close() stops accepting connections', async () => {
    const extra = await startHttpServer({ port: 0 });
    await extra.close();
    await extra.close(); // idempotent
    await assert.rejects(rawPost(extra.url, {}));
  });
});
