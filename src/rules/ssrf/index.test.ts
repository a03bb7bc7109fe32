import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ssrfRules } from './index.js';

test('SSRF family exports SSRF1–SSRF3 once each with well-formed ids', () => {
  assert.deepEqual(ssrfRules.map((r) => r.meta.id), ['SSRF1', 'SSRF2', 'SSRF3']);
  assert.equal(new Set(ssrfRules).size, ssrfRules.length);
  for (const r of ssrfRules) {
    assert.match(r.meta.id, /^[A-Z]+[0-9]+$/);
    assert.equal(r.meta.category, 'SSRF');
    assert.ok(r.meta.title && r.meta.description.length > 80 && r.meta.remediation.length > 20, r.meta.id);
  }
  const sev = Object.fromEntries(ssrfRules.map((r) => [r.meta.id, r.meta.severity]));
  assert.deepEqual(sev, { SSRF1: 'HIGH', SSRF2: 'MEDIUM', SSRF3: 'MEDIUM' });
});
