// `skillspector mcp` option handling, run as the real CLI.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { openAiReply, startFakeLlm } from '../../test/helpers/fake-llm.js';
import { cliAsync } from '../../test/helpers/tree.js';
import { DEFAULT_LLM_TOKEN_BUDGET, DEFAULT_MAX_LLM_CALLS } from '../engine/llm-stage.js';
import { mcpLlm, planMcp } from './command.js';
import { CLI_ENTRY, REPO_ROOT, buildFixtures, callScan, connectHttp, errorOf, verdictOf } from './test-support.js';

const NODE_ARGS = ['--import', 'tsx', CLI_ENTRY, 'mcp'];

/** No LLM provider, whatever the developer's shell holds (blank counts as unset). */
const NO_PROVIDER = { SKILLSPECTOR_PROVIDER: '' };

/** `skillspector mcp …` to completion without blocking the event loop. */
const runCli = (args: string[], env: NodeJS.ProcessEnv = NO_PROVIDER): ReturnType<typeof cliAsync> => cliAsync(['mcp', ...args], env);

function waitForExit(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** Resolves with the endpoint URL the server announces on stderr. */
function announcedUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      seen += chunk;
      const m = /listening on (http:\/\/\S+\/mcp)/.exec(seen);
      if (m?.[1]) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code} before listening: ${seen}`)));
  });
}

describe('mcp command', { timeout: 120_000 }, () => {
  it('planMcp validates transport, host and port', () => {
    assert.deepEqual(planMcp({ transport: 'stdio', host: '127.0.0.1', port: '8000' }), { transport: 'stdio', host: '127.0.0.1', port: 8000 });
    assert.deepEqual(planMcp({ transport: 'HTTP', host: 'localhost', port: '0' }), { transport: 'http', host: 'localhost', port: 0 });
    for (const bad of [
      { transport: 'sse', host: '127.0.0.1', port: '8000' },
      { transport: 'http', host: ' ', port: '8000' },
      { transport: 'http', host: '127.0.0.1', port: '70000' },
      { transport: 'http', host: '127.0.0.1', port: 'eighty' },
      { transport: 'http', host: '127.0.0.1', port: '-1' },
    ]) {
      assert.ok('error' in planMcp(bad), JSON.stringify(bad));
    }
  });

  it('an invalid transport exits 2 with one stderr line and no stdout', async () => {
    const r = await runCli(['--transport', 'carrier-pigeon']);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.deepEqual(r.stderr.trimEnd().split('\n'), ['skillspector: --transport expects stdio or http; got "carrier-pigeon"']);
  });

  it('a port already in use exits 2 with one stderr line', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const port = (blocker.address() as AddressInfo).port;
      const r = await runCli(['--transport', 'http', '--port', String(port)]);
      assert.equal(r.code, 2);
      const lines = r.stderr.trimEnd().split('\n');
      assert.equal(lines.length, 1, r.stderr);
      assert.match(lines[0] ?? '', /already in use/);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });

  it('serves HTTP on 127.0.0.1, refuses local targets, and shuts down cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [...NODE_ARGS, '--transport', 'http', '--port', '0'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...NO_PROVIDER },
    });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (c: string) => (stdout += c));
    const exited = waitForExit(child);
    try {
      const url = await announcedUrl(child);
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const client = await connectHttp(url);
      try {
        assert.match(errorOf(await callScan(client, { target: REPO_ROOT })), /^local targets are disabled/);
      } finally {
        await client.close();
      }
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
      assert.equal(stdout, '', 'nothing on stdout');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('mcpLlm: no provider → static-only server; misconfigured → one line without the values; configured → scan defaults', () => {
    assert.deepEqual(mcpLlm({}), {});
    assert.deepEqual(mcpLlm({ SKILLSPECTOR_PROVIDER: '  ' }), {});
    const secret = 'sk-pasted-into-the-wrong-variable-0123456789';
    for (const env of [{ SKILLSPECTOR_PROVIDER: secret }, { SKILLSPECTOR_PROVIDER: 'openai', SKILLSPECTOR_MODEL: 'gpt-4o' }]) {
      const r = mcpLlm(env);
      assert.ok('error' in r, JSON.stringify(env));
      assert.match(r.error, /^LLM provider misconfigured: .*unset SKILLSPECTOR_PROVIDER/);
      assert.ok(!r.error.includes('\n') && !r.error.includes(secret));
    }
    const ok = mcpLlm({ SKILLSPECTOR_PROVIDER: 'ollama', SKILLSPECTOR_MODEL: 'llama3' });
    assert.ok('llm' in ok && ok.llm);
    assert.deepEqual([ok.llm.provider, ok.llm.model, ok.llm.maxCalls, ok.llm.tokenBudget], ['ollama', 'llama3', DEFAULT_MAX_LLM_CALLS, DEFAULT_LLM_TOKEN_BUDGET]);
  });

  it('a misconfigured provider stops the server at start: exit 2, one stderr line, nothing served', async () => {
    const r = await runCli([], { SKILLSPECTOR_PROVIDER: 'anthropic', SKILLSPECTOR_MODEL: 'claude-sonnet-4', ANTHROPIC_API_KEY: '' });
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.deepEqual(r.stderr.trimEnd().split('\n'), ['skillspector: LLM provider misconfigured: provider anthropic needs ANTHROPIC_API_KEY (unset SKILLSPECTOR_PROVIDER for a static-only server)']);
  });

  it('over stdio, a provider in the server environment is used unless a call passes use_llm: false', async () => {
    const fx = buildFixtures();
    const fake = await startFakeLlm();
    fake.respondWith(() => openAiReply({ findings: [], verdicts: [] }));
    const env = {
      ...getDefaultEnvironment(), SKILLSPECTOR_PROVIDER: 'openai_compatible', SKILLSPECTOR_MODEL: 'local-model', SKILLSPECTOR_BASE_URL: `${fake.url}/v1`,
    };
    const transport = new StdioClientTransport({ command: process.execPath, args: NODE_ARGS, cwd: REPO_ROOT, env, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const client = new Client({ name: 'skillspector-mcp-test', version: '0.0.0' });
    try {
      await client.connect(transport);
      const withLlm = verdictOf(await callScan(client, { target: fx.malicious }));
      assert.equal(withLlm.scan_mode, 'static+llm', stderr);
      assert.ok(fake.requests.length > 0);
      assert.equal(withLlm.llm_calls, fake.requests.length);
      const sent = fake.requests.length;
      const without = verdictOf(await callScan(client, { target: fx.malicious, use_llm: false }));
      assert.equal(without.scan_mode, 'static-only');
      assert.equal(fake.requests.length, sent, 'use_llm: false sends nothing');
      assert.match(stderr, /scan_skill uses LLM analysis \(provider openai_compatible, model local-model\)/);
    } finally {
      await client.close();
      await fake.close();
      fx.cleanup();
    }
  });
});
