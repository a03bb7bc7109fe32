import { test } from 'node:test';
import assert from 'node:assert/strict';
import { displayName } from './names.js';

test('valid UTF-8 names are shown as they are, U+FFFD included', () => {
  assert.equal(displayName(Buffer.from('SKILL.md')), 'SKILL.md');
  assert.equal(displayName(Buffer.from('\ufffd.md')), '\ufffd.md');
  assert.equal(displayName(Buffer.from('résumé €.md')), 'résumé €.md');
});

test('each invalid byte becomes \\xHH and valid runs around it are kept', () => {
  assert.equal(displayName(Buffer.from([0xff, 0x2e, 0x6d, 0x64])), '\\xff.md');
  assert.equal(displayName(Buffer.concat([Buffer.from('é'), Buffer.from([0xc3]), Buffer.from('x')])), 'é\\xc3x');
  // Overlong encodings and lone surrogates are not UTF-8: never decoded to the character they imitate.
  assert.equal(displayName(Buffer.from([0xc0, 0xaf])), '\\xc0\\xaf');
  assert.equal(displayName(Buffer.from([0xed, 0xa0, 0x80])), '\\xed\\xa0\\x80');
});

test('distinct invalid names never share a display name', () => {
  const seen = new Set<string>();
  for (let b = 0x80; b <= 0xff; b += 1) seen.add(displayName(Buffer.from([b, 0x41])));
  assert.equal(seen.size, 0x80);
});
