import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toolPoisoningRules } from './index.js';

test('tool-poisoning family exports TP1–TP3 once each with well-formed ids', () => {
  const ids = toolPoisoningRules.map((r) => r.meta.id);
  assert.deepEqual(ids, ['TP1', 'TP2', 'TP3']);
  assert.equal(new Set(ids).size, ids.length);
  for (const r of toolPoisoningRules) {
    assert.match(r.meta.id, /^[A-Z]+[0-9]+$/);
    assert.equal(r.meta.category, 'Tool Poisoning');
    assert.ok(r.meta.title && r.meta.description && r.meta.remediation);
  }
});
