// Read and inflated bytes are carved from shared slabs and leave them once held for long, so a slab can be
// freed as a whole when a scan drops its text files' bytes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { SLAB_BYTES, intoSlab, isSlabBacked, outOfSlab, retireSlab, slabBytes } from './byte-slabs.js';

test('small requests are carved from one slab, 8-byte aligned, without overlapping', () => {
  retireSlab();
  const a = slabBytes(5);
  const b = slabBytes(13);
  const c = slabBytes(0);
  const d = slabBytes(8);
  assert.deepEqual([a.length, b.length, c.length, d.length], [5, 13, 0, 8]);
  for (const x of [a, b, c, d]) assert.ok(isSlabBacked(x));
  assert.equal(a.buffer, b.buffer);
  assert.equal(b.buffer, d.buffer);
  assert.equal(a.buffer.byteLength, SLAB_BYTES);
  for (const x of [a, b, c, d]) assert.equal(x.byteOffset % 8, 0);
  a.fill(0xaa);
  b.fill(0xbb);
  d.fill(0xdd);
  assert.ok(a.every((v) => v === 0xaa) && b.every((v) => v === 0xbb) && d.every((v) => v === 0xdd));
});

test('a request too large to carve gets a buffer of its own; a full slab gives way to a new one', () => {
  retireSlab();
  const big = slabBytes(SLAB_BYTES / 4 + 1);
  assert.equal(isSlabBacked(big), false);
  const first = slabBytes(SLAB_BYTES / 4);
  const second = slabBytes(SLAB_BYTES / 4);
  const third = slabBytes(SLAB_BYTES / 4);
  const fourth = slabBytes(SLAB_BYTES / 4);
  assert.equal(first.buffer, fourth.buffer);
  const fifth = slabBytes(1);
  assert.notEqual(fifth.buffer, first.buffer);
  assert.ok([second, third, fifth].every(isSlabBacked));
});

test('retiring the slab starts the next request on a new one', () => {
  const before = slabBytes(16);
  retireSlab();
  const after = slabBytes(16);
  assert.notEqual(after.buffer, before.buffer);
  assert.ok(isSlabBacked(before) && isSlabBacked(after));
});

test('intoSlab copies bytes in once, outOfSlab copies them out; contents never change', () => {
  const own = Buffer.from('bytes of their own\n');
  const inside = intoSlab(own);
  assert.ok(isSlabBacked(inside));
  assert.notEqual(inside.buffer, own.buffer);
  assert.deepEqual(inside, own);
  assert.equal(intoSlab(inside), inside, 'already in a slab: not copied again');
  const out = outOfSlab(inside);
  assert.equal(isSlabBacked(out), false);
  assert.deepEqual(out, own);
  inside.fill(0);
  assert.deepEqual(out, Buffer.from('bytes of their own\n'), 'a copy, not a view of the slab');
  assert.equal(outOfSlab(own), own, 'not in a slab: returned as is');
});

test('property: any run of requests yields buffers of the asked lengths that never share a byte', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 3 * 1024 * 1024 }), { maxLength: 40 }), (sizes) => {
      retireSlab();
      const carved = sizes.map((n) => slabBytes(n));
      carved.forEach((b, i) => assert.equal(b.length, sizes[i]));
      const spans = carved.filter(isSlabBacked).map((b) => ({ buf: b.buffer, start: b.byteOffset, end: b.byteOffset + b.length }));
      for (let i = 0; i < spans.length; i++) {
        for (let j = i + 1; j < spans.length; j++) {
          const x = spans[i]!;
          const y = spans[j]!;
          if (x.buf === y.buf) assert.ok(x.end <= y.start || y.end <= x.start, 'overlapping carve');
        }
      }
    }),
    { numRuns: 60 },
  );
});
