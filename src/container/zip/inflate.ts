// Reads one member's bytes. The central directory is the authority: the local header is only
// cross-checked. Output is capped while inflating, never measured after the fact.

import { constants as bufferConstants } from 'node:buffer';
import { crc32, inflateRawSync } from 'node:zlib';
import { FLAG_ENCRYPTED, assertLimits, decodeName } from './central.js';
import { quoteName } from './names.js';
import type { ZipEntry, ZipReadLimits, ZipReadResult } from './types.js';
import { LOCAL_FIXED, LOCAL_SIGNATURE } from './format.js';
import { intoSlab } from '../../shared/byte-slabs.js';

const METHOD_STORED = 0;
const METHOD_DEFLATE = 8;
/**
 * zlib's output step. At its 16 KiB default, each member's output buffers landed in the C allocator's main
 * heap between allocations that outlive them; 1,000 members left ~30 MB there that was never returned. A step
 * above the allocator's mmap threshold is mapped or reused at the heap's top instead. The output is copied into
 * a slab (src/shared/byte-slabs.ts), so no member holds a whole step.
 */
const INFLATE_STEP = 1024 * 1024;

const METHOD_NAMES: ReadonlyMap<number, string> = new Map([
  [1, 'shrink'],
  [2, 'reduce'],
  [3, 'reduce'],
  [4, 'reduce'],
  [5, 'reduce'],
  [6, 'implode'],
  [9, 'Deflate64'],
  [10, 'PKWARE DCL implode'],
  [12, 'bzip2'],
  [14, 'LZMA'],
  [18, 'IBM TERSE'],
  [19, 'IBM LZ77'],
  [93, 'Zstandard'],
  [94, 'MP3'],
  [95, 'XZ'],
  [96, 'JPEG'],
  [97, 'WavPack'],
  [98, 'PPMd'],
]);

type Failure = Extract<ZipReadResult, { ok: false }>;

function truncated(message: string): Failure {
  return { ok: false, reason: 'truncated', message };
}

/** The three caps that share one inflate limit; which one is smallest decides the reason. */
interface Caps {
  cap: number;
  ratioCap: number;
  memberCap: number;
  remaining: number;
  compressed: number;
  maxRatio: number;
}

function computeCaps(entry: ZipEntry, limits: ZipReadLimits): Caps {
  const compressed = Math.max(entry.compressedSize, 1);
  const ratioCap = Math.floor(limits.maxRatio * compressed);
  const memberCap = Math.floor(limits.maxMemberBytes);
  const remaining = Math.floor(limits.remainingBytes);
  const cap = Math.max(0, Math.min(ratioCap, memberCap, remaining, bufferConstants.MAX_LENGTH));
  return { cap, ratioCap, memberCap, remaining, compressed, maxRatio: limits.maxRatio };
}

/** `atLeast` is the output size known to be reached: the real size, or cap + 1 when inflating stopped. */
function overCap(caps: Caps, atLeast: number): Failure {
  if (caps.cap === caps.ratioCap) {
    // Rounded up so the reported ratio is never below the limit it broke.
    const ratio = Math.ceil((atLeast / caps.compressed) * 10) / 10;
    return {
      ok: false,
      reason: 'compression_ratio',
      message: `Member expands to at least ${atLeast} bytes from ${caps.compressed} compressed bytes, a ratio of at least ${ratio}:1; the limit is ${caps.maxRatio}:1.`,
      observed: ratio,
      limit: caps.maxRatio,
    };
  }
  if (caps.cap === caps.memberCap) {
    return {
      ok: false,
      reason: 'member_size_limit',
      message: `Member expands to at least ${atLeast} bytes; the per-member limit is ${caps.memberCap} bytes.`,
      observed: atLeast,
      limit: caps.memberCap,
    };
  }
  return {
    ok: false,
    reason: 'size_limit',
    message: `Member expands to at least ${atLeast} bytes; only ${caps.remaining} bytes of the expanded-bytes budget remain.`,
    observed: atLeast,
    limit: caps.remaining,
  };
}

/** Cross-checks the local header and returns where the compressed data lies. */
function locateData(data: Buffer, entry: ZipEntry): { ok: true; start: number } | Failure {
  const off = entry.localHeaderOffset;
  if (off + LOCAL_FIXED > data.length) {
    return truncated(`Local header at offset ${off} runs past the end of the data (${data.length} bytes).`);
  }
  if (data.readUInt32LE(off) !== LOCAL_SIGNATURE) {
    return truncated(`Expected a local file header signature at offset ${off}, found 0x${data.readUInt32LE(off).toString(16)}.`);
  }
  const localFlags = data.readUInt16LE(off + 6);
  const localMethod = data.readUInt16LE(off + 8);
  const nameLength = data.readUInt16LE(off + 26);
  const extraLength = data.readUInt16LE(off + 28);
  const start = off + LOCAL_FIXED + nameLength + extraLength;
  if (start > data.length) {
    return truncated(`Local header at offset ${off} declares ${nameLength + extraLength} bytes of name and extra, past the end of the data.`);
  }
  if (localMethod !== entry.method) {
    return truncated(`Local header says compression method ${localMethod}; the central directory says ${entry.method}.`);
  }
  if ((localFlags & FLAG_ENCRYPTED) !== (entry.flags & FLAG_ENCRYPTED)) {
    return { ok: false, reason: 'encrypted', message: 'Local header marks the member as encrypted; the central directory does not.' };
  }
  const local = decodeName(data.subarray(off + LOCAL_FIXED, off + LOCAL_FIXED + nameLength), entry.flags);
  if (local.name !== entry.name || local.invalid !== entry.nameUtf8Invalid) {
    return truncated(`Local header name ${quoteName(local.name)} differs from the central directory name ${quoteName(entry.name)}.`);
  }
  if (start + entry.compressedSize > data.length) {
    return truncated(
      `Compressed data (${entry.compressedSize} bytes from offset ${start}) runs past the end of the data (${data.length} bytes).`,
    );
  }
  return { ok: true, start };
}

function checkCrc(bytes: Buffer, entry: ZipEntry): ZipReadResult {
  const actual = crc32(bytes);
  if (actual !== entry.crc32) {
    return truncated(`CRC-32 is 0x${actual.toString(16)}; the central directory declares 0x${entry.crc32.toString(16)}.`);
  }
  return { ok: true, bytes };
}

function readStored(slice: Buffer, entry: ZipEntry, caps: Caps): ZipReadResult {
  if (entry.compressedSize !== entry.uncompressedSize) {
    return truncated(`Stored member has compressed size ${entry.compressedSize} but uncompressed size ${entry.uncompressedSize}.`);
  }
  if (slice.length > caps.cap) return overCap(caps, slice.length);
  return checkCrc(slice, entry);
}

function readDeflated(slice: Buffer, entry: ZipEntry, caps: Caps): ZipReadResult {
  // Also stop at the declared size: more output than declared is corruption whatever the caps say.
  const bound = Math.min(caps.cap, entry.uncompressedSize);
  const overBound = (): Failure =>
    bound < caps.cap
      ? truncated(`Member inflates to more than its declared ${entry.uncompressedSize} bytes.`)
      : overCap(caps, caps.cap + 1);
  let out: Buffer;
  try {
    // maxOutputLength must be at least 1; a 1-byte result over a 0 bound is caught just below.
    out = inflateRawSync(slice, { maxOutputLength: Math.max(1, bound), chunkSize: INFLATE_STEP });
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') return overBound();
    return truncated(`Inflating failed (${typeof code === 'string' ? code : 'unknown error'}).`);
  }
  if (out.length > bound) return overBound();
  if (out.length !== entry.uncompressedSize) {
    return truncated(`Member inflates to ${out.length} bytes; the central directory declares ${entry.uncompressedSize}.`);
  }
  return checkCrc(intoSlab(out), entry);
}

/**
 * Reads one member in memory within the caps. Never throws for any archive content; throws
 * RangeError only for invalid limits (a programmer error).
 */
export function readZipEntry(data: Buffer, entry: ZipEntry, limits: ZipReadLimits): ZipReadResult {
  assertLimits('ZipReadLimits', limits);
  try {
    if (entry.isEncrypted) {
      return { ok: false, reason: 'encrypted', message: `Member is encrypted (flags 0x${entry.flags.toString(16)}, method ${entry.method}).` };
    }
    if (entry.method !== METHOD_STORED && entry.method !== METHOD_DEFLATE) {
      const label = METHOD_NAMES.get(entry.method) ?? 'unknown';
      return {
        ok: false,
        reason: 'unsupported_compression',
        message: `Member uses compression method ${entry.method} (${label}); only stored (0) and deflate (8) are supported.`,
      };
    }
    const located = locateData(data, entry);
    if (!located.ok) return located;
    const slice = data.subarray(located.start, located.start + entry.compressedSize);
    const caps = computeCaps(entry, limits);
    return entry.method === METHOD_STORED ? readStored(slice, entry, caps) : readDeflated(slice, entry, caps);
  } catch (err) {
    return truncated(`The member could not be read (${err instanceof Error ? err.name : 'unknown error'}).`);
  }
}
