import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rogueAgentRules } from './index.js';

test('rogue-agent family exports RA1-RA2 once each', () => {
  const ids = rogueAgentRules.map((r) => r.meta.id);
  assert.deepEqual(ids, ['RA1', 'RA2']);
  assert.equal(new Set(ids).size, ids.length);
  for (const r of rogueAgentRules) {
    assert.match(r.meta.id, /^[A-Z]+[0-9]+$/);
    assert.equal(r.meta.category, 'Rogue Agent');
    assert.ok(r.meta.title && r.meta.description && r.meta.remediation);
  }
});
