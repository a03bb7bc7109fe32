// Preflight steps 4–6 of INSPECTION §3.1 and the entry list. The budget checks run before the walk,
// the walk keeps only a counter, and entry objects are created only once the whole directory is valid.

import { surveyCoverage } from './coverage.js';
import { decodeName, isEncryptedEntry } from './decode.js';
import { EOCD_SIZE, readEndRecord, readU64 } from './eocd.js';
import type { EndRecord } from './eocd.js';
import type { ZipEntry, ZipOpenLimits, ZipOpenResult } from './types.js';
import { LOCAL_FIXED, U16_MAX, U32_MAX, ZIP64_EXTRA_ID } from './format.js';

export const CENTRAL_SIGNATURE = 0x02014b50;
export const CENTRAL_FIXED = 46;
export { FLAG_ENCRYPTED, FLAG_UTF8, decodeCp437, decodeName } from './decode.js';

/** One central header, parsed without decoding its name. */
interface RawHeader {
  versionMadeBy: number;
  flags: number;
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  externalAttributes: number;
  nameStart: number;
  nameLength: number;
  commentLength: number;
  zip64: boolean;
  next: number;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

interface Wide {
  uncompressedSize: number;
  compressedSize: number;
  localHeaderOffset: number;
  diskStart: number;
}

/** Takes 64-bit values from the ZIP64 extra only where the classic field is saturated. */
function applyZip64Extra(data: Buffer, start: number, size: number, wide: Wide, index: number): Parsed<Wide> {
  let pos = start;
  const end = start + size;
  const take8 = (field: keyof Wide): string | undefined => {
    if (pos + 8 > end) return `Entry ${index}: ZIP64 extra field is too short for the ${field} value.`;
    const v = readU64(data, pos);
    if (v < 0) return `Entry ${index}: ZIP64 ${field} is beyond 2^53 - 1.`;
    wide[field] = v;
    pos += 8;
    return undefined;
  };
  for (const field of ['uncompressedSize', 'compressedSize', 'localHeaderOffset'] as const) {
    if (wide[field] !== U32_MAX) continue;
    const err = take8(field);
    if (err !== undefined) return { ok: false, message: err };
  }
  if (wide.diskStart === U16_MAX) {
    if (pos + 4 > end) return { ok: false, message: `Entry ${index}: ZIP64 extra field is too short for the disk number.` };
    wide.diskStart = data.readUInt32LE(pos);
  }
  return { ok: true, value: wide };
}

/** Walks the extra fields with a bound check on each and applies the single ZIP64 field, if any. */
function readExtras(data: Buffer, start: number, end: number, wide: Wide, index: number): Parsed<boolean> {
  let pos = start;
  let zip64 = false;
  while (pos < end) {
    if (pos + 4 > end) return { ok: false, message: `Entry ${index}: extra field header runs past the extra area.` };
    const id = data.readUInt16LE(pos);
    const size = data.readUInt16LE(pos + 2);
    if (pos + 4 + size > end) {
      return { ok: false, message: `Entry ${index}: extra field 0x${id.toString(16)} of ${size} bytes runs past the extra area.` };
    }
    if (id === ZIP64_EXTRA_ID) {
      if (zip64) return { ok: false, message: `Entry ${index}: more than one ZIP64 extra field.` };
      const applied = applyZip64Extra(data, pos + 4, size, wide, index);
      if (!applied.ok) return applied;
      zip64 = true;
    }
    pos += 4 + size;
  }
  return { ok: true, value: zip64 };
}

function parseHeader(data: Buffer, pos: number, end: EndRecord, index: number): Parsed<RawHeader> {
  const cdEnd = end.cdOffset + end.cdSize;
  if (pos + CENTRAL_FIXED > cdEnd) {
    return { ok: false, message: `Entry ${index}: central directory header at offset ${pos} runs past the directory end at ${cdEnd}.` };
  }
  const nameLength = data.readUInt16LE(pos + 28);
  const extraLength = data.readUInt16LE(pos + 30);
  const commentLength = data.readUInt16LE(pos + 32);
  const next = pos + CENTRAL_FIXED + nameLength + extraLength + commentLength;
  if (next > cdEnd) {
    return { ok: false, message: `Entry ${index}: name, extra and comment (${nameLength + extraLength + commentLength} bytes) run past the directory end at ${cdEnd}.` };
  }
  const wide: Wide = {
    compressedSize: data.readUInt32LE(pos + 20),
    uncompressedSize: data.readUInt32LE(pos + 24),
    localHeaderOffset: data.readUInt32LE(pos + 42),
    diskStart: data.readUInt16LE(pos + 34),
  };
  const extraStart = pos + CENTRAL_FIXED + nameLength;
  const extras = readExtras(data, extraStart, extraStart + extraLength, wide, index);
  if (!extras.ok) return extras;
  const saturated =
    wide.compressedSize === U32_MAX || wide.uncompressedSize === U32_MAX || wide.localHeaderOffset === U32_MAX || wide.diskStart === U16_MAX;
  if (saturated && !extras.value) {
    return { ok: false, message: `Entry ${index}: a size or offset field is saturated but there is no ZIP64 extra field.` };
  }
  if (wide.diskStart !== 0) {
    return { ok: false, message: `Entry ${index}: starts on disk ${wide.diskStart}; multi-disk archives are not supported.` };
  }
  const localHeaderOffset = wide.localHeaderOffset + end.archiveStart;
  if (localHeaderOffset + LOCAL_FIXED > end.cdOffset) {
    return { ok: false, message: `Entry ${index}: local header offset ${localHeaderOffset} does not leave room for a header before the central directory at ${end.cdOffset}.` };
  }
  return {
    ok: true,
    value: {
      versionMadeBy: data.readUInt16LE(pos + 4),
      flags: data.readUInt16LE(pos + 8),
      method: data.readUInt16LE(pos + 10),
      crc32: data.readUInt32LE(pos + 16),
      compressedSize: wide.compressedSize,
      uncompressedSize: wide.uncompressedSize,
      localHeaderOffset,
      externalAttributes: data.readUInt32LE(pos + 38),
      nameStart: pos + CENTRAL_FIXED,
      nameLength,
      commentLength,
      zip64: extras.value,
      next,
    },
  };
}

type Refusal = Extract<ZipOpenResult, { ok: false }>;

function malformed(message: string): Refusal {
  return { ok: false, reason: 'malformed', message };
}

/** Step 6: validates every header in constant memory, stopping as soon as the budget is exceeded. */
function walk(data: Buffer, end: EndRecord, limits: ZipOpenLimits): Refusal | undefined {
  const cdEnd = end.cdOffset + end.cdSize;
  let pos = end.cdOffset;
  let count = 0;
  while (pos < cdEnd) {
    if (pos + 4 > cdEnd || data.readUInt32LE(pos) !== CENTRAL_SIGNATURE) {
      return malformed(`Expected a central directory header signature at offset ${pos} after ${count} entries.`);
    }
    count += 1;
    if (count > limits.maxMembers) {
      return {
        ok: false,
        reason: 'member_limit',
        message: `Central directory holds more than ${limits.maxMembers} entries (stopped at ${count}); the remaining member budget is ${limits.maxMembers}.`,
        observed: count,
        limit: limits.maxMembers,
      };
    }
    const header = parseHeader(data, pos, end, count - 1);
    if (!header.ok) return malformed(header.message);
    pos = header.value.next;
  }
  if (count !== end.totalEntries) {
    return malformed(`Central directory holds ${count} entries but the end record declares ${end.totalEntries}.`);
  }
  return undefined;
}

function toEntry(data: Buffer, h: RawHeader, index: number): ZipEntry {
  const decoded = decodeName(data.subarray(h.nameStart, h.nameStart + h.nameLength), h.flags);
  // Unix hosts keep the mode in the high half; other hosts normally leave it zero, and a nonzero
  // value is honoured whatever the host id so a link cannot hide behind a foreign host.
  const mode = h.externalAttributes >>> 16;
  return {
    index,
    name: decoded.name,
    nameUtf8Invalid: decoded.invalid,
    isDirectory: decoded.name.endsWith('/') || decoded.name.endsWith('\\'),
    comment: data.subarray(h.next - h.commentLength, h.next),
    flags: h.flags,
    method: h.method,
    crc32: h.crc32,
    compressedSize: h.compressedSize,
    uncompressedSize: h.uncompressedSize,
    localHeaderOffset: h.localHeaderOffset,
    versionMadeBy: h.versionMadeBy,
    externalAttributes: h.externalAttributes,
    unixMode: mode,
    isSymlink: (mode & 0o170000) === 0o120000,
    isEncrypted: isEncryptedEntry(h.flags, h.method),
    zip64: h.zip64,
  };
}

function buildEntries(data: Buffer, end: EndRecord): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let pos = end.cdOffset;
  for (let i = 0; i < end.totalEntries; i++) {
    const header = parseHeader(data, pos, end, i);
    // The walk has already validated every header; a failure here is a bug, not hostile input.
    if (!header.ok) throw new Error(`central directory changed between passes: ${header.message}`);
    entries.push(toEntry(data, header.value, i));
    pos = header.value.next;
  }
  return entries;
}

function preflight(data: Buffer, limits: ZipOpenLimits): ZipOpenResult {
  const read = readEndRecord(data);
  if (!read.ok) return malformed(read.message);
  const end = read.end;
  if (end.totalEntries > limits.maxMembers) {
    return {
      ok: false,
      reason: 'member_limit',
      message: `End record declares ${end.totalEntries} entries; the remaining member budget is ${limits.maxMembers}.`,
      observed: end.totalEntries,
      limit: limits.maxMembers,
    };
  }
  if (end.cdSize > limits.maxCentralDirectoryBytes) {
    return {
      ok: false,
      reason: 'size_limit',
      message: `Central directory is ${end.cdSize} bytes; the limit is ${limits.maxCentralDirectoryBytes}.`,
      observed: end.cdSize,
      limit: limits.maxCentralDirectoryBytes,
    };
  }
  if (end.totalEntries * CENTRAL_FIXED > end.cdSize) {
    return malformed(`End record declares ${end.totalEntries} entries, which cannot fit in a ${end.cdSize}-byte central directory.`);
  }
  const refusal = walk(data, end, limits);
  if (refusal !== undefined) return refusal;
  const entries = buildEntries(data, end);
  const survey = surveyCoverage(data, end, entries, limits.maxMembers - entries.length);
  return {
    ok: true,
    entries,
    declaredCount: end.totalEntries,
    centralDirectorySize: end.cdSize,
    zip64: end.zip64,
    commentLength: end.commentLength,
    comment: data.subarray(end.eocdOffset + EOCD_SIZE, end.eocdOffset + EOCD_SIZE + end.commentLength),
    archiveStart: end.archiveStart,
    leadingBytes: survey.leadingBytes,
    anomalies: survey.anomalies,
    anomalyCount: survey.anomalyCount,
    hiddenEntries: survey.hidden,
  };
}

/** A NaN limit would make every `>` comparison false and silently lift the cap. */
export function assertLimits(kind: string, limits: object): void {
  for (const [key, value] of Object.entries(limits)) {
    if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
      throw new RangeError(`${kind}.${key} must be a non-negative number, got ${String(value)}`);
    }
  }
}

/**
 * Opens an archive held in memory: INSPECTION §3.1 in order. Never throws for any archive content;
 * throws RangeError only for invalid limits (a programmer error).
 */
export function openZip(data: Buffer, limits: ZipOpenLimits): ZipOpenResult {
  assertLimits('ZipOpenLimits', limits);
  try {
    return preflight(data, limits);
  } catch (err) {
    const what = err instanceof Error ? err.name : 'unknown error';
    return malformed(`The archive could not be parsed (${what}).`);
  }
}
