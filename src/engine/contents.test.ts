// A text file's bytes are not held beside its decoded text once the scan is prepared, and every later reader
// (signatures, baseline digests) still gets the exact bytes that were read.
import assert from 'node:assert/strict';
import { isUtf8 } from 'node:buffer';
import { test } from 'node:test';
import { decodeText } from '../discovery/classify.js';
import { contentDigest, findingFingerprint } from '../baseline/index.js';
import { makeBundle } from '../../test/helpers/bundle.js';
import { buildZip } from '../../test/helpers/zip-builder.js';
import { readBounded } from '../discovery/read.js';
import { openZip, readZipEntry } from '../container/zip/index.js';
import { isSlabBacked } from '../shared/byte-slabs.js';
import type { FileView } from '../model/bundle.js';
import type { Artifact } from '../shared/artifact.js';
import { ArtifactBytes } from './contents.js';
import { prepareScan, scanDetailed } from './scan.js';

const SKILL = '---\nname: helper\ndescription: Formats dates for reports.\n---\n# Helper\n\nRun scripts/fmt.py.\n';
const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

function artifact(path: string, bytes: Buffer): Artifact {
  return { path, origin: 'disk', bytes, size: bytes.length, truncated: false, mode: 0o644, hidden: false };
}

function view(path: string, text: string): FileView {
  return { path, type: 'text', text, executable: false, hidden: false, localOnly: true, isManifest: false };
}

test('bytes that the text encodes back to exactly are dropped and re-encoded on demand, byte for byte', () => {
  const raw = Buffer.from('plain ascii, then ünïcödé and 𝒜 astral\n', 'utf8');
  const a = artifact('a.txt', raw);
  const store = new ArtifactBytes();
  assert.equal(store.release([{ artifact: a, view: view('a.txt', decodeText(raw)) }]), 1);
  assert.equal(a.bytes, undefined);
  assert.ok(store.has(a));
  assert.deepEqual(store.of(a), raw);
});

test('bytes the text does not encode back to (BOM, invalid UTF-8, UTF-16 with or without BOM, no view) are kept', () => {
  const inputs: Record<string, Buffer> = {
    'bom.md': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('text\n')]),
    'bad.txt': Buffer.from([0x61, 0xff, 0x62, 0x0a]),
    'wide.txt': Buffer.from('\ufeffwide text\n', 'utf16le'),
    // Valid UTF-8 (ASCII and NULs) that reads better as UTF-16: its text is not its UTF-8 decoding.
    'nul-pattern.txt': Buffer.from('plain words in utf-16 without any mark\n', 'utf16le'),
  };
  const cases: Array<{ artifact: Artifact; view?: FileView }> = Object.entries(inputs).map(([path, bytes]) => ({ artifact: artifact(path, bytes), view: view(path, decodeText(bytes)) }));
  cases.push({ artifact: artifact('blob.bin', Buffer.from([0, 1, 2, 3])) });
  assert.ok(isUtf8(inputs['nul-pattern.txt'] as Buffer));
  const store = new ArtifactBytes();
  assert.equal(store.release(cases), 0);
  for (const c of cases) assert.equal(store.of(c.artifact), c.artifact.bytes);
});

test('a prepared scan holds no raw bytes for its plain UTF-8 text files, and keeps them for binaries', () => {
  const binary = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1]), Buffer.alloc(64)]);
  const prepared = prepareScan({ target: makeBundle({ 'SKILL.md': SKILL, 'notes/guide.md': 'Grüße\n', 'bin/tool': binary }) });
  const byPath = new Map(prepared.state.bundle.artifacts.map((a) => [a.path, a]));
  assert.equal(byPath.get('SKILL.md')?.bytes, undefined);
  assert.equal(byPath.get('notes/guide.md')?.bytes, undefined);
  assert.deepEqual(byPath.get('bin/tool')?.bytes, binary);
  assert.deepEqual(prepared.state.bytes.of(byPath.get('notes/guide.md') as Artifact), Buffer.from('Grüße\n'));
});

test('signatures and baseline digests still see the bytes that were read', () => {
  const probe = `AV probe ü\n\n${EICAR}\n`;
  const { report, findings, fingerprintOf } = scanDetailed({ target: makeBundle({ 'SKILL.md': SKILL, 'notes/av-check.txt': probe }) });
  const yr1 = report.issues.find((i) => i.id === 'YR1');
  assert.deepEqual(yr1?.location, { file: 'notes/av-check.txt', start_line: 3, end_line: 3 });
  const finding = findings.find((f) => f.rule.id === 'YR1');
  assert.ok(finding);
  // A finding without a usable line span is fingerprinted by its file's digest: that of the bytes on disk.
  const lineless = { ...finding, startLine: 0 };
  assert.equal(fingerprintOf(lineless), findingFingerprint(lineless, undefined, () => contentDigest(Buffer.from(probe, 'utf8'))));
});

test('files and inflated members are read into slabs; a prepared scan holds none of those slabs', () => {
  const binary = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1]), Buffer.alloc(64)]);
  const latin1 = Buffer.from('caf\xe9 cr\xe8me\n', 'latin1');
  const inner = buildZip([
    { name: 'docs/readme.md', data: 'Plain member text.\n', method: 8 },
    { name: 'docs/stored.md', data: 'Stored member text.\n', method: 0 },
    { name: 'bin/tool', data: binary, method: 8 },
    { name: 'docs/old.txt', data: latin1, method: 0 },
  ]);
  const files = { 'SKILL.md': SKILL, 'notes/guide.md': 'Gr\u00fc\u00dfe\n', 'bin/tool': binary, 'notes/old.txt': latin1, 'vendor/kit.zip': inner };
  const dir = makeBundle(files);

  // Reads and inflates land in slabs (the memory this is about)...
  const read = readBounded(`${dir}/notes/guide.md`, 1 << 20);
  assert.ok(read.ok && isSlabBacked(read.bytes));
  const cd = openZip(inner, { maxMembers: 10, maxCentralDirectoryBytes: 1 << 20 });
  assert.ok(cd.ok);
  const member = readZipEntry(inner, cd.entries[0]!, { maxMemberBytes: 1 << 20, maxRatio: 1000, remainingBytes: 1 << 20 });
  assert.ok(member.ok && isSlabBacked(member.bytes));
  assert.equal(member.bytes.toString(), 'Plain member text.\n');

  // ...and nothing held after preparation keeps one alive: text bytes are dropped, the rest copied out.
  const zipDir = makeBundle({ 'kit.zip': inner });
  let archives = 0;
  for (const target of [dir, zipDir, `${zipDir}/kit.zip`]) {
    const prepared = prepareScan({ target });
    const archive = prepared.state.bundle.archive;
    if (archive) {
      archives += 1;
      assert.deepEqual(archive.bytes, inner);
    }
    const held = [...prepared.state.bundle.artifacts, ...(archive ? [archive] : [])];
    assert.ok(held.length >= 5);
    for (const a of held) if (a.bytes) assert.equal(isSlabBacked(a.bytes), false, `${a.path} pins a slab`);
    const byPath = new Map(held.map((a) => [a.path, a]));
    const tool = [...byPath.keys()].find((p) => p.endsWith('bin/tool'));
    assert.deepEqual(byPath.get(tool as string)?.bytes, binary);
    const old = [...byPath.keys()].find((p) => p.endsWith('old.txt'));
    assert.deepEqual(byPath.get(old as string)?.bytes, latin1);
  }
  assert.equal(archives, 1, 'the archive target keeps its own bytes');
});
