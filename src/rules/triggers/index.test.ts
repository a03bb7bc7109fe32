import { test } from 'node:test';
import assert from 'node:assert/strict';
import { triggerRules } from './index.js';

test('trigger family exports TR1–TR3 once each with well-formed ids', () => {
  const ids = triggerRules.map((r) => r.meta.id);
  assert.deepEqual(ids, ['TR1', 'TR2', 'TR3']);
  assert.equal(new Set(ids).size, ids.length);
  for (const r of triggerRules) {
    assert.match(r.meta.id, /^[A-Z]+[0-9]+$/);
    assert.equal(r.meta.category, 'Trigger Abuse');
    assert.ok(r.meta.title && r.meta.description && r.meta.remediation);
  }
});
