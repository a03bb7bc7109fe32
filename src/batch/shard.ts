// `--shard I/N`: a deterministic partition of targets by a stable hash of the target string, so N
// machines given the same list and I = 1…N scan every target exactly once.
import { createHash } from 'node:crypto';
import { UsageError } from '../discovery/target.js';

export interface Shard {
  /** 1-based, as in `--shard 1/4` … `--shard 4/4`. */
  index: number;
  count: number;
}

export function parseShard(spec: string): Shard {
  const m = /^(\d{1,6})\/(\d{1,6})$/.exec(spec.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || index < 1 || index > count) {
    throw new UsageError(`--shard expects I/N with 1 <= I <= N (e.g. 2/4); got ${JSON.stringify(spec)}`);
  }
  return { index, count };
}

/** The shard (1…count) a target belongs to: the first 32 bits of its SHA-256, mod count. */
export function shardOf(target: string, count: number): number {
  return (createHash('sha256').update(target).digest().readUInt32BE(0) % count) + 1;
}

export function inShard(target: string, shard: Shard | undefined): boolean {
  return shard === undefined || shardOf(target, shard.count) === shard.index;
}
