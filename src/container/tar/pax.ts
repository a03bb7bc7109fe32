// PAX extended header records (POSIX.1-2001): "<length> <key>=<value>\n", the length counting the
// whole record. Only `path` and `size` change what we read; other keys are skipped.
import { readDecimal } from './numeric.js';

export interface PaxOverrides {
  path?: string;
  size?: number;
}

export type PaxResult = { ok: true; overrides: PaxOverrides } | { ok: false; message: string };

const MAX_LENGTH_DIGITS = 16;

export function parsePax(data: Buffer): PaxResult {
  const overrides: PaxOverrides = {};
  let pos = 0;
  while (pos < data.length) {
    // Trailing NUL padding ends the records.
    if (data[pos] === 0) break;
    const space = data.indexOf(0x20, pos);
    if (space < 0 || space - pos > MAX_LENGTH_DIGITS) return bad(pos, 'has no record length');
    const length = readDecimal(data.subarray(pos, space).toString('latin1'));
    if (length === undefined || length <= space - pos + 1 || pos + length > data.length) return bad(pos, 'has an invalid record length');
    if (data[pos + length - 1] !== 0x0a) return bad(pos, 'does not end with a newline');
    const record = data.subarray(space + 1, pos + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq <= 0) return bad(pos, 'has no key');
    const key = record.slice(0, eq);
    const value = record.slice(eq + 1);
    if (key === 'path') overrides.path = value;
    if (key === 'size') {
      const size = readDecimal(value);
      if (size === undefined) return bad(pos, 'has an invalid size');
      overrides.size = size;
    }
    pos += length;
  }
  return { ok: true, overrides };
}

function bad(offset: number, why: string): PaxResult {
  return { ok: false, message: `The PAX record at offset ${offset} of its extended header ${why}.` };
}
