// The opt-in LLM reply cache (`--llm-cache DIR`): rescanning an unchanged skill with the same model and
// prompt version costs no call. Entries are read and written through the side-file policy, so a link
// planted in the directory is never followed; anything unreadable, oversized or malformed is a miss.
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../discovery/target.js';
import { checkSideWrite, readSideFile, writeSideFile } from '../shared/side-file.js';
import { stringifyJsonSafe } from '../shared/sanitize.js';

export interface CacheKey {
  /** The exact content the reply was computed from. */
  content: string;
  model: string;
  promptVersion: string;
}

export interface CacheOptions {
  dir: string;
  /** The scan target: the cache never lives inside what is scanned. */
  target: string;
  maxEntryBytes?: number;
}

export const CACHE_ENTRY_MAX_BYTES = 1024 * 1024;
const ENTRY_FORMAT = 1;
const WHAT = 'LLM cache entry';

interface Entry {
  format: number;
  content_sha256: string;
  model: string;
  prompt_version: string;
  value: unknown;
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAbsentOrRegular(file: string): boolean {
  try {
    return lstatSync(file).isFile();
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** Uses DIR as given, or creates it (its parent must exist); refuses a link, a non-directory or a place in the target. */
function prepareDir(dir: string, target: string): string {
  const abs = resolve(dir);
  try {
    const st = lstatSync(abs);
    if (st.isSymbolicLink()) throw new UsageError(`LLM cache ${stringifyJsonSafe(dir)} is a symlink; links are never followed, name the real directory`);
    if (!st.isDirectory()) throw new UsageError(`LLM cache ${stringifyJsonSafe(dir)} is not a directory`);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new UsageError(`cannot use LLM cache ${stringifyJsonSafe(dir)}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
    try {
      mkdirSync(abs, { mode: 0o700 });
    } catch (mkErr) {
      throw new UsageError(`cannot create LLM cache ${stringifyJsonSafe(dir)}: ${(mkErr as NodeJS.ErrnoException).code ?? 'error'}`);
    }
  }
  checkSideWrite(join(abs, 'entry.json'), { what: 'LLM cache', target, allowInsideTarget: false });
  return abs;
}

export class LlmCache {
  private constructor(
    private readonly dir: string,
    private readonly target: string,
    private readonly maxEntryBytes: number,
  ) {}

  /** Opens (creating when missing) the cache directory; a bad directory is a UsageError, raised before any scan. */
  static open(options: CacheOptions): LlmCache {
    return new LlmCache(prepareDir(options.dir, options.target), options.target, options.maxEntryBytes ?? CACHE_ENTRY_MAX_BYTES);
  }

  private fileFor(contentHash: string, key: CacheKey): string {
    return join(this.dir, `${sha256(JSON.stringify([contentHash, key.model, key.promptVersion]))}.json`);
  }

  /** The stored value, or undefined on a miss (absent, linked, oversized, corrupt or written for another key). */
  get(key: CacheKey): unknown {
    const contentHash = sha256(key.content);
    let parsed: unknown;
    try {
      parsed = JSON.parse(readSideFile(this.fileFor(contentHash, key), { what: WHAT, maxBytes: this.maxEntryBytes }).toString('utf8'));
    } catch {
      return undefined;
    }
    if (!isRecord(parsed) || !('value' in parsed)) return undefined;
    const matches = parsed.format === ENTRY_FORMAT && parsed.content_sha256 === contentHash
      && parsed.model === key.model && parsed.prompt_version === key.promptVersion;
    return matches ? parsed.value : undefined;
  }

  /** Stores a JSON value; returns false (the scan goes on) when it is too large or cannot be written. */
  put(key: CacheKey, value: unknown): boolean {
    const contentHash = sha256(key.content);
    const entry: Entry = { format: ENTRY_FORMAT, content_sha256: contentHash, model: key.model, prompt_version: key.promptVersion, value };
    let body: string;
    try {
      body = JSON.stringify(entry);
    } catch {
      return false;
    }
    if (Buffer.byteLength(body, 'utf8') > this.maxEntryBytes) return false;
    const file = this.fileFor(contentHash, key);
    // The side-file writer streams into a FIFO or device outside a target; a cache only replaces regular files.
    if (!isAbsentOrRegular(file)) return false;
    try {
      writeSideFile(file, body, { what: WHAT, target: this.target, allowInsideTarget: false });
      return true;
    } catch {
      return false;
    }
  }
}
