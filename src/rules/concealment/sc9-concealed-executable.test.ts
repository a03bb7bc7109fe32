import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runBundleRule } from '../../../test/helpers/rule-harness.js';
import type { InventoryEntry } from '../../model/bundle.js';
import { sc9 } from './sc9-concealed-executable.js';

const entry = (path: string, concealed: boolean): InventoryEntry => ({
  path, disposition: 'analyzed', contentKind: 'text', type: 'shell', executable: true, size: 10,
  ...(concealed
    ? { concealment: { reasons: ['document_container'], evidence: { outer_path: 'a.docx', nested_path: 'word/x.sh', container_type: 'docx', container_ancestry: ['docx'], container_depth: 1, concealment_reasons: ['document_container'], local_only: true } } }
    : {}),
});

test('SC9 reports one HIGH finding per concealed artifact, with its evidence', () => {
  const f = runBundleRule(sc9, [], { inventory: [entry('a.docx!/word/x.sh', true), entry('run.sh', false)] });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.file, 'a.docx!/word/x.sh');
  assert.equal(f[0]?.severity, 'HIGH');
  assert.equal(f[0]?.confidence, 1);
  assert.equal(f[0]?.evidence.container_type, 'docx');
  assert.ok(f[0]?.tags.includes('local-only'));
});

test('SC9 stays quiet when nothing is concealed', () => {
  assert.equal(runBundleRule(sc9, [], { inventory: [entry('run.sh', false)] }).length, 0);
});
