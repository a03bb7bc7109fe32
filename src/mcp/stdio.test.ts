// Drives `skillspector mcp` (stdio) as a real child process with the SDK's own client.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { VERSION } from '../shared/version.js';
import { assertFourVerdicts, buildFixtures, callScan, connectStdio, errorOf, verdictOf } from './test-support.js';
import type { Fixtures, StdioSession } from './test-support.js';

describe('mcp over stdio', { timeout: 120_000 }, () => {
  let fx: Fixtures;
  let session: StdioSession | undefined;

  before(async () => {
    fx = buildFixtures();
    session = await connectStdio();
  });
  after(async () => {
    await session?.close();
    fx.cleanup();
  });

  function client(): StdioSession['client'] {
    assert.ok(session, 'connected');
    return session.client;
  }

  it('identifies as skillspector and lists exactly one tool, scan_skill', async () => {
    assert.equal(client().getServerVersion()?.name, 'skillspector');
    assert.equal(client().getServerVersion()?.version, VERSION);
    const { tools } = await client().listTools();
    assert.deepEqual(tools.map((t) => t.name), ['scan_skill']);
    const props = (tools[0]?.inputSchema as { properties?: Record<string, unknown>; required?: string[] }) ?? {};
    assert.deepEqual(Object.keys(props.properties ?? {}).sort(), ['output_format', 'target', 'use_llm']);
    assert.deepEqual(props.required, ['target']);
  });

  it('describes what stdio accepts: local paths, ~ and file:// URLs, and the compact reply', async () => {
    const [tool] = (await client().listTools()).tools;
    assert.match(tool?.description ?? '', /Accepts a local path/);
    assert.match(tool?.description ?? '', /safe_to_install is true \(exactly when recommendation is SAFE/);
    assert.match(tool?.description ?? '', /output_format "json" for the full report/);
    const props = (tool?.inputSchema as { properties?: Record<string, { description?: string; default?: unknown }> }).properties ?? {};
    assert.match(props['target']?.description ?? '', /a path on the machine running this server.*~ and file:\/\/ URLs are accepted/);
    assert.equal(props['output_format']?.default, 'compact');
  });

  it('returns the four verdicts for local bundles', async () => {
    await assertFourVerdicts(client(), fx);
  });

  it('a missing target is a one-sentence tool error and the server keeps serving', async () => {
    const msg = errorOf(await callScan(client(), { target: `${fx.root}/does-not-exist` }));
    assert.match(msg, /^target not found: /);
    assert.equal(verdictOf(await callScan(client(), { target: fx.benign })).safe_to_install, true);
  });

  it('use_llm: true without a provider is a one-sentence tool error; use_llm: false scans statically', async () => {
    const msg = errorOf(await callScan(client(), { target: fx.benign, use_llm: true }));
    assert.match(msg, /^LLM analysis was requested \(use_llm: true\) but this server has no LLM provider configured/);
    const v = verdictOf(await callScan(client(), { target: fx.benign, use_llm: false }));
    assert.equal(v.llm_used, false);
    assert.equal(v.scan_mode, 'static-only');
  });

  it('renders the terminal format as plain text', async () => {
    const v = verdictOf(await callScan(client(), { target: fx.malicious, output_format: 'terminal' }));
    assert.ok(v.report.length > 0);
    assert.ok(!v.report.includes('\u001b['), 'no ANSI colour in the MCP report');
  });

  it('schema errors (bad output_format, wrong type, missing target) are tool errors', async () => {
    errorOf(await callScan(client(), { target: fx.benign, output_format: 'pdf' }));
    errorOf(await callScan(client(), { target: 42 }));
    errorOf(await callScan(client(), {}));
  });

  it('reported no internal errors on stderr', () => {
    assert.ok(!session?.stderr().includes('internal error'), session?.stderr());
  });
});

describe('mcp over stdio, 2026-07-28 era', { timeout: 120_000 }, () => {
  it('serves a client pinned to the modern protocol revision', async () => {
    const fx = buildFixtures();
    let session: StdioSession | undefined;
    try {
      session = await connectStdio('modern');
      assert.equal(session.client.getProtocolEra(), 'modern');
      assert.equal(verdictOf(await callScan(session.client, { target: fx.benign })).safe_to_install, true);
      assert.equal(verdictOf(await callScan(session.client, { target: fx.collision })).execution_successful, false);
    } finally {
      await session?.close();
      fx.cleanup();
    }
  });
});
