// The signature family in the registry: YR1–YR4 and YR-CUSTOM with complete metadata, registered after the
// behaviour rules, matched only by the signature stage (src/engine/signatures.test.ts runs them on bytes).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RULES } from '../index.js';
import { CATEGORIES } from '../types.js';
import { bundledSignatureNames, bundledSignatureSet, classifySignature } from '../../signatures/index.js';
import { signatureRules } from './index.js';

test('YR1, YR2, YR3, YR4 and YR-CUSTOM are registered once each, last of the deterministic rules, with full metadata', () => {
  assert.deepEqual(signatureRules.map((r) => r.meta.id), ['YR1', 'YR2', 'YR3', 'YR4', 'YR-CUSTOM']);
  assert.deepEqual(RULES.filter((r) => r.kind !== 'llm').slice(-5).map((r) => r.meta.id), ['YR1', 'YR2', 'YR3', 'YR4', 'YR-CUSTOM']);
  for (const { kind, meta } of signatureRules) {
    assert.equal(kind, 'signature');
    assert.ok((CATEGORIES as readonly string[]).includes(meta.category));
    assert.ok(meta.title.length > 10, meta.id);
    for (const field of ['description', 'remediation'] as const) assert.ok(meta[field].length > 40, `${meta.id} ${field}`);
  }
  assert.deepEqual(signatureRules.map((r) => r.meta.severity), ['CRITICAL', 'CRITICAL', 'HIGH', 'HIGH', 'MEDIUM']);
});

test('every bundled signature maps to one of YR1–YR4 and carries its own severity, confidence and description', () => {
  const names = bundledSignatureNames();
  assert.deepEqual([...names.keys()].sort(), ['YR1', 'YR2', 'YR3', 'YR4']);
  assert.equal([...names.values()].flat().length, bundledSignatureSet().rules.length);
  for (const rule of bundledSignatureSet().rules) {
    const c = classifySignature(rule.meta, false);
    assert.notEqual(c.id, 'YR-CUSTOM');
    assert.ok(c.confidence >= 0.8, `${rule.name} confidence ${c.confidence}`);
    assert.ok(String(rule.meta.description).length > 30, rule.name);
  }
});

test('the bundled set is compiled once per process', () => {
  assert.equal(bundledSignatureSet(), bundledSignatureSet());
});
