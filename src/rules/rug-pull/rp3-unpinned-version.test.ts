import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runBundleRule } from '../../../test/helpers/rule-harness.js';
import { skillBundle } from '../tool-poisoning/test-support.js';
import { rp3, versionLooseness } from './rp3-unpinned-version.js';

function run(md: string) {
  const { files, bundle } = skillBundle(md);
  return runBundleRule(rp3, files, bundle);
}

test('RP3 fires on a floating manifest version, on its line', () => {
  const f = run('---\nname: x\ndescription: y\nversion: latest\n---\n');
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'RP3');
  assert.equal(f[0]?.startLine, 4);
  assert.equal(f[0]?.severity, 'LOW');
  assert.equal(f[0]?.confidence, 0.8);
});

test('RP3 fires on ranges, including metadata.version, with lower confidence', () => {
  const f = run('---\nname: x\nmetadata:\n  version: "^1.2.0"\n---\n');
  assert.equal(f[0]?.startLine, 4);
  assert.equal(f[0]?.confidence, 0.5);
  assert.equal(versionLooseness('>=1.0')?.confidence, 0.4);
  assert.equal(versionLooseness('1.x')?.confidence, 0.5);
});

test('RP3 does not fire on exact versions', () => {
  assert.equal(run('---\nname: x\nversion: 1.2.3\n---\n').length, 0);
  assert.equal(run('---\nname: x\nversion: "2.0.0-beta.1"\n---\n').length, 0);
  assert.equal(run('---\nname: x\nversion: 1.0\n---\n').length, 0);
});
