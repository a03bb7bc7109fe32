import { test } from 'node:test';
import assert from 'node:assert/strict';
import { leastPrivilegeRules } from './index.js';

test('least-privilege family exports LP1–LP4 once each with well-formed ids', () => {
  const ids = leastPrivilegeRules.map((r) => r.meta.id);
  assert.deepEqual(ids, ['LP1', 'LP2', 'LP3', 'LP4']);
  assert.equal(new Set(ids).size, ids.length);
  for (const r of leastPrivilegeRules) {
    assert.match(r.meta.id, /^[A-Z]+[0-9]+$/);
    assert.equal(r.meta.category, 'Least Privilege');
    assert.ok(r.meta.title && r.meta.description && r.meta.remediation);
  }
});
