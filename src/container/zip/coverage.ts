// What the central directory does not account for (issue 9, item 7). Stream readers (`jar x`,
// `funzip`, ZipInputStream) walk local headers and trust their sizes; central-directory readers
// trust the directory. Any byte only one kind of reader sees, any overlap, and any local header that
// disagrees with its directory entry is reported, and local entries found in uncovered bytes are
// returned so they can be read within the same budgets. Work is linear in the data and the entries.

import { decodeName, isEncryptedEntry } from './decode.js';
import type { EndRecord } from './eocd.js';
import { readU64 } from './eocd.js';
import { quoteName } from './names.js';
import type { ZipAnomaly, ZipEntry } from './types.js';
import { DESCRIPTOR_SIGNATURE, LOCAL_FIXED, LOCAL_SIGNATURE, U32_MAX, ZIP64_EXTRA_ID } from './format.js';

const LOCAL_SIG_BYTES = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const FLAG_DESCRIPTOR = 0x8;
/** Anomalies kept for the message; the count covers the rest. */
const MAX_LISTED = 8;

/** A local header's fixed fields, read after a bounds check. */
interface LocalHeader {
  flags: number;
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  nameStart: number;
  nameLength: number;
  dataStart: number;
  zip64: boolean;
}

export function readLocalHeader(data: Buffer, off: number): LocalHeader | undefined {
  if (off < 0 || off + LOCAL_FIXED > data.length || data.readUInt32LE(off) !== LOCAL_SIGNATURE) return undefined;
  const nameLength = data.readUInt16LE(off + 26);
  const extraLength = data.readUInt16LE(off + 28);
  const nameStart = off + LOCAL_FIXED;
  const dataStart = nameStart + nameLength + extraLength;
  if (dataStart > data.length) return undefined;
  const header: LocalHeader = {
    flags: data.readUInt16LE(off + 6),
    method: data.readUInt16LE(off + 8),
    crc32: data.readUInt32LE(off + 14),
    compressedSize: data.readUInt32LE(off + 18),
    uncompressedSize: data.readUInt32LE(off + 22),
    nameStart, nameLength, dataStart, zip64: false,
  };
  if (header.compressedSize !== U32_MAX && header.uncompressedSize !== U32_MAX) return header;
  return applyLocalZip64(data, header, nameStart + nameLength, dataStart) ? header : undefined;
}

/** The local ZIP64 extra holds both sizes (uncompressed first) when either field is saturated. */
function applyLocalZip64(data: Buffer, h: LocalHeader, start: number, end: number): boolean {
  let pos = start;
  while (pos + 4 <= end) {
    const id = data.readUInt16LE(pos);
    const size = data.readUInt16LE(pos + 2);
    if (pos + 4 + size > end) return false;
    if (id === ZIP64_EXTRA_ID && size >= 16) {
      const usize = readU64(data, pos + 4);
      const csize = readU64(data, pos + 12);
      if (usize < 0 || csize < 0) return false;
      h.uncompressedSize = usize;
      h.compressedSize = csize;
      h.zip64 = true;
      return true;
    }
    pos += 4 + size;
  }
  return false;
}

interface Range {
  start: number;
  end: number;
  what: string;
}

export interface CoverageSurvey {
  leadingBytes: number;
  anomalies: ZipAnomaly[];
  anomalyCount: number;
  hidden: ZipEntry[];
}

class Findings {
  readonly listed: ZipAnomaly[] = [];
  count = 0;
  readonly hidden: ZipEntry[] = [];
  constructor(readonly maxHidden: number) {}

  add(kind: ZipAnomaly['kind'], offset: number, message: string): void {
    this.count += 1;
    if (this.listed.length < MAX_LISTED) this.listed.push({ kind, offset, message });
  }
}

/** A data descriptor that repeats the directory's CRC and sizes, with or without its signature. */
function descriptorLength(data: Buffer, at: number, e: ZipEntry): number | undefined {
  const signed = at + 4 <= data.length && data.readUInt32LE(at) === DESCRIPTOR_SIGNATURE;
  const body = signed ? at + 4 : at;
  if (body + 4 > data.length || data.readUInt32LE(body) !== e.crc32) return undefined;
  const lead = signed ? 4 : 0;
  if (body + 12 <= data.length && data.readUInt32LE(body + 4) === e.compressedSize && data.readUInt32LE(body + 8) === e.uncompressedSize) return lead + 12;
  if (body + 20 <= data.length && readU64(data, body + 4) === e.compressedSize && readU64(data, body + 12) === e.uncompressedSize) return lead + 20;
  return undefined;
}

/** The bytes one directory entry accounts for, checking its local header against the directory. */
function entryRange(data: Buffer, e: ZipEntry, found: Findings): Range {
  const off = e.localHeaderOffset;
  const what = `entry ${quoteName(e.name)}`;
  const h = readLocalHeader(data, off);
  if (!h) {
    found.add('header_mismatch', off, `The directory points ${what} at offset ${off}, where no complete local header is.`);
    return { start: off, end: Math.min(off + LOCAL_FIXED, data.length), what };
  }
  const local = decodeName(data.subarray(h.nameStart, h.nameStart + h.nameLength), e.flags);
  const differs: string[] = [];
  if (local.name !== e.name) differs.push(`name ${quoteName(local.name)}`);
  if (h.method !== e.method) differs.push(`method ${h.method}`);
  const dataEnd = h.dataStart + e.compressedSize;
  let end = dataEnd;
  if ((h.flags & FLAG_DESCRIPTOR) === 0) {
    if (h.crc32 !== e.crc32) differs.push(`CRC-32 0x${h.crc32.toString(16)}`);
    if (h.compressedSize !== e.compressedSize) differs.push(`compressed size ${h.compressedSize}`);
    if (h.uncompressedSize !== e.uncompressedSize) differs.push(`size ${h.uncompressedSize}`);
  } else {
    const dd = descriptorLength(data, dataEnd, e);
    if (dd === undefined) differs.push('a data descriptor that does not repeat the directory values');
    else end += dd;
  }
  if (differs.length > 0) {
    found.add('header_mismatch', off, `The local header of ${what} at offset ${off} says ${differs.join(', ')}; stream readers would read it differently.`);
  }
  return { start: off, end: Math.min(end, data.length), what };
}

/** A local entry a stream reader would find at `pos`; returned as an entry when its size is known. */
function hiddenAt(data: Buffer, pos: number, found: Findings, where: 'prefix_entry' | 'gap'): number {
  const h = readLocalHeader(data, pos);
  if (!h) return pos + 4;
  const name = decodeName(data.subarray(h.nameStart, h.nameStart + h.nameLength), h.flags);
  const sized = (h.flags & FLAG_DESCRIPTOR) === 0 && h.dataStart + h.compressedSize <= data.length;
  found.add(where, pos, `A local entry ${quoteName(name.name)} at offset ${pos} is not listed in the central directory${sized ? '' : '; its size is unknown, so it was not read'}.`);
  if (!sized) return h.dataStart;
  if (found.hidden.length < found.maxHidden) {
    found.hidden.push({
      index: -1, name: name.name, nameUtf8Invalid: name.invalid, isDirectory: name.name.endsWith('/') || name.name.endsWith('\\'),
      flags: h.flags, method: h.method, crc32: h.crc32, compressedSize: h.compressedSize, uncompressedSize: h.uncompressedSize,
      localHeaderOffset: pos, versionMadeBy: 0, externalAttributes: 0, unixMode: 0, isSymlink: false,
      isEncrypted: isEncryptedEntry(h.flags, h.method), zip64: h.zip64, comment: Buffer.alloc(0),
    });
  }
  return Math.max(pos + 4, h.dataStart + h.compressedSize);
}

/** Looks for local headers in bytes no directory entry accounts for. */
function scanUncovered(data: Buffer, start: number, end: number, found: Findings, where: 'prefix_entry' | 'gap'): void {
  // Searched within the region only, so many small gaps never rescan the rest of the data.
  const region = data.subarray(start, end);
  let rel = region.indexOf(LOCAL_SIG_BYTES);
  while (rel >= 0) {
    const next = hiddenAt(data, start + rel, found, where) - start;
    if (next >= region.length) return;
    rel = region.indexOf(LOCAL_SIG_BYTES, next);
  }
}

/**
 * Every byte from the first entry to the end record must belong to exactly one entry (its local
 * header, data and descriptor), the central directory, or the end records. Bytes before the first
 * entry are the host of a polyglot or self-extractor: reported only when they hold a local entry.
 */
export function surveyCoverage(data: Buffer, end: EndRecord, entries: readonly ZipEntry[], maxHidden: number): CoverageSurvey {
  const found = new Findings(Math.max(0, maxHidden));
  const ranges: Range[] = entries.map((e) => entryRange(data, e, found));
  if (end.cdSize > 0) ranges.push({ start: end.cdOffset, end: end.cdOffset + end.cdSize, what: 'the central directory' });
  ranges.push({ start: end.cdLimit, end: data.length, what: 'the end records' });
  ranges.sort((a, b) => a.start - b.start || a.end - b.end);
  const leadingBytes = ranges[0]?.start ?? 0;
  if (leadingBytes > 0) scanUncovered(data, 0, leadingBytes, found, 'prefix_entry');
  let cursor = leadingBytes;
  let previous = '';
  for (const r of ranges) {
    if (r.start > cursor) {
      found.add('gap', cursor, `${r.start - cursor} bytes at offset ${cursor}, before ${r.what}, belong to no entry.`);
      scanUncovered(data, cursor, r.start, found, 'gap');
    } else if (r.start < cursor) {
      found.add('overlap', r.start, `${r.what} at offset ${r.start} overlaps ${previous}.`);
    }
    if (r.end > cursor) {
      cursor = r.end;
      previous = r.what;
    }
  }
  return { leadingBytes, anomalies: found.listed, anomalyCount: found.count, hidden: found.hidden };
}
