import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildZip } from '../../../test/helpers/zip-builder.js';
import { isZipBytes } from './index.js';

describe('isZipBytes', () => {
  it('recognises a local header at the start', () => {
    assert.equal(isZipBytes(buildZip([{ name: 'a', data: 'x' }])), true);
    assert.equal(isZipBytes(Buffer.from('PK\x03\x04', 'latin1')), true);
  });

  it('recognises an empty archive, with or without a comment', () => {
    assert.equal(isZipBytes(buildZip([])), true);
    assert.equal(isZipBytes(buildZip([], { comment: 'empty' })), true);
  });

  it('recognises an end record followed by trailing bytes (Python opens it; the reader then refuses it)', () => {
    assert.equal(isZipBytes(buildZip([], { append: Buffer.from('x') })), true);
    assert.equal(isZipBytes(buildZip([]).subarray(0, 21)), false);
  });

  it('recognises an archive behind a prefix whose offsets were not adjusted (polyglot, self-extractor)', () => {
    const zip = buildZip([{ name: '__main__.py', data: 'print(1)\n' }], { comment: 'c' });
    assert.equal(isZipBytes(Buffer.concat([Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), Buffer.alloc(300), zip])), true);
    assert.equal(isZipBytes(Buffer.concat([Buffer.from('#!/usr/bin/env python3\n'), zip])), true);
    assert.equal(isZipBytes(Buffer.concat([Buffer.from('MZ'), buildZip([{ name: 'a' }])])), true);
    assert.equal(isZipBytes(buildZip([{ name: 'a', data: 'x' }], { prepend: Buffer.from('GIF89a') })), true);
    assert.equal(isZipBytes(buildZip([{ name: 'a', data: 'x', zip64: true }], { zip64Eocd: true, prepend: Buffer.from('%PDF-1.7\n') })), true);
  });

  it('does not take a lone end-record signature for an archive', () => {
    const sig = Buffer.from('PK\x05\x06', 'latin1');
    const record = Buffer.concat([sig, Buffer.alloc(18, 0x41)]);
    assert.equal(isZipBytes(Buffer.concat([Buffer.from('GIF89a'), record])), false);
    assert.equal(isZipBytes(Buffer.concat([Buffer.alloc(100_000, 0x20), sig, Buffer.alloc(10, 1)])), false);
  });

  it('recognises the spanning marker only before a local header', () => {
    const zip = buildZip([{ name: 'a', data: 'x' }]);
    assert.equal(isZipBytes(Buffer.concat([Buffer.from('PK\x07\x08', 'latin1'), zip])), true);
    assert.equal(isZipBytes(Buffer.from('PK\x07\x08PK\x01\x02', 'latin1')), false);
  });

  it('refuses other data', () => {
    for (const s of ['', 'P', 'PK', 'PK\x03', 'PK\x01\x02', 'hello', '\x89PNG\r\n']) {
      assert.equal(isZipBytes(Buffer.from(s, 'latin1')), false, JSON.stringify(s));
    }
  });
});
