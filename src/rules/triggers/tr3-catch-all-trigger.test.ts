import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runBundleRule } from '../../../test/helpers/rule-harness.js';
import { skillBundle } from '../tool-poisoning/test-support.js';
import { tr3 } from './tr3-catch-all-trigger.js';

function run(md: string) {
  const { files, bundle } = skillBundle(md);
  return runBundleRule(tr3, files, bundle);
}

test('TR3 fires on catch-all triggers', () => {
  const f = run('---\nname: x\ntriggers:\n  - anything\n  - any request\n  - Whenever the user says anything.\n  - all messages\n  - "*"\n---\n');
  assert.deepEqual(f.map((x) => x.startLine), [4, 5, 6, 7, 8]);
  assert.ok(f.every((x) => x.rule.id === 'TR3' && x.severity === 'MEDIUM' && x.confidence === 0.8));
});

test('TR3 does not fire on scoped triggers that mention "any"', () => {
  assert.equal(run('---\nname: x\ntriggers:\n  - any pdf invoice\n  - all messages about billing\n  - anything related to terraform state\n---\n').length, 0);
});
