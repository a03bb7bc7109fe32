import { test } from 'node:test';
import assert from 'node:assert/strict';
import { agencyRules } from './index.js';

test('agency family exports EA1-EA4 once each', () => {
  const ids = agencyRules.map((r) => r.meta.id);
  assert.deepEqual(ids, ['EA1', 'EA2', 'EA3', 'EA4']);
  assert.equal(new Set(ids).size, ids.length);
  for (const r of agencyRules) {
    assert.match(r.meta.id, /^[A-Z]+[0-9]+$/);
    assert.equal(r.meta.category, 'Excessive Agency');
    assert.ok(r.meta.title && r.meta.description && r.meta.remediation);
  }
});
