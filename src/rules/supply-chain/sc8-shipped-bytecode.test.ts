import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runBundleRule } from '../../../test/helpers/rule-harness.js';
import { sc8 } from './sc8-shipped-bytecode.js';

test('SC8 reports each shipped bytecode path at line 1', () => {
  const bytecode = ['__pycache__/', 'lib/x.pyc', 'tests/old.pyo'];
  const f = runBundleRule(sc8, [{ path: 'SKILL.md', text: '# x\n' }], { bytecode });
  assert.deepEqual(f.map((x) => [x.rule.id, x.file, x.startLine, x.severity, x.confidence]), [
    ['SC8', '__pycache__/', 1, 'HIGH', 0.95],
    ['SC8', 'lib/x.pyc', 1, 'HIGH', 0.95],
    // Bytecode under tests/ still runs; the rule is not subject to fixture triage.
    ['SC8', 'tests/old.pyo', 1, 'HIGH', 0.95],
  ]);
  assert.equal(f[0]?.label, 'Python bytecode cache directory shipped');
  assert.equal(f[1]?.label, 'Compiled Python file shipped');
});

test('SC8 is silent without bytecode, whatever the text says', () => {
  assert.equal(runBundleRule(sc8, [{ path: 'run.py', text: 'import py_compile  # writes __pycache__/x.pyc\n' }]).length, 0);
});
