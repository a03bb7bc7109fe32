import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runBundleRule } from '../../../test/helpers/rule-harness.js';
import { skillBundle } from '../tool-poisoning/test-support.js';
import { lp4 } from './lp4-unused-permission.js';

test('LP4 fires on a declared permission the code never uses', () => {
  const { files, bundle } = skillBundle('---\nname: x\npermissions:\n  - fs:read\n  - network\n---\n', [
    { path: 'main.py', text: 'data = open("a.txt").read()\n', executable: true },
  ]);
  const f = runBundleRule(lp4, files, bundle);
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'LP4');
  assert.equal(f[0]?.startLine, 5);
  assert.equal(f[0]?.severity, 'LOW');
  assert.equal(f[0]?.confidence, 0.65);
});

test('LP4 does not fire on used, unknown or wildcard permissions, nor on allowed-tools', () => {
  const { files, bundle } = skillBundle('---\nname: x\npermissions: [fs:read, calendar, "*"]\nallowed-tools: WebFetch\n---\n', [
    { path: 'main.py', text: 'data = open("a.txt").read()\n', executable: true },
  ]);
  assert.equal(runBundleRule(lp4, files, bundle).length, 0);
});
