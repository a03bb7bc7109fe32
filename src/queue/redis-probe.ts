// One short-lived Redis conversation over a plain socket: the reachability check before a batch or a
// worker starts (BullMQ's own client reconnects forever, which would hang on a wrong host or password),
// and small key inspections in tests. RESP2 only; replies are parsed just far enough for that.
import { connect as netConnect } from 'node:net';
import type { Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { QueueAddress } from './queue-url.js';

export type RespValue = string | number | null | RespError | RespValue[];

export class RespError {
  constructor(readonly message: string) {}
}

function encode(args: readonly string[]): string {
  return `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
}

/** Parses one reply at `at`; undefined when the buffer does not hold all of it yet. */
function parseReply(buf: Buffer, at: number): { value: RespValue; next: number } | undefined {
  const eol = buf.indexOf('\r\n', at);
  if (eol < 0) return undefined;
  const head = buf.toString('utf8', at + 1, eol);
  switch (String.fromCharCode(buf[at] ?? 0)) {
    case '+':
      return { value: head, next: eol + 2 };
    case '-':
      return { value: new RespError(head), next: eol + 2 };
    case ':':
      return { value: Number(head), next: eol + 2 };
    case '$': {
      const len = Number(head);
      if (len < 0) return { value: null, next: eol + 2 };
      if (buf.length < eol + 2 + len + 2) return undefined;
      return { value: buf.toString('utf8', eol + 2, eol + 2 + len), next: eol + 2 + len + 2 };
    }
    case '*': {
      const count = Number(head);
      if (count < 0) return { value: null, next: eol + 2 };
      const items: RespValue[] = [];
      let next = eol + 2;
      for (let i = 0; i < count; i++) {
        const item = parseReply(buf, next);
        if (!item) return undefined;
        items.push(item.value);
        next = item.next;
      }
      return { value: items, next };
    }
    default:
      throw new Error(`unexpected reply from the server (is it Redis?): ${JSON.stringify(buf.toString('utf8', at, Math.min(eol, at + 40)))}`);
  }
}

function parseAll(buf: Buffer, count: number): RespValue[] | undefined {
  const values: RespValue[] = [];
  let at = 0;
  while (values.length < count) {
    const reply = parseReply(buf, at);
    if (!reply) return undefined;
    values.push(reply.value);
    at = reply.next;
  }
  return values;
}

function open(address: QueueAddress): Socket {
  return address.tls ? tlsConnect({ host: address.host, port: address.port, servername: address.host }) : netConnect({ host: address.host, port: address.port });
}

/**
 * Sends the commands (after AUTH and SELECT for the address) and returns their replies, in order.
 * Rejects on a connection failure or timeout; Redis error replies come back as RespError values.
 */
export function redisCommands(address: QueueAddress, commands: readonly (readonly string[])[], timeoutMs = 5_000): Promise<RespValue[]> {
  const prelude: string[][] = [];
  if (address.password !== undefined) prelude.push(address.username !== undefined ? ['AUTH', address.username, address.password] : ['AUTH', address.password]);
  if (address.db !== 0) prelude.push(['SELECT', String(address.db)]);
  const all = [...prelude, ...commands];
  return new Promise((resolve, reject) => {
    const socket = open(address);
    let buf = Buffer.alloc(0);
    const finish = (err: Error | undefined, values?: RespValue[]): void => {
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve(values ?? []);
    };
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    socket.once('error', (err) => finish(err));
    socket.once('close', () => finish(new Error('connection closed by the server')));
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      try {
        const values = parseAll(buf, all.length);
        if (!values) return;
        const failed = values.slice(0, prelude.length).find((v) => v instanceof RespError);
        if (failed instanceof RespError) finish(new Error(failed.message));
        else finish(undefined, values.slice(prelude.length));
      } catch (err) {
        finish(err instanceof Error ? err : new Error(String(err)));
      }
    });
    socket.write(all.map(encode).join(''));
  });
}
