import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CATEGORIES } from '../types.js';
import { supplyChainRules } from './index.js';

test('the supply-chain family exports every rule once with well-formed metadata', () => {
  const ids = supplyChainRules.map((r) => r.meta.id);
  assert.deepEqual(ids, ['SC1', 'SC2', 'SC3', 'SC4', 'SC5', 'SC6', 'SC7', 'SC8', 'SC10']);
  assert.equal(new Set(ids).size, ids.length);
  assert.equal(new Set(supplyChainRules).size, supplyChainRules.length);
  for (const r of supplyChainRules) {
    assert.match(r.meta.id, /^[A-Z]+[0-9]+$/);
    assert.equal(r.meta.category, 'Supply Chain');
    assert.ok(CATEGORIES.includes(r.meta.category));
    assert.ok(r.meta.title && r.meta.description.length > 40 && r.meta.remediation.length > 20, r.meta.id);
    assert.ok(r.meta.confidence > 0 && r.meta.confidence <= 1, r.meta.id);
  }
  assert.ok(!ids.includes('SC9'), 'SC9 belongs to the container stage');
});

test('catalogue severities and confidences match the digest', () => {
  const meta = Object.fromEntries(supplyChainRules.map((r) => [r.meta.id, [r.meta.severity, r.meta.confidence]]));
  assert.equal(meta.SC1?.[0], 'LOW');
  assert.equal(meta.SC2?.[0], 'HIGH');
  assert.equal(meta.SC3?.[0], 'HIGH');
  assert.deepEqual(meta.SC5, ['MEDIUM', 0.75]);
  assert.deepEqual(meta.SC6, ['HIGH', 0.7]);
  assert.equal(meta.SC7?.[0], 'HIGH');
  assert.deepEqual(meta.SC8, ['HIGH', 0.95]);
  assert.equal(meta.SC10?.[0], 'HIGH');
});
