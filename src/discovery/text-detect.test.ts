import { test } from 'node:test';
import assert from 'node:assert/strict';
import { charStats, detectEncoding, sampleRanges } from './text-detect.js';

test('UTF-16 is chosen by BOM or by NULs on one byte parity, and only when it reads better', () => {
  const text = 'Run the formatter on every file.\n';
  assert.equal(detectEncoding(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])), 'utf16le');
  assert.equal(detectEncoding(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()])), 'utf16be');
  assert.equal(detectEncoding(Buffer.from(text, 'utf16le')), 'utf16le');
  assert.equal(detectEncoding(Buffer.from(text, 'utf16le').swap16()), 'utf16be');
  assert.equal(detectEncoding(Buffer.concat([Buffer.alloc(900, 0xff), Buffer.from(text.repeat(40), 'utf16le')])), 'utf16le', 'junk first');
  assert.equal(detectEncoding(Buffer.from(text)), 'utf8');
  // Office printer settings: a UTF-16 name, then NUL padding on both parities, then XML: not UTF-16.
  const devmode = Buffer.concat([Buffer.from('Office Printer'.padEnd(32, '\u0000'), 'utf16le'), Buffer.alloc(156), Buffer.from('<?xml version="1.0"?><psf/>')]);
  assert.equal(detectEncoding(devmode), 'utf8');
});

test('text runs must read like words: pixel bytes and padding do not count', () => {
  assert.equal(charStats('@'.repeat(300)).longestRun, 0);
  assert.equal(charStats('0123456789'.repeat(30)).longestRun, 0);
  const words = 'the quick brown fox jumps over the lazy dog '.repeat(3);
  assert.equal(charStats(`\u0000${words}\u0000`).longestRun, words.length);
  const s = charStats('a\ud83d\ude00b\ufffd\u0001');
  assert.deepEqual([s.total, s.good], [5, 3], 'a surrogate pair is one good character');
  assert.equal(charStats(`${'caf\ufffd au lait, '.repeat(40)}`).binaryBlocks, 0, 'scattered bad bytes are legacy text');
  assert.equal(charStats(`${'words '.repeat(100)}${'\ufffd\u0001x'.repeat(200)}`).binaryBlocks > 0, true);
});

test('large files are measured on windows at the start, the end and in between', () => {
  assert.deepEqual(sampleRanges(1000), [[0, 1000]]);
  const r = sampleRanges(16 * 1024 * 1024);
  assert.equal(r.length, 4);
  assert.equal(r[0]?.[0], 0);
  assert.equal(r[3]?.[1], 16 * 1024 * 1024);
  for (const [start] of r) assert.equal(start % 2, 0);
});
