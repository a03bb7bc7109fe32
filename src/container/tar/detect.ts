// Recognises the tar family from its bytes: gzip (RFC 1952), a tar stream (a POSIX/GNU "ustar"
// magic, or an old-style header whose checksum is right), and the compressors we recognise but do
// not decode (bzip2, xz, Zstandard), which are reported instead of passing as plain binary data.

export const BLOCK = 512;
const CHECKSUM_OFFSET = 148;
const CHECKSUM_LENGTH = 8;

export type OpaqueCompression = 'bzip2' | 'xz' | 'Zstandard';

function hasAt(data: Buffer, offset: number, sig: readonly number[]): boolean {
  if (offset + sig.length > data.length) return false;
  return sig.every((b, i) => data[offset + i] === b);
}

export function isGzipBytes(data: Buffer): boolean {
  // ID1 ID2 and CM 8 (deflate), the only method RFC 1952 defines.
  return hasAt(data, 0, [0x1f, 0x8b, 0x08]);
}

/** bzip2 needs its block magic too: "BZh" alone starts ordinary text. */
export function opaqueCompressionOf(data: Buffer): OpaqueCompression | undefined {
  const level = data[3] ?? 0;
  if (hasAt(data, 0, [0x42, 0x5a, 0x68]) && level >= 0x31 && level <= 0x39 && (hasAt(data, 4, [0x31, 0x41, 0x59, 0x26, 0x53, 0x59]) || hasAt(data, 4, [0x17, 0x72, 0x45, 0x38, 0x50, 0x90]))) return 'bzip2';
  if (hasAt(data, 0, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])) return 'xz';
  if (hasAt(data, 0, [0x28, 0xb5, 0x2f, 0xfd])) return 'Zstandard';
  return undefined;
}

/** The header checksum: the unsigned byte sum with the checksum field read as spaces. */
export function headerChecksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) {
    sum += i >= CHECKSUM_OFFSET && i < CHECKSUM_OFFSET + CHECKSUM_LENGTH ? 0x20 : (header[i] ?? 0);
  }
  return sum;
}

/** An octal field as tar writers fill it: digits, then NUL or space padding. */
export function storedChecksum(header: Buffer): number | undefined {
  const text = header.subarray(CHECKSUM_OFFSET, CHECKSUM_OFFSET + CHECKSUM_LENGTH).toString('latin1').replace(/[\0 ]+$/, '').replace(/^ +/, '');
  return /^[0-7]{1,7}$/.test(text) ? parseInt(text, 8) : undefined;
}

export function isTarBytes(data: Buffer): boolean {
  if (data.length < BLOCK) return false;
  if (hasAt(data, 257, [0x75, 0x73, 0x74, 0x61, 0x72])) return true;
  // Old-style (v7) header: a non-empty name and a checksum that matches.
  const header = data.subarray(0, BLOCK);
  return header[0] !== 0 && storedChecksum(header) === headerChecksum(header);
}

/** Bytes the tar reader opens or reports: gzip, tar, or a recognised but unsupported compressor. */
export function isTarFamilyBytes(data: Buffer): boolean {
  return isGzipBytes(data) || isTarBytes(data) || opaqueCompressionOf(data) !== undefined;
}
