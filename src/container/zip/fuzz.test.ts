// Property tests: mutated archives never make the public API throw or exceed a cap.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { FUZZ_OPEN, FUZZ_READ, exercise } from '../../../bench/fuzz-zip.js';
import { applyMutations, buildZip, seedArchives } from '../../../test/helpers/zip-builder.js';
import type { ZipMutation } from '../../../test/helpers/zip-builder.js';

const SEEDS = seedArchives();
const RUNS = 400;

const at = fc.nat({ max: 1 << 20 });
const interesting = fc.constantFrom(0, 1, 0xff, 0xffff, 0x10000, 0x7fffffff, 0xffffffff, 2 ** 32, 2 ** 53 - 1);

const mutation: fc.Arbitrary<ZipMutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at, bit: fc.nat({ max: 7 }) }),
  fc.record({ kind: fc.constant('set' as const), at, value: fc.nat({ max: 255 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at }),
  fc.record({ kind: fc.constant('insert' as const), at, bytes: fc.array(fc.nat({ max: 255 }), { minLength: 1, maxLength: 8 }) }),
  fc.record({ kind: fc.constant('delete' as const), at, count: fc.integer({ min: 1, max: 16 }) }),
  fc.record({
    kind: fc.constant('forge' as const),
    signature: fc.nat({ max: 255 }),
    offset: fc.nat({ max: 60 }),
    width: fc.constantFrom(2 as const, 4 as const, 8 as const),
    value: fc.oneof(interesting, fc.nat({ max: 0xffff })),
  }),
);

const limits = fc.record({
  open: fc.record({ maxMembers: fc.nat({ max: 100 }), maxCentralDirectoryBytes: fc.constantFrom(0, 64, 1 << 20) }),
  read: fc.record({
    maxMemberBytes: fc.constantFrom(0, 1, 5000, 200_000),
    maxRatio: fc.constantFrom(1, 2, 100),
    remainingBytes: fc.constantFrom(0, 100, 50_000, 1_000_000),
  }),
});

describe('fuzz: mutated archives', () => {
  it('never throw and never exceed a cap (fixed limits)', () => {
    fc.assert(
      fc.property(fc.nat({ max: SEEDS.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 5 }), (seed, muts) => {
        const data = applyMutations(SEEDS[seed] ?? Buffer.alloc(0), muts);
        exercise(data, FUZZ_OPEN, FUZZ_READ);
      }),
      { numRuns: RUNS },
    );
  });

  it('never throw and never exceed a cap (varied limits)', () => {
    fc.assert(
      fc.property(fc.nat({ max: SEEDS.length - 1 }), fc.array(mutation, { maxLength: 5 }), limits, (seed, muts, lim) => {
        const data = applyMutations(SEEDS[seed] ?? Buffer.alloc(0), muts);
        exercise(data, lim.open, lim.read);
      }),
      { numRuns: RUNS },
    );
  });

  it('never throw on arbitrary bytes, with or without a valid end record appended', () => {
    const tail = buildZip([]);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), fc.boolean(), (bytes, withTail) => {
        const data = withTail ? Buffer.concat([Buffer.from(bytes), tail]) : Buffer.from(bytes);
        exercise(data);
      }),
      { numRuns: RUNS },
    );
  });

  it('never throw on arbitrary bytes before and after an archive, or between its entries (issue 9, items 6-7)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 256 }), fc.uint8Array({ maxLength: 64 }), fc.uint8Array({ maxLength: 8 }), (host, junk, tail) => {
        const zip = buildZip([{ name: 'a', data: 'alpha', junkAfter: Buffer.from(junk) }, { name: 'b/', data: 'beta' }], { hostPrefix: Buffer.from(host), comment: 'c' });
        exercise(Buffer.concat([zip, Buffer.from(tail)]));
        exercise(zip, { maxMembers: 1, maxCentralDirectoryBytes: 1 << 20 });
      }),
      { numRuns: RUNS },
    );
  });

  it('accept every unmutated seed under generous limits', () => {
    for (const seed of SEEDS) {
      const outcome = exercise(seed, { maxMembers: 1000, maxCentralDirectoryBytes: 1 << 20 }, { ...FUZZ_READ, maxRatio: 1e6 });
      assert.equal(outcome.open, 'ok');
    }
  });

  it('bound a forged declared count by the budget, not by the forgery', () => {
    const zip = buildZip([{ name: 'a', data: 'x' }], { zip64Eocd: true, forgeTotalEntries: 2 ** 53 - 1 });
    assert.equal(exercise(zip).open, 'member_limit');
  });
});
