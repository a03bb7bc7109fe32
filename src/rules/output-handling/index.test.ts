import { test } from 'node:test';
import assert from 'node:assert/strict';
import { outputHandlingRules } from './index.js';

test('output-handling family exports OH1-OH3 once each', () => {
  const ids = outputHandlingRules.map((r) => r.meta.id);
  assert.deepEqual(ids, ['OH1', 'OH2', 'OH3']);
  assert.equal(new Set(ids).size, ids.length);
  for (const r of outputHandlingRules) {
    assert.match(r.meta.id, /^[A-Z]+[0-9]+$/);
    assert.equal(r.meta.category, 'Output Handling');
    assert.ok(r.meta.title && r.meta.description && r.meta.remediation);
  }
});
