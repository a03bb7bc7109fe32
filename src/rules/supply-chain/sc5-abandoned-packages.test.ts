import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runBundleRule } from '../../../test/helpers/rule-harness.js';
import { sc5 } from './sc5-abandoned-packages.js';

test('SC5 flags abandoned packages per ecosystem', () => {
  const f = runBundleRule(sc5, [
    { path: 'requirements.txt', text: 'requests==2.31.0\npycrypto==2.6.1\nNose\n' },
    { path: 'package.json', text: '{\n  "dependencies": {\n    "request": "2.88.2",\n    "optimist": "*"\n  }\n}' },
  ]);
  assert.deepEqual(f.map((x) => [x.rule.id, x.file, x.startLine, x.severity, x.confidence]), [
    ['SC5', 'requirements.txt', 2, 'MEDIUM', 0.75],
    ['SC5', 'requirements.txt', 3, 'MEDIUM', 0.75],
    ['SC5', 'package.json', 3, 'MEDIUM', 0.75],
    ['SC5', 'package.json', 4, 'MEDIUM', 0.75],
  ]);
  assert.equal((f[0]?.evidence as { replacement?: string }).replacement, 'pycryptodome or cryptography');
});

test('SC5 does not confuse ecosystems or flag maintained successors', () => {
  assert.equal(runBundleRule(sc5, [
    { path: 'requirements.txt', text: 'pycryptodome\nnose2\nrequests\n' },
    { path: 'package.json', text: '{"dependencies": {"uuid": "9.0.0", "yargs": "17.0.0"}}' },
    { path: 'README.md', text: 'We replaced pycrypto and nose.\n' },
  ]).length, 0);
});
