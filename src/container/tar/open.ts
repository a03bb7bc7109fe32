// Opens a tar-family container in memory: gunzip within the caps when gzip, then the tar reader, or a
// plain `.gz` as a container of one member. Members become ZipEntry values so the shared member
// pipeline (names, budgets, exclusions, collisions, nesting) treats them exactly like ZIP members;
// their bytes are already in memory and are handed over by `tarMemberRead`.
import type { ZipEntry } from '../zip/index.js';
import { checkMemberName } from '../zip/index.js';
import { isGzipBytes, isTarBytes, opaqueCompressionOf } from './detect.js';
import { gunzipBounded, gzipOriginalName } from './gunzip.js';
import { parseTar } from './parse.js';
import type { TarEntry } from './parse.js';

export interface TarOpenLimits {
  maxMembers: number;
  /** Cap on tar headers and name records, as for a ZIP central directory. */
  maxHeaderBytes: number;
  maxRatio: number;
  /** What is left of the shared expanded-bytes budget. */
  remainingBytes: number;
}

export type TarRefusalReason = 'malformed' | 'truncated' | 'member_limit' | 'size_limit' | 'compression_ratio' | 'unsupported_compression';

export type TarOpenResult =
  | { ok: true; type: 'tar' | 'gzip'; entries: ZipEntry[]; trailingBytes: number }
  | { ok: false; reason: TarRefusalReason; message: string; observed?: number; limit?: number };

interface Payload { bytes?: Buffer; link?: string }

// Entries are created here and read by member.ts; a WeakMap keeps ZipEntry itself unchanged.
const PAYLOADS = new WeakMap<ZipEntry, Payload>();

const TYPE_BITS: Readonly<Record<TarEntry['kind'], number>> = { file: 0o100000, directory: 0o040000, link: 0o120000 };

/** The in-memory bytes of a tar-family member, or the message for a link entry; undefined for ZIP entries. */
export function tarMemberRead(entry: ZipEntry): Payload | undefined {
  return PAYLOADS.get(entry);
}

function zipEntryOf(index: number, name: string, kind: TarEntry['kind'], mode: number, data: Buffer, compressedSize: number, offset: number, payload: Payload): ZipEntry {
  const entry: ZipEntry = {
    index, name, nameUtf8Invalid: false, isDirectory: kind === 'directory', flags: 0, method: 0, crc32: 0,
    compressedSize, uncompressedSize: data.length, localHeaderOffset: offset, versionMadeBy: 0, externalAttributes: 0,
    unixMode: TYPE_BITS[kind] | (mode & 0o7777), isSymlink: kind === 'link', isEncrypted: false, zip64: false, comment: Buffer.alloc(0),
  };
  PAYLOADS.set(entry, payload);
  return entry;
}

function fromTar(entries: readonly TarEntry[]): ZipEntry[] {
  return entries.map((e, i) => {
    const payload = e.kind === 'link' ? { link: `Archive member is a ${e.linkDescription}; links and special files are never followed or read.` } : { bytes: e.data };
    return zipEntryOf(i, e.name, e.kind, e.mode, e.data, e.data.length, e.offset, payload);
  });
}

/** The single member of a plain `.gz`: its FNAME when that is a safe plain name, else the outer name minus `.gz`. */
function gzipMemberName(data: Buffer, outerPath: string): string {
  const original = gzipOriginalName(data);
  if (original !== undefined && !original.includes('/') && !original.includes('\\') && checkMemberName(original).ok) return original;
  const base = outerPath.split(/!\/|\//).pop() ?? outerPath;
  const stripped = base.replace(/\.gz$/i, '');
  return stripped === '' ? 'content' : stripped;
}

function openTarStream(data: Buffer, limits: TarOpenLimits): TarOpenResult {
  const parsed = parseTar(data, { maxMembers: limits.maxMembers, maxHeaderBytes: limits.maxHeaderBytes });
  if (!parsed.ok) return parsed;
  return { ok: true, type: 'tar', entries: fromTar(parsed.entries), trailingBytes: parsed.trailingBytes };
}

export function openTarFamily(data: Buffer, outerPath: string, limits: TarOpenLimits): TarOpenResult {
  const opaque = opaqueCompressionOf(data);
  if (opaque !== undefined) {
    return { ok: false, reason: 'unsupported_compression', message: `The file is ${opaque}-compressed (a .tar.${opaque === 'bzip2' ? 'bz2' : opaque === 'xz' ? 'xz' : 'zst'} or bare ${opaque} stream); ${opaque} is not decoded, so its content was not inspected.` };
  }
  if (!isGzipBytes(data)) return isTarBytes(data) ? openTarStream(data, limits) : { ok: false, reason: 'malformed', message: 'The bytes are neither a tar stream nor gzip.' };
  const ratioCap = Math.floor(limits.maxRatio * Math.max(data.length, 1));
  const sizeCap = Math.floor(limits.remainingBytes + limits.maxHeaderBytes);
  const cap = Math.min(ratioCap, sizeCap);
  const out = gunzipBounded(data, cap);
  if (!out.ok) {
    if (out.failure === 'truncated') return { ok: false, reason: 'truncated', message: out.message };
    if (cap === ratioCap) {
      const ratio = Math.ceil(((cap + 1) / Math.max(data.length, 1)) * 10) / 10;
      return { ok: false, reason: 'compression_ratio', message: `${out.message} That is a ratio of at least ${ratio}:1 over ${data.length} compressed bytes; the limit is ${limits.maxRatio}:1.`, observed: ratio, limit: limits.maxRatio };
    }
    return { ok: false, reason: 'size_limit', message: `${out.message} Only ${limits.remainingBytes} bytes of the shared expanded-bytes budget (plus ${limits.maxHeaderBytes} bytes for tar headers) remain; decompression stopped there.`, observed: cap + 1, limit: cap };
  }
  if (isTarBytes(out.bytes)) return openTarStream(out.bytes, limits);
  const entry = zipEntryOf(0, gzipMemberName(data, outerPath), 'file', 0o644, out.bytes, data.length, 0, { bytes: out.bytes });
  return { ok: true, type: 'gzip', entries: [entry], trailingBytes: 0 };
}
