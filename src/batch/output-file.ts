// The NDJSON output file of `batch`: opened without following links, truncated for a fresh run or
// appended to by `--resume`, which first reads back the lines a previous run finished.
import { closeSync, constants, createReadStream, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { UsageError } from '../discovery/target.js';
import type { BatchLine } from './line.js';

const NOFOLLOW = constants.O_NOFOLLOW | (constants.O_NONBLOCK ?? 0);

function refuse(file: string, err: unknown, verb: string): UsageError {
  const code = (err as NodeJS.ErrnoException).code ?? 'error';
  if (code === 'ELOOP') return new UsageError(`batch output ${JSON.stringify(file)} is a symlink; links are never followed, name the real file`);
  return new UsageError(`cannot ${verb} batch output ${JSON.stringify(file)}: ${code}`);
}

function isLine(value: unknown): value is BatchLine {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<BatchLine>;
  return typeof v.target === 'string' && typeof v.status === 'string' && Array.isArray(v.issues);
}

/**
 * The lines already in `file` (none when it does not exist), streamed so a large file is never held
 * whole. A line that does not parse (a run killed mid-write) is ignored: its target is scanned again.
 */
export async function readPreviousLines(file: string, each: (line: BatchLine) => void): Promise<void> {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | NOFOLLOW);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw refuse(file, err, 'read');
  }
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    throw new UsageError(`batch output ${JSON.stringify(file)} is not a regular file`);
  }
  const lines = createInterface({ input: createReadStream('', { fd, encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const text of lines) {
    if (text.trim() === '') continue;
    try {
      const parsed: unknown = JSON.parse(text);
      if (isLine(parsed)) each(parsed);
    } catch {
      // a torn last line: that target is scanned again
    }
  }
}

export interface LineSink {
  write(text: string): void;
  close(): void;
}

/** Opens the output for writing lines: truncated, or appended after a complete last line (`--resume`). */
export function openOutputFile(file: string, append: boolean): LineSink {
  let fd: number;
  try {
    fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | NOFOLLOW | (append ? constants.O_APPEND : constants.O_TRUNC), 0o644);
  } catch (err) {
    throw refuse(file, err, 'write');
  }
  const st = fstatSync(fd);
  if (!st.isFile()) {
    closeSync(fd);
    throw new UsageError(`batch output ${JSON.stringify(file)} is not a regular file`);
  }
  if (append && st.size > 0) {
    // A run killed mid-line left no newline: start on a fresh line so the torn one stays apart.
    const last = Buffer.alloc(1);
    const rd = openSync(file, constants.O_RDONLY | NOFOLLOW);
    try {
      readSync(rd, last, 0, 1, st.size - 1);
    } finally {
      closeSync(rd);
    }
    if (last[0] !== 0x0a) writeSync(fd, '\n');
  }
  return {
    write: (text) => {
      writeSync(fd, text);
    },
    close: () => closeSync(fd),
  };
}
