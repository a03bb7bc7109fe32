import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runBundleRule } from '../../../test/helpers/rule-harness.js';
import { sc1 } from './sc1-unpinned-dependencies.js';

test('SC1 fires on unpinned requirements with the dependency line', () => {
  const f = runBundleRule(sc1, [{ path: 'requirements.txt', text: 'requests==2.31.0\nflask\nnumpy>=1.20\nrich~=13.0\nattrs>=22,<24\n' }]);
  assert.deepEqual(f.map((x) => [x.rule.id, x.file, x.startLine, x.severity]), [
    ['SC1', 'requirements.txt', 2, 'LOW'],
    ['SC1', 'requirements.txt', 3, 'LOW'],
  ]);
});

test('SC1 covers package.json ranges, tags and VCS sources', () => {
  const text = JSON.stringify({ dependencies: { a: '1.2.3', b: '^1.2.3', c: '*', d: 'latest', e: '~1.2.3', f: 'github:o/r', g: 'github:o/r#0123456789abcdef0123456789abcdef01234567', h: 'file:../h' } }, null, 2);
  const f = runBundleRule(sc1, [{ path: 'package.json', text }]);
  assert.deepEqual(f.map((x) => (x.evidence as { package: string }).package), ['b', 'c', 'd', 'f']);
});

test('SC1 flags advice not to pin versions in a manifest', () => {
  const f = runBundleRule(sc1, [{ path: 'requirements.txt', text: '# Do not pin versions; always use the latest\nrequests==2.31.0\n' }]);
  assert.equal(f.length, 1);
  assert.equal(f[0]?.startLine, 1);
});

test('SC1 reads only dependency manifests', () => {
  assert.equal(runBundleRule(sc1, [
    { path: 'README.md', text: 'pip install requests\nflask\n' },
    { path: 'docs/REQUIREMENTS.md', text: 'flask\nnumpy\n' },
    { path: 'notes.txt', text: 'flask\n' },
  ]).length, 0);
});

test('SC1 findings in test fixtures are triaged', () => {
  const f = runBundleRule(sc1, [{ path: 'tests/fixtures/requirements.txt', text: 'flask\n' }]);
  assert.equal(f.length, 1);
  assert.ok(f[0]?.tags.includes('triage:fixture-data'));
});
