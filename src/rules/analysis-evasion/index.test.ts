import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analysisEvasionRules } from './index.js';

test('analysis-evasion family exports AE1–AE5 once each with well-formed ids', () => {
  const ids = analysisEvasionRules.map((r) => r.meta.id);
  assert.deepEqual(ids, ['AE1', 'AE2', 'AE3', 'AE4', 'AE5']);
  assert.equal(new Set(ids).size, ids.length);
  for (const r of analysisEvasionRules) {
    assert.match(r.meta.id, /^[A-Z]+[0-9]+$/);
    assert.equal(r.meta.category, 'Analysis Evasion');
    assert.ok(r.meta.title && r.meta.description && r.meta.remediation);
  }
});
