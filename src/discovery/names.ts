// Display names for raw directory entries. Node's default decoding maps every invalid UTF-8 byte to
// U+FFFD, so `\xff.md` and a decoy literally named `\ufffd.md` became one path. Names are read as bytes,
// valid UTF-8 is shown as is, and each invalid byte becomes `\xHH`; the walk fails closed when two raw
// names still share a display name (a valid name may spell `\xff` literally).
import { isUtf8 } from 'node:buffer';

export function displayName(raw: Buffer): string {
  if (isUtf8(raw)) return raw.toString('utf8');
  let out = '';
  let i = 0;
  while (i < raw.length) {
    const len = validSequenceLength(raw, i);
    if (len > 0) {
      out += raw.toString('utf8', i, i + len);
      i += len;
    } else {
      out += `\\x${(raw[i] ?? 0).toString(16).padStart(2, '0')}`;
      i += 1;
    }
  }
  return out;
}

/** True when the display form differs from the bytes (the name was not valid UTF-8). */
export function isUndecodable(raw: Buffer): boolean {
  return !isUtf8(raw);
}

/** Hex form of a raw name for messages: unambiguous whatever the bytes are. */
export function hexName(raw: Buffer): string {
  return raw.toString('hex');
}

/** Length of the valid UTF-8 sequence starting at `i`, or 0 when the byte there starts none. */
function validSequenceLength(raw: Buffer, i: number): number {
  const b = raw[i] ?? 0;
  const len = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
  if (len === 0 || i + len > raw.length) return 0;
  return len === 1 || isUtf8(raw.subarray(i, i + len)) ? len : 0;
}
