import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CATEGORIES } from '../types.js';
import { promptInjectionRules } from './index.js';

test('the family exports P1–P9 once each, with unique well-formed ids', () => {
  const ids = promptInjectionRules.map((r) => r.meta.id);
  assert.deepEqual(ids, ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9']);
  assert.equal(new Set(ids).size, ids.length);
  assert.equal(new Set(promptInjectionRules).size, promptInjectionRules.length);
  for (const id of ids) assert.match(id, /^[A-Z]+[0-9]+$/);
});

test('every rule has complete metadata with the catalogue\'s category and severity', () => {
  const expected: Record<string, [string, string]> = {
    P1: ['Prompt Injection', 'HIGH'], P2: ['Prompt Injection', 'HIGH'], P3: ['Prompt Injection', 'HIGH'],
    P4: ['Prompt Injection', 'MEDIUM'], P5: ['Prompt Injection', 'CRITICAL'], P6: ['System Prompt Leakage', 'HIGH'],
    P7: ['System Prompt Leakage', 'MEDIUM'], P8: ['System Prompt Leakage', 'HIGH'], P9: ['Prompt Injection', 'HIGH'],
  };
  for (const { meta } of promptInjectionRules) {
    assert.deepEqual([meta.category, meta.severity], expected[meta.id], meta.id);
    assert.ok((CATEGORIES as readonly string[]).includes(meta.category));
    assert.ok(meta.confidence > 0 && meta.confidence <= 1, meta.id);
    for (const field of [meta.title, meta.description, meta.remediation]) assert.ok(field.length > 10, meta.id);
  }
  const noTriage = promptInjectionRules.filter((r) => r.meta.noTriage).map((r) => r.meta.id);
  assert.deepEqual(noTriage, ['P2', 'P9']);
});
