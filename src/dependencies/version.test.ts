import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareVersions, inRange } from './version.js';

test('compareVersions orders PEP 440 and semver releases', () => {
  const ordered = ['1.0.dev1', '1.0a1', '1.0b2', '1.0rc1', '1.0', '1.0.post1', '1.0.1', '1.2', '1.10', '2!0.1'];
  for (let i = 1; i < ordered.length; i += 1) assert.equal(compareVersions(ordered[i - 1] ?? '', ordered[i] ?? ''), -1, `${ordered[i - 1]} < ${ordered[i]}`);
  assert.equal(compareVersions('1.0.0-alpha.1', '1.0.0-beta'), -1);
  assert.equal(compareVersions('1.0.0-beta', '1.0.0'), -1);
  assert.equal(compareVersions('v4.17.21', '4.17.21'), 0);
  assert.equal(compareVersions('2.0', '2.0.0'), 0);
  assert.equal(compareVersions('1.0+local', '1.0'), 0);
  assert.equal(compareVersions('not-a-version', '1.0'), null);
  assert.equal(compareVersions('1'.repeat(200), '1.0'), null);
});

test('inRange follows OSV semantics and never claims unparsable versions', () => {
  assert.equal(inRange('4.17.20', { fixed: '4.17.21' }), true);
  assert.equal(inRange('4.17.21', { fixed: '4.17.21' }), false);
  assert.equal(inRange('2.2.0', { introduced: '2.3.0', fixed: '2.31.0' }), false);
  assert.equal(inRange('3.9.19', { lastAffected: '3.9.19' }), true);
  assert.equal(inRange('3.9.20', { lastAffected: '3.9.19' }), false);
  assert.equal(inRange('0.7.29', { exact: ['0.7.29', '0.8.0'] }), true);
  assert.equal(inRange('0.7.30', { exact: ['0.7.29', '0.8.0'] }), false);
  assert.equal(inRange('garbage', { fixed: '1.0' }), false);
  assert.equal(inRange('1.0', {}), false);
});
