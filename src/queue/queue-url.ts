// `--queue redis://HOST:PORT/DB` → the Redis connection BullMQ opens. Validated up front so a typo is one
// clear usage error (exit 2), not an endless reconnect loop.
import { UsageError } from '../discovery/target.js';

export interface QueueAddress {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls: boolean;
  /** The URL without its password, for messages and logs. */
  display: string;
}

const DEFAULT_PORT = 6379;
const MAX_DB = 65_535;

function bad(url: string, why: string): UsageError {
  return new UsageError(`invalid --queue URL ${JSON.stringify(redact(url))}: ${why} (expected redis://HOST:PORT/DB, e.g. redis://127.0.0.1:6379/0)`);
}

/** The URL with any password replaced, so it can be printed. */
function redact(url: string): string {
  return url.replace(/^(\w+:\/\/[^:/@]*:)[^@/]*@/, '$1***@');
}

function parseDb(url: string, pathname: string): number {
  const path = pathname.replace(/^\//, '');
  if (path === '') return 0;
  if (!/^\d{1,5}$/.test(path) || Number(path) > MAX_DB) throw bad(url, `database "${path}" is not a number from 0 to ${MAX_DB}`);
  return Number(path);
}

export function parseQueueUrl(url: string): QueueAddress {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw bad(url, 'not a URL');
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') throw bad(url, `scheme "${parsed.protocol}" is not redis: or rediss:`);
  if (parsed.hostname === '') throw bad(url, 'no host');
  if (parsed.search !== '' || parsed.hash !== '') throw bad(url, 'query strings and fragments are not supported');
  const port = parsed.port === '' ? DEFAULT_PORT : Number(parsed.port);
  const address: QueueAddress = {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port,
    db: parseDb(url, parsed.pathname),
    tls: parsed.protocol === 'rediss:',
    display: redact(url),
  };
  if (parsed.username !== '') address.username = decodeURIComponent(parsed.username);
  if (parsed.password !== '') address.password = decodeURIComponent(parsed.password);
  return address;
}
