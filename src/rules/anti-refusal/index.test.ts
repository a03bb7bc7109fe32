import { test } from 'node:test';
import assert from 'node:assert/strict';
import { antiRefusalRules } from './index.js';

test('anti-refusal family exports AR1-AR3 once each', () => {
  const ids = antiRefusalRules.map((r) => r.meta.id);
  assert.deepEqual(ids, ['AR1', 'AR2', 'AR3']);
  assert.equal(new Set(ids).size, ids.length);
  for (const r of antiRefusalRules) {
    assert.match(r.meta.id, /^[A-Z]+[0-9]+$/);
    assert.equal(r.meta.category, 'Anti-Refusal');
    assert.ok(r.meta.title && r.meta.description && r.meta.remediation);
  }
});
