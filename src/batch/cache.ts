// `batch --cache DIR`: a content-addressed store of finished lines. The key is a SHA-256 over the
// scanner version, the scan-affecting settings and every entry of the skill (relative path, type, mode
// bits, size and bytes; a link's own text, never its target), so an unchanged skill is not rescanned
// and any change (a byte, a name, an executable bit, a new empty directory) is a miss.
// Entries are written to a temporary file and renamed into place, so a reader never sees half a file;
// the batch's main thread writes them (scan threads only hash and look up).
import { createHash, randomBytes } from 'node:crypto';
import type { Hash } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync, readlinkSync, readSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { VERSION } from '../shared/version.js';
import type { BatchLine } from './line.js';
import type { BatchScanSettings } from './scan-one.js';

/** Skills beyond these bounds are scanned every time rather than hashed (the scan's own default budgets). */
export const CACHE_MAX_ENTRIES = 10_000;
export const CACHE_MAX_BYTES = 64 * 1024 * 1024;
export const CACHE_MAX_DEPTH = 256;
/** Bumped when the key's layout or the stored line changes meaning. */
const KEY_LAYOUT = 'skillspector-batch-cache/1';

class TooBig extends Error {}

interface HashState {
  hash: Hash;
  entries: number;
  bytes: number;
}

function field(h: Hash, s: string | Buffer): void {
  const b = typeof s === 'string' ? Buffer.from(s) : s;
  const len = Buffer.alloc(8);
  len.writeBigUInt64BE(BigInt(b.length));
  h.update(len).update(b);
}

/** Reads a regular file without following a link, refusing more than the bytes left in the budget. */
function readBounded(path: string, state: HashState): Buffer {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | (constants.O_NONBLOCK ?? 0));
  try {
    const size = fstatSync(fd).size;
    if (state.bytes + size > CACHE_MAX_BYTES) throw new TooBig();
    const buf = Buffer.alloc(size);
    let off = 0;
    while (off < size) {
      const n = readSync(fd, buf, off, size - off, off);
      if (n === 0) break;
      off += n;
    }
    state.bytes += off;
    return off === size ? buf : buf.subarray(0, off);
  } finally {
    closeSync(fd);
  }
}

function hashEntry(abs: string, rel: string, state: HashState, depth = 0): void {
  if (++state.entries > CACHE_MAX_ENTRIES || depth > CACHE_MAX_DEPTH) throw new TooBig();
  const st = lstatSync(abs);
  const mode = (st.mode & 0o7777).toString(8);
  if (st.isSymbolicLink()) {
    field(state.hash, `L\0${rel}\0${mode}`);
    field(state.hash, readlinkSync(abs, { encoding: 'buffer' }));
  } else if (st.isFile()) {
    field(state.hash, `F\0${rel}\0${mode}`);
    field(state.hash, readBounded(abs, state));
  } else if (st.isDirectory()) {
    field(state.hash, `D\0${rel}\0${mode}`);
    const names = readdirSync(abs).sort();
    for (const name of names) hashEntry(join(abs, name), rel === '' ? name : `${rel}/${name}`, state, depth + 1);
  } else {
    field(state.hash, `O\0${rel}\0${mode}`);
  }
}

/** Canonical JSON of the settings: key order never changes the key. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The cache key of a local target (directory or single file), or null when it cannot be cached: too big,
 * unreadable, or gone. A single file's name is part of its key (it decides how the file is classified).
 */
export function cacheKey(target: string, settings: BatchScanSettings): string | null {
  const state: HashState = { hash: createHash('sha256'), entries: 0, bytes: 0 };
  field(state.hash, KEY_LAYOUT);
  field(state.hash, VERSION);
  field(state.hash, canonical(settings));
  try {
    const st = lstatSync(target);
    if (st.isDirectory()) hashEntry(target, '', state);
    else if (st.isFile()) hashEntry(target, basename(target), state);
    else return null;
  } catch {
    return null;
  }
  return state.hash.digest('hex');
}

function entryPath(dir: string, key: string): string {
  return join(dir, key.slice(0, 2), `${key}.json`);
}

/** The stored line for `key`, re-labelled for `target` (the same bytes may sit at another path). */
export function readCached(dir: string, key: string, target: string): BatchLine | null {
  let text: string;
  try {
    text = readFileSync(entryPath(dir, key), 'utf8');
  } catch {
    return null;
  }
  try {
    const line = JSON.parse(text) as BatchLine;
    if (typeof line !== 'object' || line === null || !Array.isArray(line.issues)) return null;
    return { ...line, target, status: 'cached' };
  } catch {
    return null;
  }
}

/** Only successful scans are kept (an error may be transient). */
function storable(line: BatchLine): boolean {
  return line.status === 'scanned' && line.execution_successful;
}

/** Writes at most this many entries at once; a batch waits for a slot rather than holding more lines. */
const MAX_PENDING_WRITES = 32;

/**
 * Stores finished lines from the batch's main thread, asynchronously: creating a small file can take a
 * millisecond on a busy disk, and a scan thread that waited for it would scan nothing meanwhile. Never
 * throws; `flush` waits for every write (the batch calls it before it returns).
 */
export class CacheWriter {
  private readonly pending = new Set<Promise<void>>();
  private readonly dirs = new Set<string>();

  constructor(private readonly dir: string) {}

  async store(key: string, line: BatchLine): Promise<void> {
    if (!storable(line)) return;
    while (this.pending.size >= MAX_PENDING_WRITES) await Promise.race(this.pending);
    const write = this.write(key, line).finally(() => this.pending.delete(write));
    this.pending.add(write);
  }

  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  private async write(key: string, line: BatchLine): Promise<void> {
    const final = entryPath(this.dir, key);
    const temp = `${final}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      const sub = join(this.dir, key.slice(0, 2));
      if (!this.dirs.has(sub)) {
        await mkdir(sub, { recursive: true });
        this.dirs.add(sub);
      }
      await writeFile(temp, `${JSON.stringify(line)}\n`, { flag: 'wx' });
      await rename(temp, final);
    } catch {
      await rm(temp, { force: true }).catch(() => undefined);
    }
  }
}
