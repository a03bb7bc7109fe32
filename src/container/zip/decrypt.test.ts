// Decryption accepts a password only when the content proves it, tries at most 32, and never throws.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aesMember, zipCryptoMember } from '../../../test/helpers/zip-crypto.js';
import { buildZip } from '../../../test/helpers/zip-builder.js';
import type { ZipBuildEntry } from '../../../test/helpers/zip-builder.js';
import { MAX_PASSWORD_ATTEMPTS, decryptZipEntry } from './decrypt.js';
import { openZip } from './index.js';
import type { ZipEntry } from './index.js';

const DATA = 'echo payload\n'.repeat(20);

function open(entry: ZipBuildEntry): { bytes: Buffer; entry: ZipEntry } {
  const bytes = buildZip([entry]);
  const opened = openZip(bytes, { maxMembers: 10, maxCentralDirectoryBytes: 1 << 20 });
  assert.ok(opened.ok);
  const first = opened.entries[0];
  assert.ok(first);
  return { bytes, entry: first };
}

function tries(list: string[]): Buffer[] {
  return list.map((p) => Buffer.from(p));
}

const never = (): boolean => false;

test('the right password among wrong ones opens ZipCrypto and every AES strength', () => {
  for (const member of [zipCryptoMember('a.sh', DATA, 'right-1'), aesMember('a.sh', DATA, 'right-1', { strength: 1 }), aesMember('a.sh', DATA, 'right-1', { strength: 2 }), aesMember('a.sh', DATA, 'right-1', { strength: 3, version: 1 })]) {
    const { bytes, entry } = open(member);
    const r = decryptZipEntry(bytes, entry, tries(['nope', 'right-', 'right-1']), never);
    assert.ok(r.ok);
    assert.equal(r.password, 2);
    assert.equal(r.bytes.toString(), DATA);
  }
});

test('the 33rd password is never tried', () => {
  const wrong = Array.from({ length: MAX_PASSWORD_ATTEMPTS }, (_, i) => `wrong-${i}`);
  for (const member of [zipCryptoMember('a.sh', DATA, 'late-1'), aesMember('a.sh', DATA, 'late-1')]) {
    const { bytes, entry } = open(member);
    const r = decryptZipEntry(bytes, entry, tries([...wrong, 'late-1']), never);
    assert.equal(r.ok, false);
    assert.ok(!r.ok && r.reason === 'encrypted' && /none of the 32 passwords/.test(r.message));
    assert.ok(decryptZipEntry(bytes, entry, tries([...wrong.slice(1), 'late-1']), never).ok, 'the 32nd is tried');
  }
});

test('an expired deadline stops before the first attempt', () => {
  const { bytes, entry } = open(aesMember('a.sh', DATA, 'right-1'));
  const r = decryptZipEntry(bytes, entry, tries(['right-1']), () => true);
  assert.equal(r.ok, false);
});

test('strong encryption, a missing AES extra field and cut data stay unopened without throwing', () => {
  const strong = open({ ...zipCryptoMember('a.sh', DATA, 'right-1'), strongEncryption: true });
  const s = decryptZipEntry(strong.bytes, strong.entry, tries(['right-1']), never);
  assert.ok(!s.ok && /strong encryption/.test(s.message));
  const aes = aesMember('a.sh', DATA, 'right-1');
  const bare = open({ ...aes, localExtra: Buffer.alloc(0) });
  const r = decryptZipEntry(bare.bytes, bare.entry, tries(['right-1']), never);
  assert.ok(!r.ok && /extra field/.test(r.message));
  const whole = open(aes);
  const cut = whole.bytes.subarray(0, whole.entry.localHeaderOffset + 40);
  const t = decryptZipEntry(cut, whole.entry, tries(['right-1']), never);
  assert.ok(!t.ok && t.reason === 'truncated');
});

test('a ZipCrypto header that passes the check byte by chance still needs the CRC', () => {
  // Forge the CRC: the check byte follows it, so the right password passes the header but not the content check.
  const member = zipCryptoMember('a.sh', DATA, 'right-1', { method: 0 });
  const { bytes, entry } = open(member);
  const forged = { ...entry, crc32: (entry.crc32 ^ 0x1) >>> 0 };
  assert.equal(decryptZipEntry(bytes, forged, tries(['right-1']), never).ok, false);
});
