import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildZip, buildZipLayout } from '../../../test/helpers/zip-builder.js';
import { readEndRecord } from './eocd.js';
import { openZip } from './index.js';

const LIMITS = { maxMembers: 1000, maxCentralDirectoryBytes: 4 * 1024 * 1024 };
const ONE = [{ name: 'a.txt', data: 'hello' }];

function refusal(data: Buffer, pattern: RegExp): void {
  const r = openZip(data, LIMITS);
  assert.equal(r.ok, false);
  if (r.ok) return;
  assert.equal(r.reason, 'malformed');
  assert.match(r.message, pattern);
}

describe('terminal end record', () => {
  it('accepts a comment that ends exactly at the end of the data', () => {
    const r = openZip(buildZip(ONE, { comment: 'a comment' }), LIMITS);
    assert.ok(r.ok);
    assert.equal(r.commentLength, 9);
    assert.equal(r.entries.length, 1);
  });

  it('ignores a signature inside the comment when its comment length does not reach the end', () => {
    const fake = Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18, 0x41)]);
    const r = openZip(buildZip(ONE, { comment: Buffer.concat([Buffer.from('x'), fake, Buffer.from('tail')]) }), LIMITS);
    assert.ok(r.ok);
    assert.equal(r.entries[0]?.name, 'a.txt');
  });

  it('refuses when a forged record in the comment also ends exactly at the end', () => {
    const fake = Buffer.alloc(22);
    fake.writeUInt32LE(0x06054b50, 0);
    const r = openZip(buildZip(ONE, { comment: fake }), LIMITS);
    assert.equal(r.ok, false);
    if (!r.ok) assert.match(r.message, /2 end of central directory records/);
  });

  it('refuses trailing bytes after the record (comment length disagrees)', () => {
    refusal(buildZip(ONE, { append: Buffer.from('garbage') }), /declares a comment of 0 bytes but 7 bytes follow/);
  });

  it('refuses a comment length that runs past the end', () => {
    refusal(buildZip(ONE, { comment: 'abc', commentLengthOverride: 10 }), /declares a comment of 10 bytes but 3/);
  });

  it('refuses data too short or without any signature', () => {
    refusal(Buffer.alloc(10), /shorter than the 22-byte/);
    refusal(Buffer.alloc(100), /No end of central directory record signature/);
  });

  it('does not search further back than the largest possible comment', () => {
    const zip = buildZip(ONE);
    refusal(Buffer.concat([zip, Buffer.alloc(0x10000)]), /No end of central directory record/);
  });

  it('opens an empty archive', () => {
    const r = openZip(buildZip([]), LIMITS);
    assert.ok(r.ok);
    assert.deepEqual(r.entries, []);
    assert.equal(r.declaredCount, 0);
  });
});

describe('ZIP64 end records', () => {
  it('uses the ZIP64 record when classic fields are saturated', () => {
    const layout = buildZipLayout([...ONE, { name: 'b', data: 'bb' }], { zip64Eocd: true });
    const end = readEndRecord(layout.buffer);
    assert.ok(end.ok);
    assert.equal(end.end.zip64, true);
    assert.equal(end.end.totalEntries, 2);
    assert.equal(end.end.cdOffset, layout.cdOffset);
    assert.equal(end.end.cdLimit, layout.zip64RecordOffset);
  });

  it('ignores ZIP64 when nothing is saturated', () => {
    const end = readEndRecord(buildZip(ONE));
    assert.ok(end.ok);
    assert.equal(end.end.zip64, false);
  });

  it('requires a locator when a field is saturated', () => {
    refusal(buildZip(ONE, { eocdFields: { totalEntries: 0xffff, diskEntries: 0xffff } }), /no ZIP64 end of central directory locator/);
  });

  it('refuses a locator pointing outside the data or at a wrong signature', () => {
    refusal(buildZip(ONE, { zip64Eocd: true, zip64Fields: { recordOffset: 1e9 } }), /does not leave room/);
    refusal(buildZip(ONE, { zip64Eocd: true, zip64Fields: { recordOffset: 0 } }), /No ZIP64 end of central directory record signature at offset 0/);
    refusal(buildZip(ONE, { zip64Eocd: true, zip64Fields: { recordOffset: 2 ** 60 } }), /does not leave room/);
  });

  it('refuses a record size that does not fit before the locator', () => {
    refusal(buildZip(ONE, { zip64Eocd: true, zip64Fields: { recordSize: 1000 } }), /declares size 1000/);
    refusal(buildZip(ONE, { zip64Eocd: true, zip64Fields: { recordSize: 10 } }), /declares size 10/);
  });

  it('refuses values beyond 2^53 - 1', () => {
    refusal(buildZip(ONE, { zip64Eocd: true, zip64Fields: { cdOffset: 2 ** 60 } }), /beyond 2\^53/);
  });

  it('refuses unsaturated classic fields that disagree with the record', () => {
    refusal(buildZip(ONE, { zip64Eocd: true, eocdFields: { totalEntries: 5, diskEntries: 5 } }), /diskEntries is 5 but the ZIP64 record says 1/);
  });

  it('refuses multi-disk locators and records', () => {
    refusal(buildZip(ONE, { zip64Eocd: true, zip64Fields: { totalDisks: 2 } }), /multi-disk/);
    refusal(buildZip(ONE, { zip64Eocd: true, zip64Fields: { locatorDisk: 1 } }), /multi-disk/);
    refusal(buildZip(ONE, { zip64Eocd: true, diskNumber: 3, eocdFields: { diskNumber: 0xffff, cdDiskNumber: 0xffff } }), /on disk 3/);
    refusal(buildZip(ONE, { zip64Eocd: true, diskNumber: 3 }), /field disk is 0 but the ZIP64 record says 3/);
  });
});

describe('disks, counts and fit', () => {
  it('refuses multi-disk archives', () => {
    refusal(buildZip(ONE, { diskNumber: 1 }), /disk 1 .*multi-disk/);
    refusal(buildZip(ONE, { cdDiskNumber: 2 }), /central directory on disk 2/);
  });

  it('refuses a per-disk count that differs from the total', () => {
    refusal(buildZip(ONE, { forgeDiskEntries: 2 }), /2 entries on this disk but 1 in total/);
  });

  it('refuses a central directory that does not fit before the end record', () => {
    refusal(buildZip(ONE, { forgeCdSize: 1000 }), /does not fit before offset/);
    refusal(buildZip(ONE, { forgeCdOffset: 0xfffff000 }), /does not fit before offset/);
    refusal(buildZip(ONE, { zip64Eocd: true, forgeCdSize: 1000 }), /does not fit before offset/);
  });

  it('never throws on truncations of a ZIP64 archive', () => {
    const zip = buildZip([...ONE, { name: 'z', data: 'zz', zip64: true, method: 8 }], { zip64Eocd: true, comment: 'c' });
    for (let n = 0; n <= zip.length; n++) {
      const r = openZip(zip.subarray(0, n), LIMITS);
      assert.equal(r.ok, n === zip.length, `length ${n}`);
    }
  });
});
