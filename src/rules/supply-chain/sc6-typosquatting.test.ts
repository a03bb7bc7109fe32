import { test } from 'node:test';
import assert from 'node:assert/strict';
import { highFindings, runBundleRule } from '../../../test/helpers/rule-harness.js';
import { boundedLevenshtein, typosquatOf } from './sc6-typosquatting.js';
import { sc6 } from './sc6-typosquatting.js';

test('SC6 flags reqeusts, python-dateutl and lodahs', () => {
  const f = runBundleRule(sc6, [
    { path: 'requirements.txt', text: 'reqeusts==2.31.0\npython-dateutl\nrequests\n' },
    { path: 'package.json', text: '{\n  "dependencies": {\n    "lodahs": "4.17.21",\n    "react": "18.2.0"\n  }\n}' },
  ]);
  assert.deepEqual(f.map((x) => [x.rule.id, x.file, x.startLine, x.severity, x.confidence]), [
    ['SC6', 'requirements.txt', 1, 'HIGH', 0.7],
    ['SC6', 'requirements.txt', 2, 'HIGH', 0.7],
    ['SC6', 'package.json', 3, 'HIGH', 0.7],
  ]);
  assert.deepEqual(f.map((x) => (x.evidence as { resembles: string }).resembles), ['requests', 'python-dateutil', 'lodash']);
});

test('SC6 does not flag exact popular names, spelling variants or distant names', () => {
  for (const name of ['requests', 'Requests', 'python_dateutil', 'PyYAML', 'scikit-learn', 'my-internal-tool']) assert.equal(typosquatOf('pypi', name), null, name);
  for (const name of ['react', 'lodash', 'express', '@types/nodes', 'ab', 'zx']) assert.equal(typosquatOf('npm', name), null, name);
  // Two edits in a five-letter name exceed the relative bound.
  assert.equal(typosquatOf('pypi', 'flaks'), null);
});

test('SC6 knows the agent-ecosystem packages real skills depend on', () => {
  // `mcp` is one substitution from `scp` and `markitdown` two edits from `markdown`; both are the real packages.
  for (const name of ['mcp', 'fastmcp', 'markitdown', 'pdfplumber']) assert.equal(typosquatOf('pypi', name), null, name);
  assert.equal(typosquatOf('pypi', 'mcpp')?.target, 'mcp');
});

test('SC6 catches one-edit squats of short names', () => {
  assert.equal(typosquatOf('npm', 'expres')?.target, 'express');
  assert.equal(typosquatOf('pypi', 'numpi')?.target, 'numpy');
});

test('boundedLevenshtein is exact within the bound and stops beyond it', () => {
  assert.equal(boundedLevenshtein('kitten', 'sitting', 3), 3);
  assert.equal(boundedLevenshtein('lodahs', 'lodash', 2), 2);
  assert.equal(boundedLevenshtein('abc', 'abc', 2), 0);
  assert.equal(boundedLevenshtein('abcdef', 'uvwxyz', 2), 3);
  assert.equal(boundedLevenshtein('a'.repeat(10_000), 'b'.repeat(10_000), 2), 3);
});

test('SC6 in a test fixture manifest is not HIGH', () => {
  assert.equal(highFindings(runBundleRule(sc6, [{ path: 'tests/fixtures/requirements.txt', text: 'reqeusts\n' }])).length, 0);
});
