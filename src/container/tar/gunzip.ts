// Bounded gunzip: the output limit is given to zlib before it allocates, so a gzip bomb stops at the
// cap after writing cap + 1 bytes, in time and memory proportional to the cap, never to the bomb.
import { gunzipSync } from 'node:zlib';

const FLAG_EXTRA = 0x04;
const FLAG_NAME = 0x08;
const FIXED_HEADER = 10;
const MAX_FNAME = 1024;

export type GunzipResult =
  | { ok: true; bytes: Buffer }
  | { ok: false; failure: 'over_cap' | 'truncated'; message: string };

/** Decompresses every gzip member; `cap` is the largest output accepted. */
export function gunzipBounded(data: Buffer, cap: number): GunzipResult {
  try {
    // maxOutputLength must be at least 1; an output over a 0 cap is caught just below.
    const out = gunzipSync(data, { maxOutputLength: Math.max(1, cap + 1) });
    if (out.length > cap) return { ok: false, failure: 'over_cap', message: `The gzip stream expands to more than ${cap} bytes.` };
    return { ok: true, bytes: out };
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') return { ok: false, failure: 'over_cap', message: `The gzip stream expands to more than ${cap} bytes.` };
    return { ok: false, failure: 'truncated', message: `The gzip stream could not be decompressed (${typeof code === 'string' ? code : 'unknown error'}).` };
  }
}

/** The FNAME field of the first member header (RFC 1952 §2.3), if present and terminated in bounds. */
export function gzipOriginalName(data: Buffer): string | undefined {
  const flags = data[3] ?? 0;
  if ((flags & FLAG_NAME) === 0) return undefined;
  let pos = FIXED_HEADER;
  if ((flags & FLAG_EXTRA) !== 0) {
    if (pos + 2 > data.length) return undefined;
    pos += 2 + data.readUInt16LE(pos);
  }
  const end = data.indexOf(0, pos);
  if (end < 0 || end - pos > MAX_FNAME) return undefined;
  // RFC 1952: ISO 8859-1.
  return data.subarray(pos, end).toString('latin1');
}
