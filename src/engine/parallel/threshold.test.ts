import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { batchesOf, DEFAULT_MIN_BYTES, DEFAULT_MIN_FILES, MIN_AUTO_THREADS, planParallel } from './threshold.js';

const files = (n: number, size: number): { text: string }[] => Array.from({ length: n }, () => ({ text: 'x'.repeat(size) }));

describe('planParallel', () => {
  const big = files(DEFAULT_MIN_FILES, Math.ceil(DEFAULT_MIN_BYTES / DEFAULT_MIN_FILES));

  test('automatic: a bundle below the text threshold stays on one thread, one at it goes parallel', () => {
    assert.equal(planParallel(files(DEFAULT_MIN_FILES, 10), undefined, 4, 0), null);
    assert.equal(planParallel(big, undefined, 4, 0)?.threads, 4);
  });

  test('automatic: a host where only one worker could run stays on one thread; asking for threads still works', () => {
    assert.equal(MIN_AUTO_THREADS, 3);
    assert.equal(planParallel(big, undefined, 2, 0), null);
    assert.equal(planParallel(big, undefined, 3, 0)?.threads, 3);
    assert.equal(planParallel(big, { threads: 2 }, 2, 0)?.threads, 2);
    assert.equal(planParallel(big, true, 2, 0)?.threads, 2);
  });

  test('automatic: too few files stays on one thread however large', () => {
    assert.equal(planParallel(files(DEFAULT_MIN_FILES - 1, DEFAULT_MIN_BYTES), undefined, 2, 0), null);
  });

  test('false, one core, one thread or one file: never parallel', () => {
    assert.equal(planParallel(big, false, 8), null);
    assert.equal(planParallel(big, undefined, 1, 0), null);
    assert.equal(planParallel(big, { threads: 1 }, 8), null);
    assert.equal(planParallel(files(1, 10), true, 8), null);
  });

  test('automatic: fewer than two idle cores for workers (load average above cores - 2.5) stays on one thread; explicit settings do not look', () => {
    assert.equal(planParallel(big, undefined, 4, 1.6), null);
    assert.equal(planParallel(big, undefined, 4, 1.4)?.threads, 4);
    assert.equal(planParallel(big, undefined, 8, 5.4)?.threads, 8);
    assert.equal(planParallel(big, undefined, 8, 5.6), null);
    assert.equal(planParallel(big, { threads: 2 }, 2, 9)?.threads, 2);
    assert.equal(planParallel(files(3, 10), true, 2, 9)?.threads, 2);
  });

  test('true ignores the size threshold; threads never exceed the file count', () => {
    assert.equal(planParallel(files(3, 10), true, 8)?.threads, 3);
    assert.equal(planParallel(files(3, 10), { threads: 2, minBytes: 0, minFiles: 0 }, 8)?.threads, 2);
  });

  test('settings override the thresholds; the worker module override is carried', () => {
    const plan = planParallel(files(4, 100), { minBytes: 400, minFiles: 4, workerFile: 'file:///w.js' }, 2);
    assert.equal(plan?.workerFile, 'file:///w.js');
    assert.equal(planParallel(files(4, 100), { minBytes: 401 }, 2), null);
  });
});

describe('batchesOf', () => {
  test('contiguous, in order, covering every file exactly once', () => {
    const sizes = [5, 90_000, 3, 3, 3, 40_000, 1, 1, 70_000, 2];
    const batches = batchesOf(sizes.map((s) => ({ text: 'y'.repeat(s) })), 4);
    assert.equal(batches[0]?.start, 0);
    assert.equal(batches.at(-1)?.end, sizes.length);
    for (let i = 1; i < batches.length; i += 1) assert.equal(batches[i]?.start, batches[i - 1]?.end);
    assert.ok(batches.every((b) => b.end > b.start));
    assert.ok(batches.length <= 5, `${batches.length} batches`);
  });

  test('equal files split into about `count` equal batches', () => {
    const batches = batchesOf(files(64, 1_000), 8);
    assert.equal(batches.length, 8);
    assert.ok(batches.every((b) => b.end - b.start === 8));
  });

  test('no files, no batches', () => {
    assert.deepEqual(batchesOf([], 4), []);
  });
});
