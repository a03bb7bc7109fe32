import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { buildTar, gzipBomb } from '../../../test/helpers/tar-builder.js';
import { isGzipBytes, isTarBytes, isTarFamilyBytes } from './detect.js';
import { gunzipBounded, gzipOriginalName } from './gunzip.js';
import { readNumeric } from './numeric.js';
import { openTarFamily, tarMemberRead } from './open.js';
import { parsePax } from './pax.js';
import { parseTar } from './parse.js';

const LIMITS = { maxMembers: 1_000, maxHeaderBytes: 4 * 1024 * 1024 };
const OPEN = { ...LIMITS, maxRatio: 100, remainingBytes: 25 * 1024 * 1024 };

/** A gzip member whose header carries FNAME `name` (RFC 1952 flag 0x08). */
function gzipNamed(name: string, data: string): Buffer {
  const plain = gzipSync(data);
  const header = Buffer.from(plain.subarray(0, 10));
  header[3] = 0x08;
  return Buffer.concat([header, Buffer.from(`${name}\0`, 'latin1'), plain.subarray(10)]);
}

describe('detection', () => {
  test('ustar, v7 (checksum only) and gzip are recognised', () => {
    assert.equal(isTarBytes(buildTar([{ name: 'a', data: 'x' }])), true);
    assert.equal(isTarBytes(buildTar([{ name: 'a', data: 'x', oldStyle: true }])), true);
    assert.equal(isGzipBytes(gzipSync('x')), true);
  });

  test('twins: 512 bytes of text, a v7 header with a wrong checksum, "BZh" text are not containers', () => {
    assert.equal(isTarFamilyBytes(Buffer.from('a'.repeat(600))), false);
    assert.equal(isTarBytes(buildTar([{ name: 'a', data: 'x', oldStyle: true, checksum: 7 }])), false);
    assert.equal(isTarFamilyBytes(Buffer.from('BZh9 is not bzip2 without its block magic')), false);
  });
});

describe('numeric fields and PAX records', () => {
  test('octal with padding, GNU base-256, and garbage', () => {
    assert.equal(readNumeric(Buffer.from(' 0000755\0')), 0o755);
    assert.equal(readNumeric(Buffer.from([0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01, 0x00])), 256);
    assert.equal(readNumeric(Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])), undefined);
    assert.equal(readNumeric(Buffer.from('12x4\0')), undefined);
  });

  test('PAX path and size are read; a bad length is refused', () => {
    assert.deepEqual(parsePax(Buffer.from('15 path=a/b.md\n11 size=42\n')), { ok: true, overrides: { path: 'a/b.md', size: 42 } });
    assert.equal(parsePax(Buffer.from('99 path=a\n')).ok, false);
    assert.equal(parsePax(Buffer.from('9 path=ab.')).ok, false);
  });
});

describe('the tar stream reader', () => {
  test('a PAX size override decides where the next header is', () => {
    const tar = buildTar([{ name: 'a.md', data: 'hello', pax: { size: '5' } }, { name: 'b.md', data: 'b' }]);
    const parsed = parseTar(tar, LIMITS);
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.entries.map((e) => [e.name, e.data.toString()]), [['a.md', 'hello'], ['b.md', 'b']]);
  });

  test('a size field past the end is truncated, and the GNU prefix field is not a path', () => {
    assert.equal(parseTar(buildTar([{ name: 'a', data: 'x', sizeField: 1_000_000 }]), LIMITS).ok, false);
    const gnu = buildTar([{ name: 'a.md', data: 'x' }]);
    gnu.write('ustar  \0', 257, 'latin1');
    gnu.write('junk', 345, 'latin1');
    let sum = 0;
    gnu.fill(0x20, 148, 156);
    for (const b of gnu.subarray(0, 512)) sum += b;
    gnu.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
    const parsed = parseTar(gnu, LIMITS);
    assert.ok(parsed.ok);
    assert.equal(parsed.entries[0]?.name, 'a.md');
  });

  test('unknown types are read as files; links and FIFOs are links; a global PAX path applies onwards', () => {
    const tar = buildTar([{ name: 's.md', type: 'S', data: 'sparse' }, { name: 'l', type: '2', linkname: 't' }, { name: 'f', type: '6' }]);
    const parsed = parseTar(tar, LIMITS);
    assert.deepEqual(parsed.ok ? parsed.entries.map((e) => [e.name, e.kind, e.data.toString()]) : [], [['s.md', 'file', 'sparse'], ['l', 'link', ''], ['f', 'link', '']]);
    const global = Buffer.concat([buildTar([{ name: 'g', type: 'g', data: '17 path=g/all.md\n' }], { end: false }), buildTar([{ name: 'x.md', data: 'x' }])]);
    const withGlobal = parseTar(global, LIMITS);
    assert.deepEqual(withGlobal.ok ? withGlobal.entries.map((e) => e.name) : [], ['g/all.md']);
  });

  test('the member count cap refuses at maxMembers + 1', () => {
    const tar = buildTar(Array.from({ length: 4 }, (_, i) => ({ name: `f${i}`, data: 'x' })));
    assert.equal(parseTar(tar, { ...LIMITS, maxMembers: 4 }).ok, true);
    const refused = parseTar(tar, { ...LIMITS, maxMembers: 3 });
    assert.equal(refused.ok ? '' : refused.reason, 'member_limit');
  });
});

describe('gzip', () => {
  test('the output cap stops a bomb, and the same stream passes under a larger cap', () => {
    const bomb = gzipBomb(8 * 1024 * 1024);
    assert.equal(gunzipBounded(bomb, 1024 * 1024).ok, false);
    const full = gunzipBounded(bomb, 8 * 1024 * 1024);
    assert.equal(full.ok ? full.bytes.length : 0, 8 * 1024 * 1024);
  });

  test('a plain .gz member takes a safe FNAME, else the outer name without .gz', () => {
    assert.equal(gzipOriginalName(gzipNamed('run.sh', 'x')), 'run.sh');
    const named = openTarFamily(gzipNamed('run.sh', 'echo hi\n'), 'dir/payload.gz', OPEN);
    assert.deepEqual(named.ok ? named.entries.map((e) => e.name) : [], ['run.sh']);
    const unsafe = openTarFamily(gzipNamed('../../x', 'echo hi\n'), 'dir/payload.gz', OPEN);
    assert.deepEqual(unsafe.ok ? unsafe.entries.map((e) => e.name) : [], ['payload']);
    const first = unsafe.ok ? unsafe.entries[0] : undefined;
    assert.equal(first ? tarMemberRead(first)?.bytes?.toString() : '', 'echo hi\n');
  });

  test('a ratio over the limit is compression_ratio when that cap is the smaller one', () => {
    const refused = openTarFamily(gzipBomb(8 * 1024 * 1024), 'x.gz', OPEN);
    assert.equal(refused.ok ? '' : refused.reason, 'compression_ratio');
  });
});
