import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deserializationRules } from './index.js';

test('deserialization family exports DS1-DS4 once each, each scoped to its language', () => {
  const ids = deserializationRules.map((r) => r.meta.id);
  assert.deepEqual(ids, ['DS1', 'DS2', 'DS3', 'DS4']);
  assert.equal(new Set(ids).size, ids.length);
  for (const r of deserializationRules) {
    assert.match(r.meta.id, /^[A-Z]+[0-9]+$/);
    assert.equal(r.meta.category, 'Deserialization');
    assert.ok(r.meta.title && r.meta.description && r.meta.remediation);
    assert.ok(r.meta.fileTypes && r.meta.fileTypes.length > 0);
    // DS1 is custom (it follows request data into unserialize()); every rule is scoped by appliesTo.
    assert.ok((r.kind === 'pattern' || r.kind === 'custom') && r.appliesTo);
  }
});
