// Recognises a ZIP from its bytes (INSPECTION §3): a local header, an empty archive's lone end
// record, or the spanning marker some writers put before the first local header at offset 0; or an
// end record near the end of the data, which is where Python's zipfile/zipimport, Info-ZIP and
// Java look first. The second form finds archives behind other bytes: a GIF+ZIP polyglot, a
// self-extractor, a zipapp behind a shebang, a ZIP appended to any file. Such a file is a container
// (issue 9, item 6) whatever its first bytes say.
import { U16_MAX, U32_MAX } from './format.js';

const LOCAL = [0x50, 0x4b, 0x03, 0x04] as const;
const EMPTY_EOCD = [0x50, 0x4b, 0x05, 0x06] as const;
const SPANNING = [0x50, 0x4b, 0x07, 0x08] as const;
const EOCD_SIG = Buffer.from(EMPTY_EOCD);
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const CENTRAL = 0x02014b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_LOCATOR_SIZE = 20;

function hasAt(data: Buffer, offset: number, sig: readonly number[]): boolean {
  if (offset + sig.length > data.length) return false;
  return sig.every((b, i) => data[offset + i] === b);
}

function centralAt(data: Buffer, offset: number): boolean {
  return offset >= 0 && offset + 4 <= data.length && data.readUInt32LE(offset) === CENTRAL;
}

/**
 * An end record at `pos` that a reader would act on: it leads to a central directory header at its
 * declared offset or directly before it (a prefixed archive), declares an empty archive, or is the
 * saturated record of a ZIP64 archive. Trailing bytes after its comment do not matter here: Python
 * accepts them, so the archive is opened (and refused as malformed if our reader cannot agree).
 */
function plausibleEnd(data: Buffer, pos: number): boolean {
  const entries = data.readUInt16LE(pos + 10);
  const cdSize = data.readUInt32LE(pos + 12);
  const cdOffset = data.readUInt32LE(pos + 16);
  if (entries === U16_MAX || cdSize === U32_MAX || cdOffset === U32_MAX) {
    const loc = pos - ZIP64_LOCATOR_SIZE;
    return loc >= 0 && data.readUInt32LE(loc) === ZIP64_LOCATOR;
  }
  if (entries === 0 && cdSize === 0) return true;
  return centralAt(data, cdOffset) || centralAt(data, pos - cdSize);
}

/** An end record anywhere in the last 64 KiB + 22 bytes. Bounded: one backward search of that tail. */
export function hasTrailingEndRecord(data: Buffer): boolean {
  if (data.length < EOCD_SIZE) return false;
  const lowest = Math.max(0, data.length - EOCD_SIZE - MAX_COMMENT);
  // Searched within the tail only: a backward search of the whole buffer would read all of it.
  const tail = data.subarray(lowest);
  let rel = tail.lastIndexOf(EOCD_SIG, tail.length - EOCD_SIZE);
  while (rel >= 0) {
    if (plausibleEnd(data, lowest + rel)) return true;
    if (rel === 0) break;
    rel = tail.lastIndexOf(EOCD_SIG, rel - 1);
  }
  return false;
}

export function isZipBytes(data: Buffer): boolean {
  if (hasAt(data, 0, LOCAL)) return true;
  if (hasAt(data, 0, SPANNING)) return hasAt(data, 4, LOCAL);
  if (hasAt(data, 0, EMPTY_EOCD) && data.length >= EOCD_SIZE && data.length === EOCD_SIZE + data.readUInt16LE(20)) return true;
  return hasTrailingEndRecord(data);
}
