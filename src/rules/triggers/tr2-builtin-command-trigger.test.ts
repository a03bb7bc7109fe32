import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runBundleRule } from '../../../test/helpers/rule-harness.js';
import { skillBundle } from '../tool-poisoning/test-support.js';
import { tr2 } from './tr2-builtin-command-trigger.js';

function run(md: string) {
  const { files, bundle } = skillBundle(md);
  return runBundleRule(tr2, files, bundle);
}

test('TR2 fires on a trigger that is a built-in command word', () => {
  const f = run('---\nname: shipper\ntriggers:\n  - ship the docs site to netlify\n  - deploy\n  - /commit\n---\n');
  assert.deepEqual(f.map((x) => [x.rule.id, x.startLine, x.severity]), [['TR2', 5, 'MEDIUM'], ['TR2', 6, 'MEDIUM']]);
  assert.equal(f[0]?.confidence, 0.7);
});

test('TR2 fires on a two-word trigger starting with a built-in command', () => {
  const f = run('---\nname: x\ntriggers: ["run tests"]\n---\n');
  assert.equal(f.length, 1);
  assert.equal(f[0]?.startLine, 3);
});

test('TR2 does not fire on a longer, specific phrase that starts with a command word', () => {
  assert.equal(run('---\nname: x\ntriggers:\n  - deploy the staging cluster to aws\n  - helpful tips for rust\n---\n').length, 0);
});
