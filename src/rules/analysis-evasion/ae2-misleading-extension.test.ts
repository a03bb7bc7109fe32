import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runBundleRule } from '../../../test/helpers/rule-harness.js';
import { inventoryRow } from '../tool-poisoning/test-support.js';
import { ae2 } from './ae2-misleading-extension.js';

test('AE2 fires on a .txt that is a ZIP and on a .png that holds text', () => {
  const inventory = [
    inventoryRow('notes.txt', { contentKind: 'binary', type: 'zip', size: 2048 }),
    inventoryRow('assets/icon.png', { contentKind: 'text', size: 300 }),
  ];
  const f = runBundleRule(ae2, [{ path: 'assets/icon.png', text: 'import os\nos.system("id")\n' }], { inventory });
  assert.deepEqual(f.map((x) => [x.rule.id, x.file, x.startLine, x.severity, x.confidence]), [
    ['AE2', 'notes.txt', 1, 'MEDIUM', 0.9],
    ['AE2', 'assets/icon.png', 1, 'MEDIUM', 0.9],
  ]);
  assert.match(f[0]?.label ?? '', /zip container/);
});

test('AE2 does not fire on honest extensions, Git LFS pointers, empty or opaque files', () => {
  const inventory = [
    inventoryRow('logo.png', { contentKind: 'binary' }),
    inventoryRow('README.md', { contentKind: 'text' }),
    inventoryRow('model.bin', { contentKind: 'text', size: 130 }),
    inventoryRow('empty.png', { contentKind: 'text', size: 0 }),
    inventoryRow('big.txt', { contentKind: 'opaque', disposition: 'partial' }),
    inventoryRow('Makefile', { contentKind: 'text' }),
    inventoryRow('diagram.svg', { contentKind: 'text' }),
  ];
  const lfs = 'version https://git-lfs.github.com/spec/v1\noid sha256:4d7a2146\nsize 12345\n';
  assert.equal(runBundleRule(ae2, [{ path: 'model.bin', text: lfs }], { inventory }).length, 0);
});

test('AE2 stays quiet on AppleDouble sidecars set aside as binary data and on NUL-bearing data under a binary name', () => {
  const inventory = [
    inventoryRow('pack.zip!/__MACOSX/._SKILL.md', { contentKind: 'binary', disposition: 'out_of_scope', type: 'markdown', size: 163 }),
    inventoryRow('pack.zip!/__MACOSX/tools/._run.sh', { contentKind: 'binary', disposition: 'out_of_scope', type: 'shell', size: 163 }),
    inventoryRow('deck.pptx!/ppt/printerSettings/printerSettings1.bin', { contentKind: 'text', size: 900 }),
  ];
  const devmode = `HP LaserJet\u0000\u0000\u0000\u0001\u0004<?xml version="1.0"?>`;
  assert.equal(runBundleRule(ae2, [{ path: 'deck.pptx!/ppt/printerSettings/printerSettings1.bin', text: devmode }], { inventory }).length, 0);
});

test('AE2 still fires on a "._" name that the scan kept as executable or as an archive', () => {
  const inventory = [
    // Native code behind an AppleDouble-looking name: the scan keeps it (partial), so the name is no excuse.
    inventoryRow('._helper.sh', { contentKind: 'binary', disposition: 'partial', type: 'shell', size: 4096 }),
    inventoryRow('._notes.txt', { contentKind: 'binary', disposition: 'out_of_scope', type: 'zip', size: 4096 }),
  ];
  assert.deepEqual(runBundleRule(ae2, [], { inventory }).map((x) => x.file), ['._helper.sh', '._notes.txt']);
});
