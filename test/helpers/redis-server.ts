// A throw-away redis-server on a free loopback port for queue tests: no persistence, stopped in t.after.
// When redis-server is not installed the caller skips with `redisMissing` as the message.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { TestContext } from 'node:test';
import { parseQueueUrl } from '../../src/queue/queue-url.js';
import { redisCommands } from '../../src/queue/redis-probe.js';
import type { RespValue } from '../../src/queue/redis-probe.js';

const BINARY = 'redis-server';

/** Why the queue tests cannot run here, or undefined when redis-server is available. */
export const redisMissing: string | undefined =
  spawnSync(BINARY, ['--version'], { encoding: 'utf8' }).status === 0 ? undefined : 'redis-server is not installed (apt-get install redis-server); queue tests skipped';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RedisServer {
  url: string;
  /** Runs Redis commands on this server and returns their replies. */
  command(...args: string[]): Promise<RespValue>;
}

async function waitForPing(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const address = parseQueueUrl(url);
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}: ${log()}`);
    try {
      const [pong] = await redisCommands(address, [['PING']], 1_000);
      if (pong === 'PONG') return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not answer PING: ${log()}`);
}

export async function startRedis(t: TestContext): Promise<RedisServer> {
  const port = await freePort();
  const child = spawn(BINARY, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (c: string) => (output += c));
  child.stderr?.setEncoding('utf8').on('data', (c: string) => (output += c));
  t.after(async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  });
  const url = `redis://127.0.0.1:${port}/0`;
  await waitForPing(url, child, () => output.slice(-500));
  const address = parseQueueUrl(url);
  return {
    url,
    command: async (...args) => (await redisCommands(address, [args]))[0] ?? null,
  };
}
