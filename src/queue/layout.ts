// Where batches live in Redis. Every worker serves ONE well-known BullMQ queue, so a worker started before
// or after a batch needs no discovery: `skillspector:batch:*`. A batch is the set of jobs whose id starts
// with its batch id; the producer removes exactly those jobs when it is done, so two batches (or two
// producers) can share the queue and workers without touching each other's jobs.
import { randomBytes } from 'node:crypto';
import type { ConnectionOptions } from 'bullmq';
import { UsageError } from '../discovery/target.js';
import type { QueueAddress } from './queue-url.js';
import { redisCommands } from './redis-probe.js';

export const QUEUE_PREFIX = 'skillspector';
export const DEFAULT_QUEUE_NAME = 'batch';
export const JOB_NAME = 'scan';

/** Lock and stalled-check timing: a SIGKILLed worker's active job is back in `wait` within ~2-3 lock periods. */
export const DEFAULT_LOCK_MS = 10_000;
/** A job may lose its worker this many times (a crash, a kill) before it fails for good. */
export const MAX_STALLED_COUNT = 2;

export function newBatchId(): string {
  return `b${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;
}

/** Deterministic per batch and position, so adding the same job twice is a no-op in BullMQ. */
export function jobIdOf(batchId: string, index: number): string {
  return `${batchId}-${index}`;
}

export function validQueueName(name: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(name)) throw new UsageError(`invalid queue name ${JSON.stringify(name)}: use 1-64 letters, digits, "-" or "_"`);
  return name;
}

/** BullMQ connection options for the address; `null` retries: blocking clients must never give up a command. */
export function connectionOf(address: QueueAddress): ConnectionOptions {
  const options: Record<string, unknown> = { host: address.host, port: address.port, db: address.db, maxRetriesPerRequest: null };
  if (address.username !== undefined) options.username = address.username;
  if (address.password !== undefined) options.password = address.password;
  if (address.tls) options.tls = { servername: address.host };
  return options;
}

/** One PING before BullMQ connects: a wrong host, port or password is a usage error, not a hang. */
export async function assertReachable(address: QueueAddress): Promise<void> {
  try {
    const [pong] = await redisCommands(address, [['PING']]);
    if (pong !== 'PONG') throw new Error(`unexpected reply ${JSON.stringify(pong)}`);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new UsageError(`cannot use the queue at ${address.display}: ${why} (is redis-server running there?)`);
  }
}
