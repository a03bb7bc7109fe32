// Differential test: on valid archives our reader must agree with yauzl on names, sizes and bytes.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import yauzl from 'yauzl';
import { buildZip } from '../../../test/helpers/zip-builder.js';
import type { ZipBuildEntry } from '../../../test/helpers/zip-builder.js';
import { decodeName } from './central.js';
import { openZip, readZipEntry } from './index.js';

interface Seen {
  name: string;
  flags: number;
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  externalAttributes: number;
  bytes: Buffer;
}

async function readWithYauzl(data: Buffer): Promise<Seen[]> {
  const zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, decodeStrings: false });
  const out: Seen[] = [];
  for await (const e of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    if (!e.fileNameRaw.toString('latin1').endsWith('/')) {
      for await (const chunk of await zip.openReadStreamPromise(e)) chunks.push(chunk as Buffer);
    }
    out.push({
      // Decoded with our decoder so the comparison covers the bytes, not two CP437 tables.
      name: decodeName(e.fileNameRaw, e.generalPurposeBitFlag).name,
      flags: e.generalPurposeBitFlag,
      method: e.compressionMethod,
      crc32: e.crc32,
      compressedSize: e.compressedSize,
      uncompressedSize: e.uncompressedSize,
      externalAttributes: e.externalFileAttributes,
      bytes: Buffer.concat(chunks),
    });
  }
  zip.close();
  return out;
}

function readWithOurs(data: Buffer): Seen[] {
  const opened = openZip(data, { maxMembers: 10_000, maxCentralDirectoryBytes: 4 * 1024 * 1024 });
  assert.ok(opened.ok, opened.ok ? '' : opened.message);
  return opened.entries.map((e) => {
    const r = readZipEntry(data, e, { maxMemberBytes: 10_000_000, maxRatio: 1e6, remainingBytes: 1e9 });
    assert.ok(r.ok, `${e.name}: ${r.ok ? '' : r.message}`);
    return {
      name: e.name,
      flags: e.flags,
      method: e.method,
      crc32: e.crc32,
      compressedSize: e.compressedSize,
      uncompressedSize: e.uncompressedSize,
      externalAttributes: e.externalAttributes,
      bytes: e.isDirectory ? Buffer.alloc(0) : r.bytes,
    };
  });
}

function noisy(n: number): Buffer {
  let x = 12345;
  return Buffer.from(Array.from({ length: n }, () => ((x = (x * 1103515245 + 12345) >>> 0) >>> 24) & 0x3f));
}

const mixed: ZipBuildEntry[] = [
  { name: 'SKILL.md', data: '---\nname: demo\n---\n# Demo\n', method: 8 },
  { name: 'scripts/', mode: 0o40755 },
  { name: 'scripts/run.sh', data: '#!/bin/sh\necho hi\n', mode: 0o100755 },
  { name: 'link', data: 'SKILL.md', mode: 0o120777 },
  { name: 'noise.bin', data: noisy(200_000), method: 8 },
  { name: 'stored.bin', data: noisy(3000) },
  { name: 'empty', data: '' },
];

// Written by other tools: Info-ZIP `zip -fz` (ZIP64 locator with only the offset saturated, Unix
// extras, a symlink), Python zipfile force_zip64 (ZIP64 local extra), and `jar` (data descriptors).
const FIXTURES: Record<string, string> = {
  'infozip -fz':
    'UEsDBC0AAAAAAFhKfl0gMDo2//////////8FADAAYS50eHRVVAkAA3g/DWt4Pw1rdXgLAAEEAAAAAAQAAAAAAQAQAAYAAAAAAAAABgAAAAAAAABoZWxsbwpQSwMELQAAAAAAWEp+XS862un//////////wgAMABkL3J1bi5zaFVUCQADeD8Na3g/DWt1eAsAAQQAAAAABAAAAAABABAAEgAAAAAAAAASAAAAAAAAACMhL2Jpbi9zaAplY2hvIGhpClBLAwQtAAAAAABYSn5duvfrwf//////////BAAwAGxpbmtVVAkAA3g/DWt4Pw1rdXgLAAEEAAAAAAQAAAAAAQAQAAUAAAAAAAAABQAAAAAAAABhLnR4dFBLAQIeAy0AAAAAAFhKfl0gMDo2BgAAAP////8FACQAAAAAAAEAAACkgQAAAABhLnR4dFVUBQADeD8Na3V4CwABBAAAAAAEAAAAAAEACAAGAAAAAAAAAFBLAQIeAy0AAAAAAFhKfl0vOtrpEgAAAP////8IACQAAAAAAAEAAADtgVkAAABkL3J1bi5zaFVUBQADeD8Na3V4CwABBAAAAAAEAAAAAAEACAASAAAAAAAAAFBLAQIeAy0AAAAAAFhKfl269+vBBQAAAP////8EACQAAAAAAAAAAAD/ocEAAABsaW5rVVQFAAN4Pw1rdXgLAAEEAAAAAAQAAAAAAQAIAAUAAAAAAAAAUEsGBiwAAAAAAAAAHgMtAAAAAAAAAAAAAwAAAAAAAAADAAAAAAAAAAcBAAAAAAAAGAEAAAAAAABQSwYHAAAAAB8CAAAAAAAAAQAAAFBLBQYAAAAAAwADAAcBAAD/////AAA=',
  'python force_zip64':
    'UEsDBC0AAAAIAAAAIQALRbkr//////////8HABQAYmlnLnR4dAEAEAC4CwAAAAAAABcAAAAAAAAA7cJBEQAADAKgrGr/DquxBxzpoqqq/n5QSwMEFAAACAgAWEp+XYMW3IwDAAAAAQAAAAkAAADDvG7Dry50eHSrAABQSwECLQMtAAAACAAAACEAC0W5KxcAAAC4CwAABwAAAAAAAAAAAAAAgAEAAAAAYmlnLnR4dFBLAQIUAxQAAAgIAFhKfl2DFtyMAwAAAAEAAAAJAAAAAAAAAAAAAACAAVAAAADDvG7Dry50eHRQSwUGAAAAAAIAAgBsAAAAegAAAAAA',
  jar:
    'UEsDBBQACAgIAFlKfl0AAAAAAAAAAAAAAAAJAAQATUVUQS1JTkYv/soAAAMAUEsHCAAAAAACAAAAAAAAAFBLAwQUAAgICABZSn5dAAAAAAAAAAAAAAAAFAAAAE1FVEEtSU5GL01BTklGRVNULk1G803My0xLLS7RDUstKs7Mz7NSMNQz4OVyLkpNLElN0XWqBAqY6xnoGZoqaLikJmUm5mnycvFyAQBQSwcIHbOzmTgAAAA3AAAAUEsDBBQACAgIAFhKfl0AAAAAAAAAAAAAAAAFAAAAYS50eHTLSM3JyecCAFBLBwggMDo2CAAAAAYAAABQSwMECgAACAAAWEp+XQAAAAAAAAAAAAAAAAIAAABkL1BLAwQUAAgICABYSn5dAAAAAAAAAAAAAAAACAAAAGQvcnVuLnNoU1bUT8rM0y/O4EpNzshXyMjkAgBQSwcILzra6RQAAAASAAAAUEsBAhQAFAAICAgAWUp+XQAAAAACAAAAAAAAAAkABAAAAAAAAAAAAAAAAAAAAE1FVEEtSU5GL/7KAABQSwECFAAUAAgICABZSn5dHbOzmTgAAAA3AAAAFAAAAAAAAAAAAAAAAAA9AAAATUVUQS1JTkYvTUFOSUZFU1QuTUZQSwECFAAUAAgICABYSn5dIDA6NggAAAAGAAAABQAAAAAAAAAAAAAAAAC3AAAAYS50eHRQSwECCgAKAAAIAABYSn5dAAAAAAAAAAAAAAAAAgAAAAAAAAAAAAAAAADyAAAAZC9QSwECFAAUAAgICABYSn5dLzra6RQAAAASAAAACAAAAAAAAAAAAAAAAAASAQAAZC9ydW4uc2hQSwUGAAAAAAUABQAWAQAAXAEAAAAA',
};

const CASES: Record<string, Buffer> = {
  'stored and deflate, modes, links, comment': buildZip(mixed, { comment: 'archive comment' }),
  'ZIP64 extras and end record': buildZip(
    mixed.map((e) => ({ ...e, zip64: true })),
    { zip64Eocd: true },
  ),
  'data descriptors': buildZip(mixed.map((e) => ({ ...e, dataDescriptor: true }))),
  'ZIP64 data descriptors': buildZip(
    mixed.map((e) => ({ ...e, dataDescriptor: true, zip64: true })),
    { zip64Eocd: true },
  ),
  'unicode and CP437 names': buildZip([
    { name: 'ünïcödé/日本語.txt', data: 'utf8', method: 8 },
    { name: '\ufeffbom.txt', data: 'bom', utf8: true },
    { name: '🦀.md', data: 'crab' },
    { name: Buffer.from([0x80, 0x81, 0x82, 0xe1, 0xfe, 0x2e, 0x74]), data: 'cp437' },
  ]),
  'duplicates and hostile names (reported, not refused, at this layer)': buildZip([
    { name: 'SKILL.md', data: 'one' },
    { name: 'SKILL.md', data: 'two', method: 8 },
    { name: '../evil.sh', data: 'x' },
    { name: 'C:\\win.txt', data: 'x' },
  ]),
  'many entries': buildZip(Array.from({ length: 300 }, (_, i) => ({ name: `d${i % 7}/f${i}`, data: `entry ${i}`, method: i % 2 === 0 ? 8 : 0 }))),
  empty: buildZip([]),
  ...Object.fromEntries(Object.entries(FIXTURES).map(([k, v]) => [k, Buffer.from(v, 'base64')])),
};

describe('agreement with yauzl on valid archives', () => {
  for (const [label, data] of Object.entries(CASES)) {
    it(label, async () => {
      const theirs = await readWithYauzl(data);
      const ours = readWithOurs(data);
      assert.equal(ours.length, theirs.length);
      ours.forEach((o, i) => assert.deepEqual(o, theirs[i], `entry ${i} (${JSON.stringify(o.name)})`));
    });
  }

  it('stores UTF-8 names byte for byte', async () => {
    const data = CASES['unicode and CP437 names'];
    assert.ok(data);
    const raw: Buffer[] = [];
    const zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, decodeStrings: false });
    for await (const e of zip.eachEntry()) raw.push(e.fileNameRaw);
    zip.close();
    const opened = openZip(data, { maxMembers: 10, maxCentralDirectoryBytes: 1 << 20 });
    assert.ok(opened.ok);
    for (const [i, e] of opened.entries.entries()) {
      if ((e.flags & 0x800) !== 0) assert.deepEqual(Buffer.from(e.name, 'utf8'), raw[i]);
    }
    assert.equal(opened.entries[3]?.name, 'Çüéß■.t');
  });
});
