// Directories opened without following any link, with children reached relative to the open descriptor,
// so swapping a directory for a symlink mid-walk can never lead a read outside the bundle.
// On Linux `/proc/self/fd/<fd>/<name>` resolves `name` inside the opened directory (openat semantics).
// Elsewhere the raw absolute path is used, and every opened directory is checked against its parent's
// identity (device + inode) after the open: a narrower guarantee, documented as such.
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, statSync } from 'node:fs';
import type { BigIntStats, Dirent, Stats } from 'node:fs';

const DIR_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;
const SLASH = Buffer.from('/');

export interface DirHandle {
  readonly fd: number;
  /** Prefix that names a child of exactly this directory when the child's raw name is appended. */
  readonly base: Buffer;
  readonly dev: bigint;
  readonly ino: bigint;
  /** Raw absolute path, used only where /proc/self/fd is unavailable. */
  readonly absolute: Buffer;
}

/** Raised when an opened directory is not the one that was listed or resolved. */
export class DirectoryChangedError extends Error {
  readonly code = 'ECHANGED';
}

let procFdUsable: boolean | undefined;

function procBase(fd: number, st: BigIntStats): Buffer | null {
  if (procFdUsable === false || process.platform !== 'linux') return null;
  const via = `/proc/self/fd/${fd}`;
  try {
    const viaSt = statSync(via, { bigint: true });
    procFdUsable = viaSt.dev === st.dev && viaSt.ino === st.ino;
  } catch {
    procFdUsable = false;
  }
  return procFdUsable ? Buffer.from(`${via}/`) : null;
}

function handleFor(fd: number, absolute: Buffer): DirHandle {
  const st = fstatSync(fd, { bigint: true });
  const base = procBase(fd, st) ?? Buffer.concat([absolute, SLASH]);
  return { fd, base, dev: st.dev, ino: st.ino, absolute };
}

/** Opens the scan root; `expect` is the identity seen when the target was resolved. */
export function openRoot(absolute: string, expect?: { dev: bigint; ino: bigint }): DirHandle {
  const fd = openSync(absolute, DIR_FLAGS);
  try {
    const h = handleFor(fd, Buffer.from(absolute));
    if (expect && (expect.dev !== h.dev || expect.ino !== h.ino)) {
      throw new DirectoryChangedError('the target directory changed after it was resolved');
    }
    return h;
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

/** Opens child directory `name` of `parent`; a link (or anything not a directory) throws ELOOP/ENOTDIR. */
export function openChild(parent: DirHandle, name: Buffer): DirHandle {
  const fd = openSync(childPath(parent, name), DIR_FLAGS);
  try {
    const h = handleFor(fd, Buffer.concat([parent.absolute, SLASH, name]));
    if (!parent.base.equals(Buffer.concat([parent.absolute, SLASH]))) return h;
    // Path-based fallback: the parent reached by path must still be the directory we opened.
    const now = lstatSync(parent.absolute, { bigint: true });
    if (now.dev !== parent.dev || now.ino !== parent.ino) throw new DirectoryChangedError('a parent directory changed during the walk');
    return h;
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

export function childPath(parent: DirHandle, name: Buffer): Buffer {
  return Buffer.concat([parent.base, name]);
}

export function listRaw(dir: DirHandle): Dirent<Buffer>[] {
  return readdirSync(dir.base, { withFileTypes: true, encoding: 'buffer' });
}

/** lstat of a child: never follows the child itself. */
export function lstatChild(parent: DirHandle, name: Buffer): Stats {
  return lstatSync(childPath(parent, name));
}

export function closeDir(dir: DirHandle): void {
  try {
    closeSync(dir.fd);
  } catch {
    // Already closed: nothing to release.
  }
}
