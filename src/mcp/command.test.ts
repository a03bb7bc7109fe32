// `skillspector mcp` option handling, run as the real CLI.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { planMcp } from './command.js';
import { CLI_ENTRY, REPO_ROOT, callScan, connectHttp, errorOf } from './test-support.js';

const NODE_ARGS = ['--import', 'tsx', CLI_ENTRY, 'mcp'];

interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to completion without blocking the event loop. */
function runCli(args: string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...NODE_ARGS, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

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
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
    assert.deepEqual(r.stderr.trimEnd().split('\n'), ['skillspector: --transport expects stdio or http; got "carrier-pigeon"']);
  });

  it('a port already in use exits 2 with one stderr line', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const port = (blocker.address() as AddressInfo).port;
      const r = await runCli(['--transport', 'http', '--port', String(port)]);
      assert.equal(r.status, 2);
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
});
