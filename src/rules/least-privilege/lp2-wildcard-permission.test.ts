import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runBundleRule } from '../../../test/helpers/rule-harness.js';
import { skillBundle } from '../tool-poisoning/test-support.js';
import { lp2 } from './lp2-wildcard-permission.js';

const exe = { path: 'run.sh', text: 'echo hi\n', executable: true };

test('LP2 fires on a wildcard permission entry, on its line', () => {
  const { files, bundle } = skillBundle('---\nname: x\npermissions:\n  - network\n  - all\n---\n', [exe]);
  const f = runBundleRule(lp2, files, bundle);
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'LP2');
  assert.equal(f[0]?.startLine, 5);
  assert.equal(f[0]?.severity, 'MEDIUM');
  assert.equal(f[0]?.confidence, 0.9);
});

test('LP2 does not fire on specific permissions or words that merely contain "all"', () => {
  const { files, bundle } = skillBundle('---\nname: x\npermissions: [network, "install", "read:all-repos"]\n---\n', [exe]);
  assert.equal(runBundleRule(lp2, files, bundle).length, 0);
});
