import { test } from 'node:test';
import assert from 'node:assert/strict';
import { agentSnoopingRules } from './index.js';

test('agent-snooping family exports AS1–AS3 once each with well-formed ids', () => {
  assert.deepEqual(agentSnoopingRules.map((r) => r.meta.id), ['AS1', 'AS2', 'AS3']);
  assert.equal(new Set(agentSnoopingRules).size, agentSnoopingRules.length);
  for (const r of agentSnoopingRules) {
    assert.match(r.meta.id, /^[A-Z]+[0-9]+$/);
    assert.equal(r.meta.category, 'Agent Snooping');
    assert.ok(r.meta.title && r.meta.description.length > 80 && r.meta.remediation.length > 20, r.meta.id);
  }
  const sev = Object.fromEntries(agentSnoopingRules.map((r) => [r.meta.id, r.meta.severity]));
  assert.deepEqual(sev, { AS1: 'HIGH', AS2: 'HIGH', AS3: 'MEDIUM' });
});
