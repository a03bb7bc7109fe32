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

  it('refuses an end record whose comment does not end at the end', () => {
    assert.equal(isZipBytes(buildZip([], { append: Buffer.from('x') })), false);
    assert.equal(isZipBytes(buildZip([]).subarray(0, 21)), false);
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
    assert.equal(isZipBytes(Buffer.concat([Buffer.from('MZ'), buildZip([{ name: 'a' }])])), false);
  });
});
