import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toolMisuseRules } from './index.js';

test('tool-misuse family exports TM1-TM4 once each', () => {
  const ids = toolMisuseRules.map((r) => r.meta.id);
  assert.deepEqual(ids, ['TM1', 'TM2', 'TM3', 'TM4']);
  assert.equal(new Set(ids).size, ids.length);
  for (const r of toolMisuseRules) {
    assert.match(r.meta.id, /^[A-Z]+[0-9]+$/);
    assert.equal(r.meta.category, 'Tool Misuse');
    assert.ok(r.meta.title && r.meta.description && r.meta.remediation);
  }
});
