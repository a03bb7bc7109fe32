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

test('AE3 ignores files whose name declares binary content (Office printer settings, model weights)', () => {
  const devmode = `HP LaserJet\u0000\u0000\u0000\u0001\u0004<?xml version="1.0"?>`;
  assert.equal(runRule(ae3, { path: 'deck.pptx!/ppt/printerSettings/printerSettings1.bin', text: devmode }).length, 0);
  assert.equal(runRule(ae3, { path: 'weights/model.pt', text: 'x\u0000y' }).length, 0);
  // A text name keeps the rule: the NUL hides what follows from viewers.
  assert.equal(runRule(ae3, { path: 'notes.md', text: 'x\u0000y' }).length, 1);
});

test('AE3 ignores an AppleDouble sidecar that decodes as UTF-8, by its header', () => {
  const header = '\u0000\u0005\u0016\u0007\u0000\u0002\u0000\u0000Mac OS X        \u0000\u0002';
  assert.equal(runRule(ae3, { path: 'pack.zip!/__MACOSX/._SKILL.md', text: `${header}\u0000\u0000ATTR` }).length, 0);
  // The same name without the header is judged like any text file.
  assert.equal(runRule(ae3, { path: 'pack.zip!/__MACOSX/._SKILL.md', text: 'read me\u0000then this' }).length, 1);
});
