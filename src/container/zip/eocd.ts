// Preflight steps 1–3 of INSPECTION §3.1: find the terminal end record, apply ZIP64 when a field is
// saturated, and check disks, counts and that the central directory fits. Nothing here allocates in
// proportion to any declared value.
import { U16_MAX, U32_MAX } from './format.js';

export const EOCD_SIGNATURE = 0x06054b50;
export const EOCD_SIZE = 22;
const CENTRAL_SIGNATURE = 0x02014b50;
const MAX_COMMENT = 0xffff;
const EOCD_SIG_BYTES = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_LOCATOR_SIZE = 20;
const ZIP64_RECORD_SIGNATURE = 0x06064b50;
const ZIP64_RECORD_FIXED = 56;

export interface EndRecord {
  eocdOffset: number;
  /**
   * Where the archive's offset 0 lies in the data: 0 for an ordinary archive, the length of the
   * prefix for one appended to other bytes whose offsets were not adjusted (a GIF+ZIP polyglot, a
   * self-extractor, a zipapp behind a shebang). Every offset the archive declares is shifted by it.
   */
  archiveStart: number;
  /** Absolute offset of the central directory in the data (already shifted by archiveStart). */
  cdOffset: number;
  cdSize: number;
  totalEntries: number;
  commentLength: number;
  zip64: boolean;
  /** The central directory must end at or before this offset (ZIP64 record or EOCD). */
  cdLimit: number;
}

export type EndResult = { ok: true; end: EndRecord } | { ok: false; message: string };

interface EndFields {
  disk: number;
  cdDisk: number;
  diskEntries: number;
  totalEntries: number;
  cdSize: number;
  cdOffset: number;
}

/** Reads an unsigned 64-bit field; -1 when it is beyond what a JS number addresses exactly. */
export function readU64(data: Buffer, offset: number): number {
  const value = data.readBigUInt64LE(offset);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? -1 : Number(value);
}

function fail(message: string): { ok: false; message: string } {
  return { ok: false, message };
}

/**
 * Finds the one EOCD whose comment ends exactly at the end of the data. Several such candidates
 * (a forged record hidden in a comment or in member data) would let readers disagree, so they
 * are refused rather than resolved.
 */
function locateEocd(data: Buffer): { ok: true; offset: number } | { ok: false; message: string } {
  if (data.length < EOCD_SIZE) {
    return fail(`The data is ${data.length} bytes long, shorter than the ${EOCD_SIZE}-byte end of central directory record.`);
  }
  const lowest = Math.max(0, data.length - EOCD_SIZE - MAX_COMMENT);
  let found = -1;
  let candidates = 0;
  let mismatch: { declared: number; actual: number } | undefined;
  // Searched within the tail only: a backward search of the whole buffer would read all of it.
  const tail = data.subarray(lowest);
  const last = tail.lastIndexOf(EOCD_SIG_BYTES, tail.length - EOCD_SIZE);
  let pos = last < 0 ? -1 : lowest + last;
  while (pos >= lowest) {
    const declared = data.readUInt16LE(pos + 20);
    const actual = data.length - pos - EOCD_SIZE;
    if (declared === actual) {
      candidates += 1;
      found = pos;
    } else if (mismatch === undefined) {
      mismatch = { declared, actual };
    }
    if (pos === lowest) break;
    const prev = tail.lastIndexOf(EOCD_SIG_BYTES, pos - lowest - 1);
    pos = prev < 0 ? -1 : lowest + prev;
  }
  if (candidates > 1) {
    return fail(`Found ${candidates} end of central directory records whose comment ends at the end of the data; expected exactly 1.`);
  }
  if (found >= 0) return { ok: true, offset: found };
  if (mismatch !== undefined) {
    return fail(
      `End of central directory record declares a comment of ${mismatch.declared} bytes but ${mismatch.actual} bytes follow it; ` +
        'the data may be truncated or have trailing bytes.',
    );
  }
  return fail('No end of central directory record signature was found.');
}

/**
 * The ZIP64 record the locator names; when nothing is there but a record ends right at the locator,
 * that one (Python's zipfile reads it there: the locator's offset is relative to a prefixed archive).
 */
function zip64RecordOffset(data: Buffer, loc: number): number {
  const declared = readU64(data, loc + 8);
  if (declared >= 0 && declared + 4 <= loc && data.readUInt32LE(declared) === ZIP64_RECORD_SIGNATURE) return declared;
  // Only a shift forward fits a prefix; readEndRecord checks that it equals the archive's own shift.
  const adjacent = loc - ZIP64_RECORD_FIXED;
  if (declared >= 0 && declared < adjacent && data.readUInt32LE(adjacent) === ZIP64_RECORD_SIGNATURE) return adjacent;
  return declared;
}

function readZip64(data: Buffer, eocdOffset: number): { ok: true; fields: EndFields; recordOffset: number; declaredOffset: number } | { ok: false; message: string } {
  const loc = eocdOffset - ZIP64_LOCATOR_SIZE;
  if (loc < 0 || data.readUInt32LE(loc) !== ZIP64_LOCATOR_SIGNATURE) {
    return fail('End of central directory record has saturated fields but no ZIP64 end of central directory locator precedes it.');
  }
  const locDisk = data.readUInt32LE(loc + 4);
  const totalDisks = data.readUInt32LE(loc + 16);
  if (locDisk !== 0 || totalDisks > 1) {
    return fail(`ZIP64 locator names disk ${locDisk} of ${totalDisks} disks; multi-disk archives are not supported.`);
  }
  const rec = zip64RecordOffset(data, loc);
  if (rec < 0 || rec + ZIP64_RECORD_FIXED > loc) {
    return fail(`ZIP64 end of central directory record offset ${rec} does not leave room for the record before the locator at ${loc}.`);
  }
  if (data.readUInt32LE(rec) !== ZIP64_RECORD_SIGNATURE) {
    return fail(`No ZIP64 end of central directory record signature at offset ${rec}.`);
  }
  const recordSize = readU64(data, rec + 4);
  if (recordSize < ZIP64_RECORD_FIXED - 12 || rec + 12 + recordSize > loc) {
    return fail(`ZIP64 end of central directory record declares size ${recordSize}, which does not fit between offset ${rec} and the locator at ${loc}.`);
  }
  const fields: EndFields = {
    disk: data.readUInt32LE(rec + 16),
    cdDisk: data.readUInt32LE(rec + 20),
    diskEntries: readU64(data, rec + 24),
    totalEntries: readU64(data, rec + 32),
    cdSize: readU64(data, rec + 40),
    cdOffset: readU64(data, rec + 48),
  };
  if (fields.diskEntries < 0 || fields.totalEntries < 0 || fields.cdSize < 0 || fields.cdOffset < 0) {
    return fail('ZIP64 end of central directory record holds a value beyond 2^53 - 1.');
  }
  return { ok: true, fields, recordOffset: rec, declaredOffset: readU64(data, loc + 8) };
}

/** A field that is not saturated must agree with its ZIP64 counterpart, or readers would disagree. */
function checkZip64Agreement(classic: EndFields, wide: EndFields): string | undefined {
  const pairs: [keyof EndFields, number][] = [
    ['disk', U16_MAX],
    ['cdDisk', U16_MAX],
    ['diskEntries', U16_MAX],
    ['totalEntries', U16_MAX],
    ['cdSize', U32_MAX],
    ['cdOffset', U32_MAX],
  ];
  for (const [key, saturated] of pairs) {
    if (classic[key] !== saturated && classic[key] !== wide[key]) {
      return `End of central directory field ${key} is ${classic[key]} but the ZIP64 record says ${wide[key]}.`;
    }
  }
  return undefined;
}

function isSaturated(f: EndFields): boolean {
  return (
    f.disk === U16_MAX ||
    f.cdDisk === U16_MAX ||
    f.diskEntries === U16_MAX ||
    f.totalEntries === U16_MAX ||
    f.cdSize === U32_MAX ||
    f.cdOffset === U32_MAX
  );
}

function centralAt(data: Buffer, offset: number): boolean {
  return offset + 4 <= data.length && data.readUInt32LE(offset) === CENTRAL_SIGNATURE;
}

/**
 * A central directory that ends before its end record has two readings: at its declared offset with
 * unexplained bytes before the end record (yauzl, Go), or directly before the end record with every
 * offset shifted by the difference (Python's zipfile and zipimport, Info-ZIP: an archive behind a
 * prefix). The reading that finds a central header wins; when both do, readers would disagree about
 * the members, so the archive is refused.
 */
function archiveStartOf(data: Buffer, fields: EndFields, cdLimit: number): { ok: true; value: number } | { ok: false; message: string } {
  const shift = cdLimit - fields.cdOffset - fields.cdSize;
  if (shift === 0) return { ok: true, value: 0 };
  // An empty directory has no header to tell the readings apart; Python's reading puts the rest in a prefix.
  if (fields.cdSize === 0) return { ok: true, value: shift };
  const declared = centralAt(data, fields.cdOffset);
  const shifted = centralAt(data, fields.cdOffset + shift);
  if (declared && shifted) {
    return fail(
      `Central directory headers exist both at the declared offset ${fields.cdOffset} and ${shift} bytes later, directly before the end record; readers would disagree about the members.`,
    );
  }
  return { ok: true, value: shifted ? shift : 0 };
}

/** INSPECTION §3.1 steps 1–3. */
export function readEndRecord(data: Buffer): EndResult {
  const located = locateEocd(data);
  if (!located.ok) return located;
  const eocd = located.offset;
  const classic: EndFields = {
    disk: data.readUInt16LE(eocd + 4),
    cdDisk: data.readUInt16LE(eocd + 6),
    diskEntries: data.readUInt16LE(eocd + 8),
    totalEntries: data.readUInt16LE(eocd + 10),
    cdSize: data.readUInt32LE(eocd + 12),
    cdOffset: data.readUInt32LE(eocd + 16),
  };
  let fields = classic;
  let cdLimit = eocd;
  let zip64Declared: number | undefined;
  const zip64 = isSaturated(classic);
  if (zip64) {
    const wide = readZip64(data, eocd);
    if (!wide.ok) return wide;
    const disagreement = checkZip64Agreement(classic, wide.fields);
    if (disagreement !== undefined) return fail(disagreement);
    fields = wide.fields;
    cdLimit = wide.recordOffset;
    zip64Declared = wide.declaredOffset;
  }
  if (fields.disk !== 0 || fields.cdDisk !== 0) {
    return fail(`Archive is on disk ${fields.disk} with its central directory on disk ${fields.cdDisk}; multi-disk archives are not supported.`);
  }
  if (fields.diskEntries !== fields.totalEntries) {
    return fail(`End of central directory declares ${fields.diskEntries} entries on this disk but ${fields.totalEntries} in total.`);
  }
  if (fields.cdOffset + fields.cdSize > cdLimit) {
    return fail(
      `Central directory at offset ${fields.cdOffset} with size ${fields.cdSize} does not fit before offset ${cdLimit}.`,
    );
  }
  const start = archiveStartOf(data, fields, cdLimit);
  if (!start.ok) return start;
  if (zip64Declared !== undefined && zip64Declared + start.value !== cdLimit) {
    return fail(`No ZIP64 end of central directory record signature at offset ${zip64Declared} (the locator's offset, shifted by the ${start.value}-byte prefix).`);
  }
  return {
    ok: true,
    end: {
      eocdOffset: eocd,
      archiveStart: start.value,
      cdOffset: fields.cdOffset + start.value,
      cdSize: fields.cdSize,
      totalEntries: fields.totalEntries,
      commentLength: data.readUInt16LE(eocd + 20),
      zip64,
      cdLimit,
    },
  };
}
