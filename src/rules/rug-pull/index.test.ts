import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rugPullRules } from './index.js';

test('rug-pull family exports RP1–RP3 once each with well-formed ids', () => {
  const ids = rugPullRules.map((r) => r.meta.id);
  assert.deepEqual(ids, ['RP1', 'RP2', 'RP3']);
  assert.equal(new Set(ids).size, ids.length);
  for (const r of rugPullRules) {
    assert.match(r.meta.id, /^[A-Z]+[0-9]+$/);
    assert.equal(r.meta.category, 'Rug Pull');
    assert.ok(r.meta.title && r.meta.description && r.meta.remediation);
  }
});
