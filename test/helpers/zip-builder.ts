/**
 * Test-only ZIP writer that builds valid archives and forges hostile ones. Never used at run time.
 *
 *   buildZip(entries, opts?)       -> Buffer
 *   buildZipLayout(entries, opts?) -> { buffer, localOffsets, dataOffsets, cdOffset, cdSize, eocdOffset, zip64RecordOffset? }
 *
 * Entries (`ZipBuildEntry`), in central-directory order; every field but `name` is optional:
 *   name            string (written as UTF-8; flag 0x800 is set automatically when non-ASCII) or raw bytes
 *   data            uncompressed content (string = UTF-8). Default empty.
 *   method          0 stored (default), 8 deflate (really compressed), any other id: `data` is
 *                   written verbatim as the "compressed" bytes
 *   compressed      raw bytes to write as the member data instead of compressing `data`
 *   mode            Unix mode, e.g. 0o100755, or 0o120777 for a symlink (then `data` is the target);
 *                   sets host 3 (Unix) in version-made-by and mode << 16 in the external attributes
 *   versionMadeBy, externalAttributes   raw overrides
 *   encrypted       sets flag bit 0 (data is NOT really encrypted); strongEncryption sets 0x40
 *   utf8            force flag 0x800 on or off
 *   flags           extra bits OR'ed into both headers' flags
 *   crc, declaredSize, compressedSizeOverride   forged CRC / uncompressed size / compressed size
 *                   (written to both headers)
 *   dataDescriptor  flag 0x08: zero CRC/sizes in the local header, a signed descriptor after the data
 *   zip64           sizes and offset go into ZIP64 extra fields; the 32-bit fields are saturated
 *   localName, localMethod, localFlags (replaces the local flags), localExtra, centralExtra, comment
 *                   forge or extend single headers
 *   sameDataAs      index of an earlier entry: write no local record, point this central header at
 *                   that entry's local header and copy its flags, method, sizes and CRC (overlap forging)
 *   localHeaderOffset, diskNumberStart   raw overrides in the central header
 *   localCrc, localCompressedSize   forge only the local header's CRC / compressed size (a header
 *                   disagreement: stream readers trust the local header)
 *   unlisted        write the local record but no central header (a hidden entry `jar x` extracts)
 *   junkAfter       bytes written after this entry's local record that no header accounts for
 *
 * Options (`ZipBuildOptions`):
 *   comment, commentLengthOverride     archive comment and a forged comment-length field
 *   forgeTotalEntries, forgeDiskEntries, forgeCdSize, forgeCdOffset
 *                   forge the authoritative end-record values (the ZIP64 record when zip64Eocd is
 *                   set, the classic EOCD otherwise); forgeTotalEntries also sets the per-disk count
 *                   unless forgeDiskEntries is given
 *   diskNumber, cdDiskNumber           multi-disk forgery (same placement rule)
 *   zip64Eocd       write a ZIP64 end record and locator and saturate the classic count/size/offset
 *   eocdFields      raw overrides of classic EOCD fields (applied last)
 *   zip64Fields     raw overrides of ZIP64 record/locator fields (applied last)
 *   cdPadding       bytes appended inside the central directory (counted in its size)
 *   prepend         bytes before the first local header (offsets are shifted to stay valid)
 *   hostPrefix      bytes before the archive whose offsets are NOT shifted (`cat host.gif a.zip`:
 *                   a polyglot or self-extractor, as Python's zipfile and zipimport accept it);
 *                   the layout's offsets do not include it
 *   append          bytes after the end record (makes the comment length wrong)
 *   truncateAt      cut the finished archive to this many bytes
 */

import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipBuildEntry {
  name: string | Buffer;
  data?: Buffer | string;
  method?: number;
  compressed?: Buffer;
  mode?: number;
  versionMadeBy?: number;
  externalAttributes?: number;
  encrypted?: boolean;
  strongEncryption?: boolean;
  utf8?: boolean;
  flags?: number;
  crc?: number;
  declaredSize?: number;
  compressedSizeOverride?: number;
  dataDescriptor?: boolean;
  zip64?: boolean;
  localName?: string | Buffer;
  localMethod?: number;
  localFlags?: number;
  localExtra?: Buffer;
  centralExtra?: Buffer;
  comment?: string | Buffer;
  sameDataAs?: number;
  localHeaderOffset?: number;
  diskNumberStart?: number;
  localCrc?: number;
  localCompressedSize?: number;
  unlisted?: boolean;
  junkAfter?: Buffer;
}

export interface ZipEocdFields {
  diskNumber: number;
  cdDiskNumber: number;
  diskEntries: number;
  totalEntries: number;
  cdSize: number;
  cdOffset: number;
  commentLength: number;
}

export interface Zip64Fields {
  diskNumber: number;
  cdDiskNumber: number;
  diskEntries: number;
  totalEntries: number;
  cdSize: number;
  cdOffset: number;
  recordSize: number;
  locatorDisk: number;
  totalDisks: number;
  recordOffset: number;
}

export interface ZipBuildOptions {
  comment?: string | Buffer;
  commentLengthOverride?: number;
  forgeTotalEntries?: number;
  forgeDiskEntries?: number;
  forgeCdSize?: number;
  forgeCdOffset?: number;
  diskNumber?: number;
  cdDiskNumber?: number;
  zip64Eocd?: boolean;
  eocdFields?: Partial<ZipEocdFields>;
  zip64Fields?: Partial<Zip64Fields>;
  cdPadding?: Buffer;
  prepend?: Buffer;
  hostPrefix?: Buffer;
  append?: Buffer;
  truncateAt?: number;
}

export interface ZipLayout {
  buffer: Buffer;
  /** Absolute offset of each entry's local header (the shared one for `sameDataAs`). */
  localOffsets: number[];
  /** Absolute offset of each entry's data. */
  dataOffsets: number[];
  cdOffset: number;
  cdSize: number;
  eocdOffset: number;
  zip64RecordOffset?: number;
}

const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;

function bytesOf(v: string | Buffer | undefined): Buffer {
  if (v === undefined) return Buffer.alloc(0);
  return typeof v === 'string' ? Buffer.from(v, 'utf8') : v;
}

function u16(v: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(v & U16_MAX);
  return b;
}

function u32(v: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(v >>> 0);
  return b;
}

function u64(v: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(v));
  return b;
}

/** Everything both headers need about one member, after defaults and forgeries. */
interface Member {
  name: Buffer;
  flags: number;
  method: number;
  crc: number;
  csize: number;
  usize: number;
  body: Buffer;
  versionMadeBy: number;
  externalAttributes: number;
}

function prepareMember(e: ZipBuildEntry): Member {
  const raw = bytesOf(e.data);
  const method = e.method ?? 0;
  const body = e.compressed ?? (method === 8 ? deflateRawSync(raw) : raw);
  const name = bytesOf(e.name);
  const utf8 = e.utf8 ?? (typeof e.name === 'string' && /[^\x00-\x7f]/.test(e.name));
  let flags = e.flags ?? 0;
  if (utf8) flags |= 0x800;
  if (e.encrypted === true) flags |= 0x1;
  if (e.strongEncryption === true) flags |= 0x40;
  if (e.dataDescriptor === true) flags |= 0x8;
  const unix = e.mode !== undefined;
  return {
    name,
    flags,
    method,
    crc: e.crc ?? crc32(raw),
    csize: e.compressedSizeOverride ?? body.length,
    usize: e.declaredSize ?? raw.length,
    body,
    versionMadeBy: e.versionMadeBy ?? ((unix ? 3 : 0) << 8) | (e.zip64 === true ? 45 : 20),
    externalAttributes: e.externalAttributes ?? (unix ? ((e.mode ?? 0) << 16) >>> 0 : 0),
  };
}

function zip64Extra(values: number[]): Buffer {
  return Buffer.concat([u16(0x0001), u16(values.length * 8), ...values.map(u64)]);
}

function localRecord(e: ZipBuildEntry, m: Member): { record: Buffer; dataStart: number } {
  const zip64 = e.zip64 === true;
  const dd = e.dataDescriptor === true;
  const name = e.localName !== undefined ? bytesOf(e.localName) : m.name;
  const extra = Buffer.concat([zip64 ? zip64Extra(dd ? [0, 0] : [m.usize, m.csize]) : Buffer.alloc(0), e.localExtra ?? Buffer.alloc(0)]);
  const header = Buffer.concat([
    u32(0x04034b50),
    u16(zip64 ? 45 : 20),
    u16(e.localFlags ?? m.flags),
    u16(e.localMethod ?? m.method),
    u16(0),
    u16(0x21),
    u32(e.localCrc ?? (dd ? 0 : m.crc)),
    u32(e.localCompressedSize ?? (zip64 ? U32_MAX : dd ? 0 : m.csize)),
    u32(zip64 ? U32_MAX : dd ? 0 : m.usize),
    u16(name.length),
    u16(extra.length),
    name,
    extra,
  ]);
  const parts = [header, m.body];
  if (dd) {
    const size = zip64 ? u64 : u32;
    parts.push(u32(0x08074b50), u32(m.crc), size(m.csize), size(m.usize));
  }
  return { record: Buffer.concat(parts), dataStart: header.length };
}

function centralRecord(e: ZipBuildEntry, m: Member, offset: number): Buffer {
  const zip64 = e.zip64 === true;
  const extra = Buffer.concat([zip64 ? zip64Extra([m.usize, m.csize, offset]) : Buffer.alloc(0), e.centralExtra ?? Buffer.alloc(0)]);
  const comment = bytesOf(e.comment);
  return Buffer.concat([
    u32(0x02014b50),
    u16(m.versionMadeBy),
    u16(zip64 ? 45 : 20),
    u16(m.flags),
    u16(m.method),
    u16(0),
    u16(0x21),
    u32(m.crc),
    u32(zip64 ? U32_MAX : m.csize),
    u32(zip64 ? U32_MAX : m.usize),
    u16(m.name.length),
    u16(extra.length),
    u16(comment.length),
    u16(e.diskNumberStart ?? 0),
    u16(0),
    u32(m.externalAttributes),
    u32(zip64 ? U32_MAX : offset),
    m.name,
    extra,
    comment,
  ]);
}

interface EndValues {
  diskNumber: number;
  cdDiskNumber: number;
  diskEntries: number;
  totalEntries: number;
  cdSize: number;
  cdOffset: number;
}

function authoritativeValues(count: number, cdOffset: number, cdSize: number, o: ZipBuildOptions): EndValues {
  const total = o.forgeTotalEntries ?? count;
  return {
    diskNumber: o.diskNumber ?? 0,
    cdDiskNumber: o.cdDiskNumber ?? o.diskNumber ?? 0,
    diskEntries: o.forgeDiskEntries ?? total,
    totalEntries: total,
    cdSize: o.forgeCdSize ?? cdSize,
    cdOffset: o.forgeCdOffset ?? cdOffset,
  };
}

function zip64Tail(v: EndValues, recordOffset: number, o: ZipBuildOptions): Buffer {
  const f: Zip64Fields = { ...v, recordSize: 44, locatorDisk: 0, totalDisks: 1, recordOffset, ...o.zip64Fields };
  return Buffer.concat([
    u32(0x06064b50),
    u64(f.recordSize),
    u16(45),
    u16(45),
    u32(f.diskNumber),
    u32(f.cdDiskNumber),
    u64(f.diskEntries),
    u64(f.totalEntries),
    u64(f.cdSize),
    u64(f.cdOffset),
    u32(0x07064b50),
    u32(f.locatorDisk),
    u64(f.recordOffset),
    u32(f.totalDisks),
  ]);
}

function eocdRecord(v: EndValues, zip64: boolean, o: ZipBuildOptions): Buffer {
  const comment = bytesOf(o.comment);
  const sat = (value: number, max: number): number => (zip64 ? max : value);
  const f: ZipEocdFields = {
    diskNumber: zip64 ? 0 : v.diskNumber,
    cdDiskNumber: zip64 ? 0 : v.cdDiskNumber,
    diskEntries: sat(v.diskEntries, U16_MAX),
    totalEntries: sat(v.totalEntries, U16_MAX),
    cdSize: sat(v.cdSize, U32_MAX),
    cdOffset: sat(v.cdOffset, U32_MAX),
    commentLength: o.commentLengthOverride ?? comment.length,
    ...o.eocdFields,
  };
  return Buffer.concat([
    u32(0x06054b50),
    u16(f.diskNumber),
    u16(f.cdDiskNumber),
    u16(f.diskEntries),
    u16(f.totalEntries),
    u32(f.cdSize),
    u32(f.cdOffset),
    u16(f.commentLength),
    comment,
  ]);
}

export function buildZipLayout(entries: ZipBuildEntry[], opts: ZipBuildOptions = {}): ZipLayout {
  const parts: Buffer[] = [];
  let pos = 0;
  const push = (b: Buffer): void => {
    parts.push(b);
    pos += b.length;
  };
  if (opts.prepend !== undefined) push(opts.prepend);
  const members: Member[] = [];
  const localOffsets: number[] = [];
  const dataOffsets: number[] = [];
  entries.forEach((e, i) => {
    const shared = e.sameDataAs;
    if (shared !== undefined) {
      const src = members[shared];
      if (src === undefined || shared >= i) throw new Error(`sameDataAs ${shared} must name an earlier entry`);
      members.push({ ...src, name: bytesOf(e.name), versionMadeBy: prepareMember(e).versionMadeBy });
      localOffsets.push(localOffsets[shared] ?? 0);
      dataOffsets.push(dataOffsets[shared] ?? 0);
      return;
    }
    const m = prepareMember(e);
    const { record, dataStart } = localRecord(e, m);
    members.push(m);
    localOffsets.push(pos);
    dataOffsets.push(pos + dataStart);
    push(record);
    if (e.junkAfter !== undefined) push(e.junkAfter);
  });
  const cdOffset = pos;
  let listed = 0;
  entries.forEach((e, i) => {
    const m = members[i];
    if (m === undefined) throw new Error('unreachable');
    if (e.unlisted === true) return;
    listed += 1;
    push(centralRecord(e, m, e.localHeaderOffset ?? localOffsets[i] ?? 0));
  });
  if (opts.cdPadding !== undefined) push(opts.cdPadding);
  const cdSize = pos - cdOffset;
  const values = authoritativeValues(listed, cdOffset, cdSize, opts);
  const zip64 = opts.zip64Eocd === true;
  const zip64RecordOffset = zip64 ? pos : undefined;
  if (zip64) push(zip64Tail(values, pos, opts));
  const eocdOffset = pos;
  push(eocdRecord(values, zip64, opts));
  if (opts.append !== undefined) push(opts.append);
  let buffer = Buffer.concat(parts);
  if (opts.truncateAt !== undefined) buffer = Buffer.from(buffer.subarray(0, opts.truncateAt));
  if (opts.hostPrefix !== undefined) buffer = Buffer.concat([opts.hostPrefix, buffer]);
  const layout: ZipLayout = { buffer, localOffsets, dataOffsets, cdOffset, cdSize, eocdOffset };
  if (zip64RecordOffset !== undefined) layout.zip64RecordOffset = zip64RecordOffset;
  return layout;
}

export function buildZip(entries: ZipBuildEntry[], opts: ZipBuildOptions = {}): Buffer {
  return buildZipLayout(entries, opts).buffer;
}

// ---------------------------------------------------------------------------------------------
// Mutations for fuzzing: byte-level damage plus targeted forgery of fields after a signature.
//   applyMutations(buf, mutations) -> a mutated copy; `at` values are taken modulo the length.
//   seedArchives()                 -> a small varied corpus of valid archives to mutate.
// ---------------------------------------------------------------------------------------------

export type ZipMutation =
  | { kind: 'flip'; at: number; bit: number }
  | { kind: 'set'; at: number; value: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'insert'; at: number; bytes: number[] }
  | { kind: 'delete'; at: number; count: number }
  /** Overwrite a 2/4/8-byte field `offset` bytes after the n-th (mod count) ZIP signature. */
  | { kind: 'forge'; signature: number; offset: number; width: 2 | 4 | 8; value: number };

const SIGNATURES = [0x02014b50, 0x04034b50, 0x06054b50, 0x06064b50, 0x07064b50, 0x08074b50];

function signatureOffsets(buf: Buffer): number[] {
  const found: number[] = [];
  for (let i = 0; i + 4 <= buf.length; i++) {
    if (buf[i] === 0x50 && buf[i + 1] === 0x4b && SIGNATURES.includes(buf.readUInt32LE(i))) found.push(i);
  }
  return found;
}

function forge(buf: Buffer, m: Extract<ZipMutation, { kind: 'forge' }>): Buffer {
  const sigs = signatureOffsets(buf);
  if (sigs.length === 0) return buf;
  const at = (sigs[m.signature % sigs.length] ?? 0) + m.offset;
  if (at + m.width > buf.length) return buf;
  if (m.width === 2) buf.writeUInt16LE(m.value & U16_MAX, at);
  else if (m.width === 4) buf.writeUInt32LE(m.value >>> 0, at);
  else buf.writeBigUInt64LE(BigInt(Math.max(0, Math.trunc(m.value))), at);
  return buf;
}

function applyOne(buf: Buffer, m: ZipMutation): Buffer {
  const len = Math.max(buf.length, 1);
  switch (m.kind) {
    case 'flip':
      if (buf.length > 0) buf[m.at % len] = (buf[m.at % len] ?? 0) ^ (1 << (m.bit & 7));
      return buf;
    case 'set':
      if (buf.length > 0) buf[m.at % len] = m.value & 0xff;
      return buf;
    case 'truncate':
      return buf.subarray(0, m.at % len);
    case 'insert':
      return Buffer.concat([buf.subarray(0, m.at % len), Buffer.from(m.bytes), buf.subarray(m.at % len)]);
    case 'delete':
      return Buffer.concat([buf.subarray(0, m.at % len), buf.subarray((m.at % len) + m.count)]);
    case 'forge':
      return forge(buf, m);
  }
}

export function applyMutations(original: Buffer, mutations: readonly ZipMutation[]): Buffer {
  let buf: Buffer = Buffer.from(original);
  for (const m of mutations) buf = applyOne(buf, m);
  return buf;
}

export function seedArchives(): Buffer[] {
  const text = 'The quick brown fox jumps over the lazy dog. '.repeat(40);
  const mixed: ZipBuildEntry[] = [
    { name: 'SKILL.md', data: text, method: 8 },
    { name: 'scripts/', mode: 0o40755 },
    { name: 'scripts/run.sh', data: '#!/bin/sh\necho hi\n', mode: 0o100755 },
    { name: 'link', data: 'SKILL.md', mode: 0o120777 },
    { name: 'ünï.txt', data: 'x' },
  ];
  return [
    buildZip(mixed, { comment: 'seed' }),
    buildZip(mixed.map((e) => ({ ...e, zip64: true })), { zip64Eocd: true }),
    buildZip(mixed.map((e) => ({ ...e, dataDescriptor: true }))),
    buildZip([{ name: 'bomb.bin', data: Buffer.alloc(2_000_000), method: 8 }]),
    buildZip([{ name: 'secret', data: 'x', encrypted: true }, { name: 'bz', data: 'x', method: 12 }]),
    buildZip([{ name: 'a', data: text, method: 8 }, { name: 'a', sameDataAs: 0 }]),
    buildZip(Array.from({ length: 80 }, (_, i) => ({ name: `f${i}`, data: `entry ${i}`, method: i % 2 === 0 ? 8 : 0 }))),
    buildZip([]),
    // Issue 9: a polyglot, a hidden local entry, an empty end record over real entries, comments.
    buildZip([{ name: '__main__.py', data: 'print(1)\n', method: 8 }], { hostPrefix: Buffer.from('GIF89a\x01\x00\x01\x00;', 'latin1') }),
    buildZip([{ name: 'a', data: 'a', comment: 'entry note' }, { name: 'h', data: text, method: 8, unlisted: true }, { name: 'b', data: 'b' }], { comment: 'archive note' }),
    buildZip([{ name: 'x/', data: 'dir data' }, { name: 'y\\', data: 'y' }], { eocdFields: { totalEntries: 0, diskEntries: 0, cdSize: 0 } }),
  ];
}

/** A macOS Finder metadata sidecar (`__MACOSX/._*`): AppleDouble header (magic 0x00051607, version 2) and a Finder-info entry. */
export function appleDouble(): Buffer {
  const b = Buffer.alloc(4096);
  b.writeUInt32BE(0x00051607, 0);
  b.writeUInt32BE(0x00020000, 4);
  b.write('Mac OS X        ', 8, 'latin1');
  b.writeUInt16BE(2, 24);
  b.writeUInt32BE(9, 26);
  b.writeUInt32BE(50, 30);
  b.writeUInt32BE(0xe2, 34);
  b.writeUInt32BE(2, 38);
  b.writeUInt32BE(0x10c, 42);
  b.writeUInt32BE(0xef4, 46);
  b.write('ATTR', 0x50, 'latin1');
  b.fill(0xa5, 0x120, 0x180);
  return b;
}
