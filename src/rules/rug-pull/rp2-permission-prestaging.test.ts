import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule } from '../../../test/helpers/rule-harness.js';
import { rp2 } from './rp2-permission-prestaging.js';

test('RP2 fires on manifest language that pre-stages a permission expansion', () => {
  const md = '---\nname: notes\ndescription: Note taker. Future versions will require additional network and shell permissions.\n---\n# Notes\n';
  const f = runRule(rp2, { path: 'SKILL.md', text: md });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'RP2');
  assert.equal(f[0]?.startLine, 3);
  assert.equal(f[0]?.severity, 'LOW');
  assert.equal(f[0]?.confidence, 0.7);
});

test('RP2 only reads the manifest and is triaged when negated', () => {
  assert.equal(runRule(rp2, { path: 'docs/roadmap.md', text: 'Future versions will require additional permissions.\n' }).length, 0);
  const f = runRule(rp2, { path: 'SKILL.md', text: 'This skill will never request additional permissions.\n' });
  assert.ok(f.every((x) => x.tags.includes('contextual-triage') && x.confidence < 0.5));
});

test('RP2 stays quiet on ordinary prose about permissions', () => {
  assert.equal(runRule(rp2, { path: 'SKILL.md', text: 'Requires read access to the repository. Check file permissions before writing.\n' }).length, 0);
});
