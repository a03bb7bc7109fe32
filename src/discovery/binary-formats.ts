// Binary formats recognised from a file's first bytes: data formats (images, PDF, fonts, media) that no
// rule reads, and compressed or archive streams SkillSpector cannot open. Only the start of a file counts
// (a PNG holds zlib streams inside; it is still a PNG).

function at(bytes: Buffer, offset: number, magic: Buffer | string): boolean {
  const m = typeof magic === 'string' ? Buffer.from(magic, 'latin1') : magic;
  return bytes.length >= offset + m.length && bytes.subarray(offset, offset + m.length).equals(m);
}

const DATA_MAGIC: readonly Buffer[] = [
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), // PNG
  Buffer.from([0xff, 0xd8, 0xff]), // JPEG
  Buffer.from('GIF87a'), Buffer.from('GIF89a'),
  Buffer.from('%PDF-'),
  Buffer.from([0x00, 0x61, 0x73, 0x6d]), // wasm
  Buffer.from([0x00, 0x01, 0x00, 0x00, 0x00]), Buffer.from('OTTO'), Buffer.from('wOFF'), Buffer.from('wOF2'), Buffer.from('ttcf'), // fonts
  Buffer.from([0x00, 0x00, 0x01, 0x00]), Buffer.from([0x00, 0x00, 0x02, 0x00]), // ICO, CUR
  Buffer.from('II*\u0000'), Buffer.from('MM\u0000*'), // TIFF
  Buffer.from('8BPS'), Buffer.from('icns'), Buffer.from([0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20]), // PSD, ICNS, JPEG 2000
  Buffer.from('RIFF'), Buffer.from('OggS'), Buffer.from('fLaC'), Buffer.from('ID3'), Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), // WAV/WebP/AVI, Ogg, FLAC, MP3, Matroska
  Buffer.from('SQLite format 3\u0000'), Buffer.from([0x00, 0x00, 0x00, 0x01, 0x42, 0x75, 0x64, 0x31]), // SQLite, .DS_Store
  Buffer.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]), // NumPy .npy
];

const MP3_SYNC: ReadonlySet<number> = new Set([0xfb, 0xfa, 0xf3, 0xf2, 0xe3, 0xe2]);

/** The bytes start like an image, PDF, font, media or other data format (not a container, not native code). */
export function hasDataMagic(bytes: Buffer): boolean {
  if (DATA_MAGIC.some((m) => at(bytes, 0, m))) return true;
  if (at(bytes, 4, 'ftyp')) return true; // MP4, MOV, HEIC, AVIF
  if (bytes[0] === 0xff && MP3_SYNC.has(bytes[1] ?? 0)) return true; // MPEG audio frame without ID3 (never FF FE, a UTF-16 BOM)
  return isSafetensors(bytes);
}

/** safetensors: a little-endian u64 header length, then a JSON header that fits in the file. */
function isSafetensors(bytes: Buffer): boolean {
  if (bytes.length < 10 || bytes[8] !== 0x7b) return false;
  const n = bytes.readBigUInt64LE(0);
  return n > 1n && n <= BigInt(bytes.length - 8);
}

export function isPdfMagic(bytes: Buffer): boolean {
  return at(bytes, 0, '%PDF-');
}

/**
 * A PDF with real structure: numbered objects (`1 0 obj … endobj`) near the start and the `%%EOF` trailer
 * (with `startxref` or an `xref` table) in the last KiB. A `%PDF-` header over plain text has none of it.
 */
export function hasPdfStructure(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 64 * 1024).toString('latin1');
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1');
  return /\b\d+\s+\d+\s+obj\b/.test(head) && head.includes('endobj') && tail.includes('%%EOF') && /\b(?:startxref|xref)\b/.test(bytes.length <= 64 * 1024 ? head : `${head}${tail}`);
}

// Compressed or archive formats we cannot open (ZIP-based ones we can). Anything could be inside.
const ARCHIVE_MAGIC: readonly Buffer[] = [
  Buffer.from([0x1f, 0x8b]), Buffer.from('BZh'), Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]), // gzip, bzip2, xz
  Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), Buffer.from('Rar!\u001a\u0007'), Buffer.from([0x28, 0xb5, 0x2f, 0xfd]), // 7z, RAR, zstd
  Buffer.from('LZIP'), Buffer.from('MSCF'), // lzip, CAB
  Buffer.from([0x04, 0x22, 0x4d, 0x18]), Buffer.from([0x02, 0x21, 0x4c, 0x18]), // LZ4 frame, LZ4 legacy
  Buffer.from([0x89, 0x4c, 0x5a, 0x4f, 0x00, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from([0xff, 0x06, 0x00, 0x00, 0x73, 0x4e, 0x61, 0x50, 0x70, 0x59]), // lzop, snappy
  Buffer.from('!<arch>\n'), Buffer.from([0xed, 0xab, 0xee, 0xdb]), Buffer.from([0x60, 0xea]), Buffer.from('xar!'), // ar/deb, RPM, ARJ, xar/pkg
  Buffer.from('hsqs'), Buffer.from('MSWIM\u0000\u0000\u0000'), Buffer.from([0xc7, 0x71]), Buffer.from([0x71, 0xc7]), // squashfs, WIM, binary cpio
];

/** A compressed stream or archive SkillSpector cannot open, recognised from the file's start. */
export function isUnopenableArchive(bytes: Buffer): boolean {
  if (ARCHIVE_MAGIC.some((m) => at(bytes, 0, m))) return true;
  if (at(bytes, 257, 'ustar') || at(bytes, 0x8001, 'CD001')) return true; // tar, ISO 9660
  if (bytes.length >= 7 && bytes[2] === 0x2d && bytes[3] === 0x6c && bytes[6] === 0x2d) return true; // LZH "-lh5-"
  return isRawZlib(bytes) || isLzmaAlone(bytes) || isUnixCompress(bytes);
}

/** RFC 1950 header: CM 8, window ≤ 32 KiB, FCHECK multiple of 31 (0x78 01/5e/9c/da), then a valid block type. */
function isRawZlib(bytes: Buffer): boolean {
  const cmf = bytes[0] ?? 0;
  const flg = bytes[1] ?? 0;
  if (bytes.length < 3 || (cmf & 0x0f) !== 8 || cmf >> 4 > 7 || ((cmf << 8) | flg) % 31 !== 0 || (flg & 0x20) !== 0) return false;
  return ((bytes[2] ?? 0) & 0x06) !== 0x06; // BTYPE 11 is reserved
}

/** LZMA-alone (`.lzma`): properties byte < 225, a dictionary of 2^n or 2^n + 2^(n-1) bytes, a sane size. */
function isLzmaAlone(bytes: Buffer): boolean {
  if (bytes.length < 13 || (bytes[0] ?? 255) >= 225) return false;
  const dict = bytes.readUInt32LE(1);
  let plausibleDict = false;
  for (let n = 12; n <= 30 && !plausibleDict; n += 1) plausibleDict = dict === 2 ** n || dict === 2 ** n + 2 ** (n - 1);
  if (!plausibleDict) return false;
  const size = bytes.readBigUInt64LE(5);
  return size === 0xffffffffffffffffn || size < 1n << 40n;
}

/** Unix `compress` (`.Z`): 1F 9D, then a flags byte with 9–16 maximum code bits. */
function isUnixCompress(bytes: Buffer): boolean {
  if (bytes.length < 3 || bytes[0] !== 0x1f || bytes[1] !== 0x9d) return false;
  const bits = (bytes[2] ?? 0) & 0x1f;
  return bits >= 9 && bits <= 16 && ((bytes[2] ?? 0) & 0x60) === 0;
}

/** Shannon entropy in bits per byte of the first 64 KiB. */
export function entropyOf(bytes: Buffer): number {
  const sample = bytes.subarray(0, 64 * 1024);
  if (sample.length === 0) return 0;
  const counts = new Uint32Array(256);
  for (const b of sample) counts[b] = (counts[b] ?? 0) + 1;
  let h = 0;
  for (const c of counts) {
    if (c === 0) continue;
    const p = c / sample.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/**
 * Compressed or encrypted bytes of no known data format: at least 1 KiB whose first 64 KiB carry 7.5 bits
 * of entropy per byte or more (ordinary binary data and text stay far below; random 1 KiB scores ~7.8).
 */
export function looksCompressed(bytes: Buffer): boolean {
  return bytes.length >= 1024 && !hasDataMagic(bytes) && entropyOf(bytes) >= 7.5;
}

// Names that promise a data format: an image or PDF under its own name is data even where it holds text.
const DATA_SUFFIXES: ReadonlySet<string> = new Set([
  '.png', '.apng', '.jpg', '.jpeg', '.jpe', '.jfif', '.gif', '.bmp', '.ico', '.cur', '.icns', '.webp', '.tif', '.tiff',
  '.avif', '.heic', '.heif', '.jp2', '.psd', '.pdf', '.ttf', '.otf', '.ttc', '.woff', '.woff2', '.wasm',
  '.mp3', '.mp4', '.m4a', '.m4v', '.mov', '.wav', '.avi', '.ogg', '.oga', '.ogv', '.opus', '.flac', '.mkv', '.webm',
  '.sqlite', '.sqlite3', '.db', '.npy', '.safetensors',
]);

export function promisesDataFormat(suffix: string): boolean {
  return DATA_SUFFIXES.has(suffix);
}
