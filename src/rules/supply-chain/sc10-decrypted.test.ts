// SC10's decryption path: one finding per password line, merged into a lure finding already there.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { InventoryEntry } from '../../model/bundle.js';
import { withDecryptions } from './sc10-decrypted.js';

function member(path: string, line?: number): InventoryEntry {
  return { path, disposition: 'analyzed', contentKind: 'text', type: 'shell', executable: false, size: 10, ...(line !== undefined ? { decryptedWith: { file: 'SKILL.md', line } } : {}) };
}

test('one HIGH finding per password line, naming the members and never quoting the line', () => {
  const out = withDecryptions([], [member('t.zip!/a.sh', 8), member('t.zip!/b.sh', 8), member('t.zip!/c.txt'), member('u.zip!/d.sh', 12)]);
  assert.deepEqual(out.map((h) => [h.file, h.line, h.severity, h.matched]), [
    ['SKILL.md', 8, 'HIGH', 'password given in the text opened t.zip!/a.sh and 1 more'],
    ['SKILL.md', 12, 'HIGH', 'password given in the text opened u.zip!/d.sh'],
  ]);
});

test('a lure finding on the password line becomes the proof: its quote is replaced and it is never below HIGH', () => {
  const lure = { file: 'SKILL.md', line: 8, matched: 'extract using: s3cret-1', severity: 'MEDIUM' as const, confidence: 0.5 };
  const elsewhere = { file: 'SKILL.md', line: 3, matched: 'download tools.zip' };
  const out = withDecryptions([lure, elsewhere], [member('t.zip!/a.sh', 8)]);
  assert.equal(out.length, 2);
  assert.deepEqual([out[0]?.matched, out[0]?.severity], ['password given in the text opened t.zip!/a.sh', 'HIGH']);
  assert.equal(out[1], elsewhere);
  const critical = withDecryptions([{ ...lure, severity: 'CRITICAL' }], [member('t.zip!/a.sh', 8)]);
  assert.equal(critical[0]?.severity, 'CRITICAL');
});

test('no decrypted member: the hits pass through unchanged', () => {
  const hit = { file: 'SKILL.md', line: 8, matched: 'password: s3cret-1' };
  assert.deepEqual(withDecryptions([hit], [member('t.zip!/a.sh')]), [hit]);
});
