import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { workerHeapLimits } from './pool.js';

describe('workerHeapLimits', () => {
  test('a small young generation; the old generation grows with the largest text, within bounds', () => {
    assert.deepEqual(workerHeapLimits(0), { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 128 });
    // 4 M characters are 8 MB as a two-byte string: room for a dozen copies and views of it.
    assert.equal(workerHeapLimits(4 * 1024 * 1024).maxOldGenerationSizeMb, 128 + 96);
    assert.ok((workerHeapLimits(1_000_000).maxOldGenerationSizeMb ?? 0) < (workerHeapLimits(2_000_000).maxOldGenerationSizeMb ?? 0));
    assert.equal(workerHeapLimits(1e9).maxOldGenerationSizeMb, 1_024);
  });
});
