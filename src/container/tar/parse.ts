// The tar stream reader: 512-byte headers with verified checksums, POSIX ustar prefix + name, PAX
// `x`/`g` records, GNU `L`/`K` long names. Member data stays a view of the input. Metadata (headers,
// PAX and long-name records) is capped in bytes and entries in number, so a long-name flood ends with
// a refusal in time linear in the input.
import { BLOCK, headerChecksum, storedChecksum } from './detect.js';
import { readNumeric } from './numeric.js';
import { parsePax } from './pax.js';
import type { PaxOverrides } from './pax.js';

export type TarEntryKind = 'file' | 'directory' | 'link';

export interface TarEntry {
  name: string;
  kind: TarEntryKind;
  /** What a link entry is (`symbolic link to "x"`), for the message; empty for files and directories. */
  linkDescription: string;
  mode: number;
  data: Buffer;
  /** Offset of the entry's header in the tar stream. */
  offset: number;
}

export interface TarParseLimits {
  maxMembers: number;
  maxHeaderBytes: number;
}

export type TarParseResult =
  | { ok: true; entries: TarEntry[]; trailingBytes: number }
  | { ok: false; reason: 'malformed' | 'truncated' | 'member_limit' | 'size_limit'; message: string; observed?: number; limit?: number };

type Failure = Extract<TarParseResult, { ok: false }>;

const LINKS: Readonly<Record<string, string>> = {
  '1': 'hard link', '2': 'symbolic link', '3': 'character device', '4': 'block device', '6': 'FIFO',
};
const DIRECTORIES = new Set(['5', 'D']);
const METADATA = new Set(['x', 'g', 'L', 'K']);
const USTAR_POSIX = Buffer.from('ustar\0', 'latin1');

function cString(field: Buffer): string {
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? field.length : end).toString('utf8');
}

function headerName(header: Buffer): string {
  const name = cString(header.subarray(0, 100));
  // The prefix field exists only in POSIX ustar; GNU tar keeps other data there.
  if (!header.subarray(257, 263).equals(USTAR_POSIX)) return name;
  const prefix = cString(header.subarray(345, 500));
  return prefix === '' ? name : `${prefix}/${name}`;
}

function isZeroBlock(block: Buffer): boolean {
  for (const b of block) if (b !== 0) return false;
  return true;
}

function padded(size: number): number {
  return Math.ceil(size / BLOCK) * BLOCK;
}

/** Per-entry state carried from metadata records to the entry they describe. */
interface Pending {
  local: PaxOverrides;
  global: PaxOverrides;
  longName: string | undefined;
}

export function parseTar(data: Buffer, limits: TarParseLimits): TarParseResult {
  const entries: TarEntry[] = [];
  const pending: Pending = { local: {}, global: {}, longName: undefined };
  let metadataBytes = 0;
  let offset = 0;
  while (offset + BLOCK <= data.length) {
    const header = data.subarray(offset, offset + BLOCK);
    if (isZeroBlock(header)) return { ok: true, entries, trailingBytes: nonZeroAfter(data, offset) };
    if (storedChecksum(header) !== headerChecksum(header)) {
      return { ok: false, reason: 'malformed', message: `The tar header at offset ${offset} has a wrong checksum (or is not a tar header).` };
    }
    const type = String.fromCharCode(header[156] ?? 0);
    const declared = readNumeric(header.subarray(124, 136));
    const mode = readNumeric(header.subarray(100, 108));
    if (declared === undefined || mode === undefined) return { ok: false, reason: 'malformed', message: `The tar header at offset ${offset} has an invalid size or mode field.` };
    const isMeta = METADATA.has(type);
    const size = isMeta ? declared : (pending.local.size ?? pending.global.size ?? declared);
    const start = offset + BLOCK;
    if (start + size > data.length) {
      return { ok: false, reason: 'truncated', message: `The tar entry at offset ${offset} declares ${size} bytes of data but the stream ends ${data.length - start} bytes after its header.` };
    }
    metadataBytes += BLOCK + (isMeta ? size : 0);
    if (metadataBytes > limits.maxHeaderBytes) {
      return { ok: false, reason: 'size_limit', message: `The tar headers and name records exceed ${limits.maxHeaderBytes} bytes (a long-name flood?); its members were not inspected.`, observed: metadataBytes, limit: limits.maxHeaderBytes };
    }
    const body = data.subarray(start, start + size);
    if (isMeta) {
      const failed = applyMetadata(pending, type, body, offset);
      if (failed) return failed;
    } else {
      if (entries.length >= limits.maxMembers) {
        return { ok: false, reason: 'member_limit', message: `The tar stream holds more than ${limits.maxMembers} entries.`, observed: entries.length + 1, limit: limits.maxMembers };
      }
      entries.push(entryOf(header, type, pending, mode, body, offset));
      pending.local = {};
      pending.longName = undefined;
    }
    offset = start + padded(size);
  }
  if (offset < data.length) {
    return { ok: false, reason: 'truncated', message: `The tar stream ends inside a header at offset ${offset}.` };
  }
  return { ok: true, entries, trailingBytes: 0 };
}

function applyMetadata(pending: Pending, type: string, body: Buffer, offset: number): Failure | undefined {
  if (type === 'L') pending.longName = cString(body);
  if (type === 'x' || type === 'g') {
    const pax = parsePax(body);
    if (!pax.ok) return { ok: false, reason: 'malformed', message: `The PAX header at offset ${offset} is malformed: ${pax.message}` };
    if (type === 'x') pending.local = pax.overrides;
    else pending.global = { ...pending.global, ...pax.overrides };
  }
  // `K` (a long link name) only names a link target, which is never followed.
  return undefined;
}

function entryOf(header: Buffer, type: string, pending: Pending, mode: number, body: Buffer, offset: number): TarEntry {
  const name = pending.local.path ?? pending.longName ?? pending.global.path ?? headerName(header);
  const link = LINKS[type];
  if (link !== undefined) {
    const target = cString(header.subarray(157, 257));
    return { name, kind: 'link', linkDescription: target === '' ? link : `${link} to ${JSON.stringify(target)}`, mode, data: body.subarray(0, 0), offset };
  }
  // A v7 archive marks directories only by the trailing slash.
  const directory = DIRECTORIES.has(type) || (name.endsWith('/') && body.length === 0);
  return { name, kind: directory ? 'directory' : 'file', linkDescription: '', mode, data: directory ? body.subarray(0, 0) : body, offset };
}

/** Non-zero bytes after the end-of-archive block: content `tar --ignore-zeros` would still read. */
function nonZeroAfter(data: Buffer, offset: number): number {
  for (let i = offset; i < data.length; i += 1) if (data[i] !== 0) return data.length - offset;
  return 0;
}
