// Mutation fuzzing of the ZIP reader: node --import tsx bench/fuzz-zip.ts [iterations] [seed]
// Every mutated archive must end with a value (never a throw) that respects every cap.

import { pathToFileURL } from 'node:url';
import { applyMutations, seedArchives } from '../test/helpers/zip-builder.js';
import type { ZipMutation } from '../test/helpers/zip-builder.js';
import { checkMemberName, isZipBytes, openZip, readZipEntry } from '../src/container/zip/index.js';
import type { ZipOpenLimits, ZipReadLimits } from '../src/container/zip/index.js';
import { seeded } from './prng.js';

export const FUZZ_OPEN: ZipOpenLimits = { maxMembers: 64, maxCentralDirectoryBytes: 1 << 20 };
export const FUZZ_READ: ZipReadLimits = { maxMemberBytes: 200_000, maxRatio: 100, remainingBytes: 1_000_000 };

export interface Outcome {
  /** 'ok' or the refusal reason of openZip. */
  open: string;
  /** 'ok' or the failure reason, one per entry read. */
  reads: string[];
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

function fail(why: string): never {
  throw new Error(`invariant broken: ${why}`);
}

/** Runs the public API over one input and throws only when an invariant is broken. */
export function exercise(data: Buffer, open: ZipOpenLimits = FUZZ_OPEN, read: ZipReadLimits = FUZZ_READ): Outcome {
  const detected = isZipBytes(data);
  const opened = openZip(data, open);
  if (!opened.ok) {
    if (CONTROL.test(opened.message)) fail(`control character in open message ${JSON.stringify(opened.message)}`);
    return { open: opened.reason, reads: [] };
  }
  if (!detected) fail('openZip accepted data that isZipBytes does not recognise');
  if (opened.entries.length + opened.hiddenEntries.length > open.maxMembers) {
    fail(`${opened.entries.length} entries + ${opened.hiddenEntries.length} hidden > ${open.maxMembers}`);
  }
  if (opened.archiveStart > opened.leadingBytes || opened.leadingBytes > data.length) fail('archive start or leading bytes out of range');
  if (opened.anomalies.length > opened.anomalyCount) fail('more anomalies listed than counted');
  for (const a of opened.anomalies) if (CONTROL.test(a.message)) fail(`control character in anomaly ${JSON.stringify(a.message)}`);
  if (opened.entries.length !== opened.declaredCount) fail('entry count differs from declared count');
  if (opened.centralDirectorySize > open.maxCentralDirectoryBytes) fail('central directory above cap');
  let remaining = read.remainingBytes;
  const reads = [...opened.entries, ...opened.hiddenEntries].map((entry) => {
    checkMemberName(entry.name);
    const r = readZipEntry(data, entry, { ...read, remainingBytes: remaining });
    if (!r.ok) {
      if (CONTROL.test(r.message)) fail(`control character in read message ${JSON.stringify(r.message)}`);
      return r.reason;
    }
    const cap = Math.min(read.maxMemberBytes, read.maxRatio * Math.max(entry.compressedSize, 1), remaining);
    if (r.bytes.length > cap) fail(`${entry.name}: ${r.bytes.length} bytes > cap ${cap}`);
    if (r.bytes.length !== entry.uncompressedSize) fail('returned size differs from declared size');
    remaining -= r.bytes.length;
    return 'ok';
  });
  return { open: 'ok', reads };
}


const INTERESTING = [0, 1, 2, 0x7f, 0xff, 0xffff, 0xfffe, 0x10000, 0x7fffffff, 0xffffffff, 2 ** 32, 2 ** 53 - 1];

export function randomMutation(rand: () => number): ZipMutation {
  const int = (n: number): number => Math.floor(rand() * n);
  const at = int(1 << 20);
  switch (int(6)) {
    case 0:
      return { kind: 'flip', at, bit: int(8) };
    case 1:
      return { kind: 'set', at, value: int(256) };
    case 2:
      return { kind: 'truncate', at };
    case 3:
      return { kind: 'insert', at, bytes: Array.from({ length: 1 + int(8) }, () => int(256)) };
    case 4:
      return { kind: 'delete', at, count: 1 + int(16) };
    default: {
      const value = rand() < 0.7 ? (INTERESTING[int(INTERESTING.length)] ?? 0) : int(1 << 16);
      return { kind: 'forge', signature: int(256), offset: int(60), width: ([2, 4, 8] as const)[int(3)] ?? 4, value };
    }
  }
}

/** Limits vary too, so every cap gets to be the smallest one now and then. */
export function randomLimits(rand: () => number): { open: ZipOpenLimits; read: ZipReadLimits } {
  const pick = <T>(xs: readonly T[], fallback: T): T => xs[Math.floor(rand() * xs.length)] ?? fallback;
  return {
    open: { maxMembers: pick([0, 1, 3, 64, 1000], 64), maxCentralDirectoryBytes: pick([0, 100, 1 << 20], 1 << 20) },
    read: {
      maxMemberBytes: pick([0, 10, 5000, 200_000], 200_000),
      maxRatio: pick([1, 2, 100, 1e6], 100),
      remainingBytes: pick([0, 100, 50_000, 1_000_000], 1_000_000),
    },
  };
}

function main(): void {
  const iterations = Number(process.argv[2] ?? 20_000);
  const seed = Number(process.argv[3] ?? 0x5eed);
  const rand = seeded(seed).next;
  const seeds = seedArchives();
  const tally = new Map<string, number>();
  const bump = (k: string): void => void tally.set(k, (tally.get(k) ?? 0) + 1);
  let slowest = 0;
  const started = performance.now();
  for (let i = 0; i < iterations; i++) {
    const base = seeds[Math.floor(rand() * seeds.length)] ?? Buffer.alloc(0);
    const mutations = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => randomMutation(rand));
    const data = applyMutations(base, mutations);
    const limits = rand() < 0.5 ? { open: FUZZ_OPEN, read: FUZZ_READ } : randomLimits(rand);
    const t0 = performance.now();
    let outcome: Outcome;
    try {
      outcome = exercise(data, limits.open, limits.read);
    } catch (err) {
      console.error(`iteration ${i} (seed ${seed}) broke an invariant:`, err, JSON.stringify({ mutations, limits }));
      process.exitCode = 1;
      return;
    }
    slowest = Math.max(slowest, performance.now() - t0);
    bump(`open:${outcome.open}`);
    for (const r of outcome.reads) bump(`read:${r}`);
  }
  const total = performance.now() - started;
  console.log(`${iterations} mutated archives (seed ${seed}) in ${total.toFixed(0)} ms; slowest ${slowest.toFixed(1)} ms; no invariant broken`);
  for (const [k, v] of [...tally].sort()) console.log(`  ${k.padEnd(32)} ${v}`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
