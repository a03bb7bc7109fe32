import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule } from '../../../test/helpers/rule-harness.js';
import { ae5 } from './ae5-oversized-text.js';

test('AE5 fires on markdown over 1,000,000 characters', () => {
  const f = runRule(ae5, { path: 'docs/reference.md', text: `# Ref\n${'x'.repeat(1_000_001)}` });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'AE5');
  assert.equal(f[0]?.startLine, 1);
  assert.equal(f[0]?.severity, 'HIGH');
  assert.equal(f[0]?.confidence, 1);
});

test('AE5 does not fire at the limit or on large non-text files', () => {
  assert.equal(runRule(ae5, { path: 'SKILL.md', text: 'x'.repeat(1_000_000) }).length, 0);
  assert.equal(runRule(ae5, { path: 'data.json', text: 'x'.repeat(1_500_000) }).length, 0);
});
