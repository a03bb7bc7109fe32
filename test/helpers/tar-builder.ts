/**
 * Test-only tar / gzip writer that builds valid archives and forges hostile ones. Never used at run time.
 *
 *   buildTar(entries, opts?)  -> Buffer    ustar headers with correct checksums, 512-byte padding
 *   buildTgz(entries, opts?)  -> Buffer    the same, gzip-compressed
 *   gzipBomb(zeroBytes)       -> Buffer    a gzip stream of `zeroBytes` zeros, built without holding them
 *
 * Entries (`TarBuildEntry`); every field but `name` is optional:
 *   data        content (string = UTF-8); default empty
 *   type        typeflag character: '0' file (default), '5' directory, '1' hard link, '2' symlink,
 *               '3' char device, '4' block device, '6' FIFO, '7' contiguous file, '\0' old-style file
 *   mode        permission bits (default 0o644)
 *   linkname    link target (types '1' and '2')
 *   prefix      ustar prefix field (the name is `prefix/name`)
 *   pax         an `x` record before the entry (keys such as path, size)
 *   longName    a GNU `L` record carrying `name`; the header name field gets a truncated stand-in
 *   checksum    forged checksum value
 *   sizeField   forged size field value (the data written is still `data`)
 *   oldStyle    no ustar magic (a v7 header)
 * Options: `end` false omits the two end blocks; `after` appends bytes after them; `truncateAt` cuts.
 */
import { crc32, deflateRawSync, constants, gzipSync } from 'node:zlib';

export interface TarBuildEntry {
  name: string;
  data?: string | Buffer;
  type?: string;
  mode?: number;
  linkname?: string;
  prefix?: string;
  pax?: Record<string, string>;
  longName?: boolean;
  checksum?: number;
  sizeField?: number;
  oldStyle?: boolean;
}

export interface TarBuildOptions {
  end?: boolean;
  after?: Buffer;
  truncateAt?: number;
}

const BLOCK = 512;

function put(header: Buffer, offset: number, length: number, value: string): void {
  const bytes = Buffer.from(value, 'utf8');
  bytes.copy(header, offset, 0, Math.min(bytes.length, length));
}

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

function pad(data: Buffer): Buffer {
  const rest = data.length % BLOCK;
  return rest === 0 ? data : Buffer.concat([data, Buffer.alloc(BLOCK - rest)]);
}

function header(e: TarBuildEntry, name: string, type: string, size: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  put(h, 0, 100, name);
  put(h, 100, 8, octal(e.mode ?? 0o644, 8));
  put(h, 108, 8, octal(0, 8));
  put(h, 116, 8, octal(0, 8));
  put(h, 124, 12, octal(e.sizeField ?? size, 12));
  put(h, 136, 12, octal(0, 12));
  h[156] = type.charCodeAt(0);
  if (e.linkname !== undefined) put(h, 157, 100, e.linkname);
  if (!e.oldStyle) {
    put(h, 257, 6, 'ustar\0');
    put(h, 263, 2, '00');
    if (e.prefix !== undefined) put(h, 345, 155, e.prefix);
  }
  h.fill(0x20, 148, 156);
  let sum = 0;
  for (const b of h) sum += b;
  put(h, 148, 8, `${(e.checksum ?? sum).toString(8).padStart(6, '0')}\0 `);
  return h;
}

function paxRecords(fields: Record<string, string>): Buffer {
  const parts = Object.entries(fields).map(([k, v]) => {
    const body = ` ${k}=${v}\n`;
    let length = Buffer.byteLength(body) + 1;
    while (String(length).length + Buffer.byteLength(body) !== length) length += 1;
    return `${length}${body}`;
  });
  return Buffer.from(parts.join(''), 'utf8');
}

function records(e: TarBuildEntry): Buffer[] {
  const out: Buffer[] = [];
  if (e.pax) {
    const body = paxRecords(e.pax);
    out.push(header({ name: 'PaxHeader' }, 'PaxHeader', 'x', body.length), pad(body));
  }
  if (e.longName) {
    const body = Buffer.from(`${e.name}\0`, 'utf8');
    out.push(header({ name: '././@LongLink' }, '././@LongLink', 'L', body.length), pad(body));
  }
  const data = typeof e.data === 'string' ? Buffer.from(e.data, 'utf8') : (e.data ?? Buffer.alloc(0));
  const name = e.longName ? e.name.slice(0, 99) : e.name;
  out.push(header(e, name, e.type ?? '0', data.length), pad(data));
  return out;
}

export function buildTar(entries: readonly TarBuildEntry[], opts: TarBuildOptions = {}): Buffer {
  const parts = entries.flatMap(records);
  if (opts.end !== false) parts.push(Buffer.alloc(2 * BLOCK));
  if (opts.after) parts.push(opts.after);
  const tar = Buffer.concat(parts);
  return opts.truncateAt === undefined ? tar : tar.subarray(0, opts.truncateAt);
}

export function buildTgz(entries: readonly TarBuildEntry[], opts: TarBuildOptions = {}): Buffer {
  return gzipSync(buildTar(entries, opts));
}

/**
 * `zeroBytes` zeros (a multiple of 1 MiB) as one gzip member: one fully flushed deflate segment of 1 MiB
 * of zeros repeated, so the stream is about 1/1000 of its expanded size and never held expanded.
 */
export function gzipBomb(zeroBytes: number): Buffer {
  const chunk = Buffer.alloc(1024 * 1024);
  const copies = Math.floor(zeroBytes / chunk.length);
  const segment = deflateRawSync(chunk, { finishFlush: constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let i = 0; i < copies; i += 1) crc = crc32(chunk, crc);
  const head = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]);
  const last = deflateRawSync(Buffer.alloc(0));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((copies * chunk.length) % 2 ** 32, 4);
  return Buffer.concat([head, ...Array.from({ length: copies }, () => segment), last, trailer]);
}
