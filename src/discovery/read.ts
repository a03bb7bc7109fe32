// Bounded, link-refusing reads of one file.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { slabBytes } from '../shared/byte-slabs.js';

export type ReadOutcome =
  | { ok: true; bytes: Buffer; size: number; mode: number; truncated: boolean }
  | { ok: false; reason: 'read_error' | 'stat_error' | 'file_disappeared' | 'not_regular_file'; detail: string };

/**
 * Reads at most `maxBytes`; O_NOFOLLOW closes the gap between lstat and open. `absPath` may be a raw
 * byte path (a Buffer), so names that are not valid UTF-8 open the file they name.
 */
export function readBounded(absPath: string | Buffer, maxBytes: number): ReadOutcome {
  let fd: number;
  try {
    fd = openSync(absPath, constants.O_RDONLY | constants.O_NOFOLLOW | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    if (code === 'ENOENT') return { ok: false, reason: 'file_disappeared', detail: code };
    if (code === 'ELOOP') return { ok: false, reason: 'not_regular_file', detail: code };
    return { ok: false, reason: 'read_error', detail: code };
  }
  try {
    let st;
    try {
      st = fstatSync(fd);
    } catch (err) {
      return { ok: false, reason: 'stat_error', detail: (err as NodeJS.ErrnoException).code ?? 'error' };
    }
    if (!st.isFile()) return { ok: false, reason: 'not_regular_file', detail: 'not a regular file' };
    const want = Math.min(st.size, maxBytes);
    const bytes = slabBytes(want);
    let got = 0;
    while (got < want) {
      const n = readSync(fd, bytes, got, want - got, got);
      if (n === 0) break;
      got += n;
    }
    const out = got === want ? bytes : bytes.subarray(0, got);
    return { ok: true, bytes: out, size: st.size, mode: st.mode & 0o7777, truncated: st.size > got };
  } catch (err) {
    return { ok: false, reason: 'read_error', detail: (err as NodeJS.ErrnoException).code ?? 'error' };
  } finally {
    closeSync(fd);
  }
}
