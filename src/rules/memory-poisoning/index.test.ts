import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memoryPoisoningRules } from './index.js';

test('memory-poisoning family exports MP1-MP3 once each', () => {
  const ids = memoryPoisoningRules.map((r) => r.meta.id);
  assert.deepEqual(ids, ['MP1', 'MP2', 'MP3']);
  assert.equal(new Set(ids).size, ids.length);
  for (const r of memoryPoisoningRules) {
    assert.match(r.meta.id, /^[A-Z]+[0-9]+$/);
    assert.equal(r.meta.category, 'Memory Poisoning');
    assert.ok(r.meta.title && r.meta.description && r.meta.remediation);
  }
});
