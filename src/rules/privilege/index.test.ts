import { test } from 'node:test';
import assert from 'node:assert/strict';
import { privilegeRules } from './index.js';

test('privilege family exports PE1–PE5 once each with well-formed ids', () => {
  assert.deepEqual(privilegeRules.map((r) => r.meta.id), ['PE1', 'PE2', 'PE3', 'PE4', 'PE5']);
  assert.equal(new Set(privilegeRules).size, privilegeRules.length);
  for (const r of privilegeRules) {
    assert.match(r.meta.id, /^[A-Z]+[0-9]+$/);
    assert.equal(r.meta.category, 'Privilege Escalation');
    assert.ok(r.meta.title && r.meta.description.length > 80 && r.meta.remediation.length > 20, r.meta.id);
  }
  const sev = Object.fromEntries(privilegeRules.map((r) => [r.meta.id, r.meta.severity]));
  assert.deepEqual(sev, { PE1: 'LOW', PE2: 'MEDIUM', PE3: 'HIGH', PE4: 'HIGH', PE5: 'HIGH' });
});
