import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deflateRawSync } from 'node:zlib';
import { buildZip, buildZipLayout } from '../../../test/helpers/zip-builder.js';
import type { ZipBuildEntry, ZipBuildOptions } from '../../../test/helpers/zip-builder.js';
import { openZip, readZipEntry } from './index.js';
import type { ZipEntry, ZipReadLimits, ZipReadResult } from './index.js';

const OPEN = { maxMembers: 1000, maxCentralDirectoryBytes: 4 * 1024 * 1024 };
const READ: ZipReadLimits = { maxMemberBytes: 1_000_000, maxRatio: 100, remainingBytes: 25 * 1024 * 1024 };

function open(zip: Buffer): ZipEntry[] {
  const r = openZip(zip, OPEN);
  assert.ok(r.ok, r.ok ? '' : r.message);
  return r.entries;
}

function readOne(entry: ZipBuildEntry, limits: ZipReadLimits = READ, opts: ZipBuildOptions = {}): ZipReadResult {
  const zip = buildZip([entry], opts);
  const [e] = open(zip);
  assert.ok(e);
  return readZipEntry(zip, e, limits);
}

function failure(r: ZipReadResult, reason: string, pattern?: RegExp): Extract<ZipReadResult, { ok: false }> {
  assert.equal(r.ok, false, 'expected a failure');
  if (r.ok) throw new Error('unreachable');
  assert.equal(r.reason, reason, r.message);
  if (pattern) assert.match(r.message, pattern);
  return r;
}

describe('reading members', () => {
  it('reads stored, deflated, data-descriptor and ZIP64 members', () => {
    const text = 'hello world '.repeat(50);
    const zip = buildZip([
      { name: 's', data: text },
      { name: 'd', data: text, method: 8 },
      { name: 'dd', data: text, method: 8, dataDescriptor: true },
      { name: 'z', data: text, method: 8, zip64: true, dataDescriptor: true },
      { name: 'empty-s', data: '' },
      { name: 'empty-d', data: '', method: 8 },
    ]);
    for (const e of open(zip)) {
      const r = readZipEntry(zip, e, READ);
      assert.ok(r.ok, `${e.name}: ${r.ok ? '' : r.message}`);
      assert.equal(r.bytes.toString(), e.name.startsWith('empty') ? '' : text);
    }
  });

  it('returns stored bytes as a view of the input, not a copy', () => {
    const zip = buildZip([{ name: 's', data: 'abc' }]);
    const [e] = open(zip);
    assert.ok(e);
    const r = readZipEntry(zip, e, READ);
    assert.ok(r.ok);
    assert.equal(r.bytes.buffer, zip.buffer);
  });

  it('reads both entries that share one local record, each within its own caps', () => {
    const zip = buildZip([{ name: 'SKILL.md', data: 'x'.repeat(5000), method: 8 }, { name: 'SKILL.md', sameDataAs: 0 }]);
    const entries = open(zip);
    assert.equal(entries.length, 2);
    assert.equal(entries[0]?.localHeaderOffset, entries[1]?.localHeaderOffset);
    let remaining = 6000;
    const outcomes = entries.map((e) => {
      const r = readZipEntry(zip, e, { ...READ, maxRatio: 1e6, remainingBytes: remaining });
      if (r.ok) remaining -= r.bytes.length;
      return r.ok ? 'ok' : r.reason;
    });
    assert.deepEqual(outcomes, ['ok', 'size_limit']);
  });
});

describe('refusals before reading', () => {
  it('reports encryption (flag bit 0, flag 0x40, method 99)', () => {
    failure(readOne({ name: 'e', data: 'x', encrypted: true }), 'encrypted');
    failure(readOne({ name: 'e', data: 'x', strongEncryption: true }), 'encrypted');
    failure(readOne({ name: 'e', data: 'x', method: 99 }), 'encrypted');
  });

  it('reports unsupported methods by id and name', () => {
    for (const [method, label] of [
      [9, 'Deflate64'],
      [12, 'bzip2'],
      [14, 'LZMA'],
      [93, 'Zstandard'],
      [1, 'shrink'],
      [77, 'unknown'],
    ] as const) {
      failure(readOne({ name: 'm', data: 'x', method }), 'unsupported_compression', new RegExp(`method ${method} \\(${label}\\)`));
    }
  });
});

describe('local header cross-checks', () => {
  it('refuses a missing local signature', () => {
    const layout = buildZipLayout([{ name: 'a', data: 'x' }]);
    layout.buffer.writeUInt32LE(0, 0);
    const [e] = open(layout.buffer);
    assert.ok(e);
    failure(readZipEntry(layout.buffer, e, READ), 'truncated', /Expected a local file header signature at offset 0/);
  });

  it('refuses a local method, name or encryption flag that disagrees', () => {
    failure(readOne({ name: 'a', data: 'x', localMethod: 8 }), 'truncated', /Local header says compression method 8/);
    failure(readOne({ name: 'a', data: 'x', localName: 'b' }), 'truncated', /Local header name "b" differs from the central directory name "a"/);
    failure(readOne({ name: 'a', data: 'x', localName: 'ab' }), 'truncated', /differs/);
    failure(readOne({ name: 'a', data: 'x', localFlags: 1 }), 'encrypted', /Local header marks the member as encrypted/);
  });

  it('refuses overlapping entries whose names differ from the shared local record', () => {
    const zip = buildZip([{ name: 'a', data: 'x' }, { name: 'b', sameDataAs: 0 }]);
    const [, b] = open(zip);
    assert.ok(b);
    failure(readZipEntry(zip, b, READ), 'truncated', /differs/);
  });

  it('escapes control characters from names in messages', () => {
    const r = failure(readOne({ name: 'a\u001b[31m', data: 'x', localName: 'b\u0007' }), 'truncated');
    assert.doesNotMatch(r.message, /[\u0000-\u001f]/);
  });

  it('refuses a local name and extra that run past the data', () => {
    const layout = buildZipLayout([{ name: 'a', data: 'x' }]);
    layout.buffer.writeUInt16LE(0xffff, 28);
    const [e] = open(layout.buffer);
    assert.ok(e);
    failure(readZipEntry(layout.buffer, e, READ), 'truncated', /past the end of the data/);
  });

  it('refuses compressed data that runs past the data', () => {
    failure(readOne({ name: 'a', data: 'xyz', compressedSizeOverride: 400, declaredSize: 400 }), 'truncated', /runs past the end/);
    const zip = buildZip([{ name: 'a', data: 'x' }]);
    const [e] = open(zip);
    assert.ok(e);
    failure(readZipEntry(zip, { ...e, localHeaderOffset: zip.length - 10 }, READ), 'truncated', /runs past the end of the data/);
  });
});

describe('integrity', () => {
  it('refuses a CRC mismatch', () => {
    failure(readOne({ name: 'a', data: 'hello', crc: 1234 }), 'truncated', /CRC-32 is 0x3610a686; the central directory declares 0x4d2/);
    failure(readOne({ name: 'a', data: 'hello', crc: 1234, method: 8 }), 'truncated', /CRC-32/);
  });

  it('refuses inflated sizes that differ from the declared size', () => {
    failure(readOne({ name: 'a', data: 'hello', method: 8, declaredSize: 4 }), 'truncated', /more than its declared 4 bytes/);
    failure(readOne({ name: 'a', data: 'hello', method: 8, declaredSize: 6 }), 'truncated', /inflates to 5 bytes; the central directory declares 6/);
    failure(readOne({ name: 'a', data: 'hello', method: 8, declaredSize: 0 }), 'truncated', /more than its declared 0 bytes/);
  });

  it('refuses stored members whose sizes differ', () => {
    failure(readOne({ name: 'a', data: 'hello', declaredSize: 3 }), 'truncated', /compressed size 5 but uncompressed size 3/);
  });

  it('refuses corrupt or truncated deflate streams', () => {
    failure(readOne({ name: 'a', data: 'x', method: 8, compressed: Buffer.from([0xff, 0xff, 0xff]) }), 'truncated', /Inflating failed/);
    const full = deflateRawSync(Buffer.from('hello world'.repeat(20)));
    failure(readOne({ name: 'a', method: 8, compressed: full.subarray(0, 5), declaredSize: 220 }), 'truncated', /Inflating failed/);
    failure(readOne({ name: 'a', method: 8, compressed: Buffer.alloc(0) }), 'truncated', /Inflating failed/);
  });
});

describe('caps enforced while inflating', () => {
  const bomb = Buffer.alloc(5_000_000);

  it('reports the ratio when the ratio cap is the smallest', () => {
    const r = failure(readOne({ name: 'bomb', data: bomb, method: 8 }), 'compression_ratio');
    assert.equal(r.limit, 100);
    assert.ok((r.observed ?? 0) > 100);
  });

  it('reports the member size when the member cap is the smallest', () => {
    const r = failure(readOne({ name: 'big', data: bomb, method: 8 }, { ...READ, maxRatio: 1e9 }), 'member_size_limit');
    assert.equal(r.observed, 1_000_001);
    assert.equal(r.limit, 1_000_000);
  });

  it('reports the shared budget when it is the smallest', () => {
    const r = failure(readOne({ name: 'big', data: bomb, method: 8 }, { ...READ, maxRatio: 1e9, remainingBytes: 1000 }), 'size_limit');
    assert.equal(r.observed, 1001);
    assert.equal(r.limit, 1000);
    failure(readOne({ name: 'one', data: 'x', method: 8 }, { ...READ, remainingBytes: 0 }), 'size_limit');
  });

  it('caps stored members without inflating', () => {
    const data = Buffer.alloc(2000, 0x61);
    const r = failure(readOne({ name: 's', data }, { ...READ, maxMemberBytes: 1000 }), 'member_size_limit');
    assert.equal(r.observed, 2000);
    failure(readOne({ name: 's', data }, { ...READ, remainingBytes: 1999 }), 'size_limit');
    assert.ok(readOne({ name: 's', data }, { ...READ, remainingBytes: 2000 }).ok);
  });

  it('stops a bomb whose declared size is huge at the cap, not at the declared size', () => {
    const r = failure(readOne({ name: 'bomb', data: bomb, method: 8, zip64: true, declaredSize: 2 ** 40 }), 'compression_ratio');
    assert.ok((r.observed ?? 0) > 100);
  });

  it('accepts a member exactly at the caps', () => {
    const data = Buffer.alloc(1000, 0x61);
    const r = readOne({ name: 'a', data, method: 8 }, { maxMemberBytes: 1000, maxRatio: 1000, remainingBytes: 1000 });
    assert.ok(r.ok);
  });

  it('throws only for invalid limits', () => {
    const zip = buildZip([{ name: 'a', data: 'x' }]);
    const [e] = open(zip);
    assert.ok(e);
    assert.throws(() => readZipEntry(zip, e, { ...READ, maxRatio: Number.NaN }), RangeError);
    assert.throws(() => readZipEntry(zip, e, { ...READ, remainingBytes: -1 }), RangeError);
  });

  it('never throws for forged entry fields', () => {
    const zip = buildZip([{ name: 'a', data: 'hello', method: 8 }]);
    const [e] = open(zip);
    assert.ok(e);
    for (const patch of [
      { localHeaderOffset: -5 },
      { localHeaderOffset: 2 ** 60 },
      { compressedSize: -1 },
      { compressedSize: 2 ** 53 },
      { uncompressedSize: 2 ** 53 },
      { localHeaderOffset: 0.5 },
    ]) {
      const r = readZipEntry(zip, { ...e, ...patch }, READ);
      assert.equal(typeof r.ok, 'boolean');
    }
  });
});
