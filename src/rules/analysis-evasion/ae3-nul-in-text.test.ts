import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule } from '../../../test/helpers/rule-harness.js';
import { ae3 } from './ae3-nul-in-text.js';

test('AE3 fires on the line of the first NUL', () => {
  const f = runRule(ae3, { path: 'docs/readme.md', text: 'line one\nline two\nvisible\u0000hidden instructions\n\u0000\n' });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'AE3');
  assert.equal(f[0]?.startLine, 3);
  assert.equal(f[0]?.severity, 'HIGH');
  assert.equal(f[0]?.confidence, 0.9);
  assert.equal(f[0]?.evidence.nulCount, 2);
});

test('AE3 flags UTF-16-looking text and ignores files without NUL (even ones mentioning \\0)', () => {
  const utf16 = [...'hello world'].map((c) => `${c}\u0000`).join('');
  assert.equal(runRule(ae3, { path: 'notes.txt', text: utf16 })[0]?.evidence.utf16Like, true);
  assert.equal(runRule(ae3, { path: 'tests/fixtures/x.py', text: 'sep = "\\0"  # NUL separator\n' }).length, 0);
});
