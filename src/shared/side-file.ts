// Files the CLI reads or writes that are not the scan target (the baseline, reports): the same
// link policy as the target. A side file is never reached through a link, only a regular file is read
// (a device or FIFO could grow memory without bound or hang), reads are capped, and no error message
// ever carries the file's content. Every problem is one UsageError (exit 2).
import { closeSync, constants, fstatSync, ftruncateSync, lstatSync, openSync, readSync, realpathSync, writeSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { UsageError } from '../discovery/target.js';
import { stringifyJsonSafe } from './sanitize.js';

/** A baseline (or any side file) larger than this is refused rather than read. */
export const SIDE_FILE_MAX_BYTES = 8 * 1024 * 1024;

const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | (constants.O_NONBLOCK ?? 0);
// No O_TRUNC: the file is checked (regular, not linked elsewhere) before anything in it changes.
const WRITE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | (constants.O_NONBLOCK ?? 0);

export interface SideFileOptions {
  /** Names the file in messages: "baseline", "report". */
  what: string;
  /** The scan target: inside it, no path component may be a link. */
  target?: string;
  maxBytes?: number;
}

function quoted(file: string): string {
  return stringifyJsonSafe(file);
}

function errCode(err: unknown): string {
  return (err as NodeJS.ErrnoException).code ?? 'error';
}

function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

function openError(what: string, file: string, verb: 'read' | 'write', err: unknown): UsageError {
  const code = errCode(err);
  if (code === 'ELOOP') return new UsageError(`${what} ${quoted(file)} is a symlink; links are never followed, name the real file`);
  if (code === 'ENXIO') return new UsageError(`cannot ${verb} ${what} ${quoted(file)}: it is a FIFO or socket, not a regular file`);
  return new UsageError(`cannot ${verb} ${what} ${quoted(file)}: ${code}`);
}

/** Relative path of `abs` inside `root`, or undefined when it lies outside (equal gives ''). */
function inside(root: string, abs: string): string | undefined {
  const rel = relative(root, abs);
  return rel.startsWith('..') || resolve(rel) === rel ? undefined : rel;
}

/** Inside the target every directory between its root and the file must be a real one, not a link. */
function assertNoLinkUnderTarget(target: string, abs: string, what: string, file: string): void {
  const rel = inside(resolve(target), abs);
  if (rel === undefined || rel === '') return;
  let current = resolve(target);
  for (const part of rel.split(sep).slice(0, -1)) {
    current = resolve(current, part);
    let st: Stats;
    try {
      st = lstatSync(current);
    } catch {
      return; // Missing: the open fails and says so.
    }
    if (st.isSymbolicLink()) throw new UsageError(`${what} ${quoted(file)} lies under a symlinked directory in the scan target; links are never followed`);
  }
}

/** Reads a regular file of at most `maxBytes` without following a link. */
export function readSideFile(file: string, options: SideFileOptions): Buffer {
  const { what } = options;
  const max = options.maxBytes ?? SIDE_FILE_MAX_BYTES;
  const abs = resolve(file);
  if (options.target !== undefined) assertNoLinkUnderTarget(options.target, abs, what, file);
  let fd: number;
  try {
    fd = openSync(abs, READ_FLAGS);
  } catch (err) {
    throw openError(what, file, 'read', err);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new UsageError(`${what} ${quoted(file)} is ${kindOf(st)}; only a regular file is read`);
    const tooBig = new UsageError(`${what} ${quoted(file)} is larger than ${max} bytes`);
    if (st.size > max) throw tooBig;
    // Read to EOF, never past max + 1: a file that grows (or reports size 0, as /proc does) stays bounded.
    let chunk = Buffer.allocUnsafe(Math.min(max + 1, Math.max(st.size, 64 * 1024)));
    let got = 0;
    for (;;) {
      if (got === chunk.length) {
        if (got > max) throw tooBig;
        const grown = Buffer.allocUnsafe(Math.min(max + 1, chunk.length * 2));
        chunk.copy(grown, 0, 0, got);
        chunk = grown;
      }
      const n = readSync(fd, chunk, got, chunk.length - got, null);
      if (n === 0) break;
      got += n;
    }
    if (got > max) throw tooBig;
    return chunk.subarray(0, got);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`cannot read ${what} ${quoted(file)}: ${errCode(err)}`);
  } finally {
    closeSync(fd);
  }
}

export interface SideWriteOptions {
  what: string;
  /** The scan target; the file is never the target itself and never lies inside it unless allowed. */
  target: string;
  /** The baseline may live in the bundle it describes (it is left out of analysis); a report may not. */
  allowInsideTarget: boolean;
}

function realOrSelf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/** Where `abs` really lands relative to the target: '' (the target), a relative path, or undefined (outside). */
function landsIn(target: string, abs: string): string | undefined {
  const lexical = inside(target, abs);
  if (lexical !== undefined) return lexical;
  return inside(realOrSelf(target), resolve(realOrSelf(dirname(abs)), basename(abs)));
}

/**
 * Refuses a destination that is the target, lies in it (unless allowed) or is reached through a link
 * in it. Returns whether it lies inside the target. Run it before scanning, so a bad path fails fast.
 */
export function checkSideWrite(file: string, options: SideWriteOptions): boolean {
  const { what } = options;
  const abs = resolve(file);
  const target = resolve(options.target);
  const rel = landsIn(target, abs);
  if (rel === '') throw new UsageError(`${what} ${quoted(file)} is the scan target; write it elsewhere`);
  if (rel === undefined) return false;
  if (!options.allowInsideTarget) {
    throw new UsageError(`${what} ${quoted(file)} lies inside the scan target; the scanner never writes into what it scans, write it elsewhere`);
  }
  assertNoLinkUnderTarget(target, abs, what, file);
  return true;
}

/** A device or pipe the user named outside the target: reopened blocking, so a full pipe waits instead of failing. */
function writeStream(abs: string, body: string): void {
  const fd = openSync(abs, constants.O_WRONLY);
  try {
    const bytes = Buffer.from(body, 'utf8');
    let done = 0;
    while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
  } finally {
    closeSync(fd);
  }
}

/** Writes `body` to a regular file the user named, never through a link and never into the scan target. */
export function writeSideFile(file: string, body: string, options: SideWriteOptions): void {
  const { what } = options;
  const abs = resolve(file);
  const inTarget = checkSideWrite(file, options);
  let fd: number;
  try {
    fd = openSync(abs, WRITE_FLAGS, 0o666);
  } catch (err) {
    throw openError(what, file, 'write', err);
  }
  try {
    const st = fstatSync(fd);
    // Outside the target the user's choice stands (`-o /dev/null`, a pipe); inside it only a regular file.
    const stream = !inTarget && (st.isCharacterDevice() || st.isFIFO());
    if (!st.isFile() && !stream) throw new UsageError(`${what} ${quoted(file)} is ${kindOf(st)}; only a regular file is written`);
    if (stream) return writeStream(abs, body);
    // A hard link would carry the write to a file outside the target.
    if (inTarget && st.nlink > 1) throw new UsageError(`${what} ${quoted(file)} has other hard links; remove it or write elsewhere`);
    ftruncateSync(fd, 0);
    const bytes = Buffer.from(body, 'utf8');
    let done = 0;
    while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, done);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`cannot write ${what} ${quoted(file)}: ${errCode(err)}`);
  } finally {
    closeSync(fd);
  }
}
