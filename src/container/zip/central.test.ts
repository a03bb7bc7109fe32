import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildZip } from '../../../test/helpers/zip-builder.js';
import type { ZipBuildEntry } from '../../../test/helpers/zip-builder.js';
import { decodeCp437, decodeName } from './central.js';
import { openZip } from './index.js';
import type { ZipOpenResult } from './index.js';

const LIMITS = { maxMembers: 1000, maxCentralDirectoryBytes: 4 * 1024 * 1024 };

function entries(n: number): ZipBuildEntry[] {
  return Array.from({ length: n }, (_, i) => ({ name: `f${i}.txt`, data: `file ${i}` }));
}

function refused(r: ZipOpenResult): Extract<ZipOpenResult, { ok: false }> {
  assert.equal(r.ok, false, 'expected a refusal');
  if (r.ok) throw new Error('unreachable');
  return r;
}

describe('budget checks before the walk', () => {
  it('refuses a declared count above the member budget with observed and limit', () => {
    const r = refused(openZip(buildZip(entries(2), { forgeTotalEntries: 60000 }), { ...LIMITS, maxMembers: 1000 }));
    assert.equal(r.reason, 'member_limit');
    assert.equal(r.observed, 60000);
    assert.equal(r.limit, 1000);
  });

  it('checks the member budget before the central-directory size', () => {
    const zip = buildZip(entries(5));
    const r = refused(openZip(zip, { maxMembers: 4, maxCentralDirectoryBytes: 10 }));
    assert.equal(r.reason, 'member_limit');
  });

  it('accepts a declared count equal to the budget', () => {
    const r = openZip(buildZip(entries(3)), { ...LIMITS, maxMembers: 3 });
    assert.ok(r.ok);
    assert.equal(r.entries.length, 3);
  });

  it('refuses a central directory above the size cap', () => {
    const zip = buildZip(entries(3));
    const r = refused(openZip(zip, { maxMembers: 10, maxCentralDirectoryBytes: 100 }));
    assert.equal(r.reason, 'size_limit');
    assert.equal(r.limit, 100);
    assert.ok((r.observed ?? 0) > 100);
  });

  it('refuses a declared count that cannot fit in the directory size', () => {
    const r = refused(openZip(buildZip(entries(1), { forgeTotalEntries: 3 }), LIMITS));
    assert.equal(r.reason, 'malformed');
    assert.match(r.message, /cannot fit/);
  });
});

describe('walk of the central directory', () => {
  it('stops as soon as the real count exceeds the budget, whatever the declared count says', () => {
    const r = refused(openZip(buildZip(entries(50), { forgeTotalEntries: 2 }), { ...LIMITS, maxMembers: 3 }));
    assert.equal(r.reason, 'member_limit');
    assert.equal(r.observed, 4);
    assert.equal(r.limit, 3);
  });

  it('refuses a count that differs from the declared count', () => {
    const r = refused(openZip(buildZip(entries(3), { forgeTotalEntries: 2 }), LIMITS));
    assert.equal(r.reason, 'malformed');
    assert.match(r.message, /holds 3 entries but the end record declares 2/);
  });

  it('refuses garbage after the last header', () => {
    const r = refused(openZip(buildZip(entries(2), { cdPadding: Buffer.alloc(60, 0x41) }), LIMITS));
    assert.equal(r.reason, 'malformed');
    assert.match(r.message, /Expected a central directory header signature/);
  });

  it('refuses a header whose variable part runs past the directory', () => {
    const zip = buildZip(entries(1));
    const cd = zip.length - 22 - (46 + 6);
    zip.writeUInt16LE(200, cd + 28);
    const r = refused(openZip(zip, LIMITS));
    assert.match(r.message, /run past the directory end/);
  });

  it('refuses an extra field that overruns the extra area', () => {
    const r = refused(openZip(buildZip([{ name: 'a', centralExtra: Buffer.from([0x99, 0x99, 0x10, 0x00, 1, 2]) }]), LIMITS));
    assert.match(r.message, /extra field 0x9999 of 16 bytes runs past/);
  });

  it('refuses a saturated size without a ZIP64 extra', () => {
    const r = refused(openZip(buildZip([{ name: 'a', data: 'x', compressedSizeOverride: 0xffffffff }]), LIMITS));
    assert.match(r.message, /saturated but there is no ZIP64 extra/);
  });

  it('refuses a ZIP64 extra that is too short for the saturated fields', () => {
    const short = Buffer.from([1, 0, 8, 0, 5, 0, 0, 0, 0, 0, 0, 0]);
    const r = refused(
      openZip(buildZip([{ name: 'a', data: 'x', declaredSize: 0xffffffff, compressedSizeOverride: 0xffffffff, centralExtra: short }]), LIMITS),
    );
    assert.match(r.message, /too short for the compressedSize value/);
  });

  it('refuses two ZIP64 extras on one entry', () => {
    const extra = Buffer.from([1, 0, 0, 0]);
    const r = refused(openZip(buildZip([{ name: 'a', centralExtra: Buffer.concat([extra, extra]) }]), LIMITS));
    assert.match(r.message, /more than one ZIP64 extra/);
  });

  it('takes 64-bit values from a ZIP64 extra only where the classic field is saturated', () => {
    const r = openZip(buildZip([{ name: 'z', data: 'hello world', zip64: true, method: 8 }, { name: 'p', data: 'plain' }]), LIMITS);
    assert.ok(r.ok);
    const [z, p] = r.entries;
    assert.equal(z?.zip64, true);
    assert.equal(z?.uncompressedSize, 11);
    assert.equal(z?.localHeaderOffset, 0);
    assert.equal(p?.zip64, false);
    assert.equal(p?.uncompressedSize, 5);
  });

  it('refuses an entry starting on another disk', () => {
    const r = refused(openZip(buildZip([{ name: 'a', diskNumberStart: 2 }]), LIMITS));
    assert.match(r.message, /starts on disk 2/);
  });

  it('refuses a local header offset that is not before the central directory', () => {
    const r = refused(openZip(buildZip([{ name: 'a', data: 'x', localHeaderOffset: 5000 }]), LIMITS));
    assert.match(r.message, /local header offset 5000/);
  });
});

describe('entry fields', () => {
  it('reports modes, links, directories and encryption', () => {
    const r = openZip(
      buildZip([
        { name: 'run.sh', data: '#!/bin/sh\n', mode: 0o100755 },
        { name: 'link', data: '../../etc/passwd', mode: 0o120777 },
        { name: 'dir/', mode: 0o40755 },
        { name: 'win\\dir\\' },
        { name: 'enc', data: 'x', encrypted: true },
        { name: 'strong', data: 'x', strongEncryption: true },
        { name: 'aes', data: 'x', method: 99 },
        { name: 'dos', data: 'x', versionMadeBy: 0x0014, externalAttributes: 0xa1ff0020 },
      ]),
      LIMITS,
    );
    assert.ok(r.ok);
    const by = new Map(r.entries.map((e) => [e.name, e]));
    assert.equal(by.get('run.sh')?.unixMode, 0o100755);
    assert.equal(by.get('run.sh')?.isSymlink, false);
    assert.equal(by.get('link')?.isSymlink, true);
    assert.equal(by.get('dir/')?.isDirectory, true);
    assert.equal(by.get('win\\dir\\')?.isDirectory, true);
    assert.equal(by.get('enc')?.isEncrypted, true);
    assert.equal(by.get('strong')?.isEncrypted, true);
    assert.equal(by.get('aes')?.isEncrypted, true);
    assert.equal(by.get('dos')?.isSymlink, true, 'a link mode under a foreign host id still counts');
    assert.deepEqual(
      r.entries.map((e) => e.index),
      [0, 1, 2, 3, 4, 5, 6, 7],
    );
  });

  it('keeps duplicate names and hostile names exactly as stored', () => {
    const names = ['SKILL.md', 'SKILL.md', '../evil.sh', '/abs', 'C:\\win.txt', 'a\0b', 'x!/y'];
    const r = openZip(buildZip(names.map((name) => ({ name, data: 'x' }))), LIMITS);
    assert.ok(r.ok);
    assert.deepEqual(
      r.entries.map((e) => e.name),
      names,
    );
  });
});

describe('name decoding', () => {
  it('decodes UTF-8 when flag 0x800 is set, keeping a BOM', () => {
    const r = openZip(buildZip([{ name: 'ünï/日本.txt', data: 'x' }, { name: '\ufeffbom', utf8: true }]), LIMITS);
    assert.ok(r.ok);
    assert.equal(r.entries[0]?.name, 'ünï/日本.txt');
    assert.equal(r.entries[1]?.name, '\ufeffbom');
    assert.equal(r.entries[0]?.nameUtf8Invalid, false);
  });

  it('marks invalid UTF-8 and keeps decoding with replacement', () => {
    const r = openZip(buildZip([{ name: Buffer.from([0x61, 0xff, 0x62]), utf8: true }]), LIMITS);
    assert.ok(r.ok);
    assert.equal(r.entries[0]?.name, 'a\ufffdb');
    assert.equal(r.entries[0]?.nameUtf8Invalid, true);
  });

  it('decodes CP437 without the flag', () => {
    const r = openZip(buildZip([{ name: Buffer.from([0x80, 0x81, 0xe1, 0xff, 0x2f, 0x41]) }]), LIMITS);
    assert.ok(r.ok);
    assert.equal(r.entries[0]?.name, 'Çüß\u00a0/A');
    assert.equal(decodeName(Buffer.from('a\0'), 0).name, 'a\0');
  });

  it('maps every high byte to a distinct character', () => {
    const high = decodeCp437(Buffer.from(Array.from({ length: 128 }, (_, i) => 0x80 + i)));
    assert.equal(high.length, 128);
    assert.equal(new Set(high).size, 128);
    assert.equal(high.charAt(0x7f), '\u00a0');
    assert.equal(high.charAt(0x5e), '▐');
  });
});

describe('programmer errors', () => {
  it('throws for NaN or negative limits instead of lifting the cap', () => {
    const zip = buildZip(entries(2));
    assert.throws(() => openZip(zip, { maxMembers: Number.NaN, maxCentralDirectoryBytes: 100 }), RangeError);
    assert.throws(() => openZip(zip, { maxMembers: 10, maxCentralDirectoryBytes: -1 }), RangeError);
  });
});
