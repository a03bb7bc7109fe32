// The bench's workload generators (bench/workloads.ts): deterministic for a seed, and the promised shapes
// (file counts, sizes, ZIP members that inflate, mixed scripts), at small sizes so this stays fast.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import { test } from 'node:test';
import { codeUnits, markdownBlocks } from '../bench/vocabulary.js';
import { bigBundle, typicalSkill, unicodeFile, zipBundle } from '../bench/workloads.js';

const FLOOR = join(import.meta.dirname, '../bench/floor.mjs');

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

function digest(dir: string): string {
  const h = createHash('sha256');
  for (const f of files(dir)) h.update(f).update('\0').update(readFileSync(join(dir, f)));
  return h.digest('hex');
}

/** bench/floor.mjs over `dir`: it inflates every ZIP member (recursively) and throws on a bad one. */
function floor(dir: string): { files: number; bytes: number; members: number; contentBytes: number } {
  const r = spawnSync(process.execPath, [FLOOR, dir], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as { files: number; bytes: number; members: number; contentBytes: number };
}

function scratch(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-workloads-test-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('the same seed gives the same bytes; another seed gives others', (t) => {
  const dir = scratch(t);
  typicalSkill(join(dir, 'a'), { seed: 7, bytes: 40_000 });
  typicalSkill(join(dir, 'b'), { seed: 7, bytes: 40_000 });
  typicalSkill(join(dir, 'c'), { seed: 8, bytes: 40_000 });
  assert.equal(digest(join(dir, 'a')), digest(join(dir, 'b')));
  assert.notEqual(digest(join(dir, 'a')), digest(join(dir, 'c')));
  zipBundle(join(dir, 'z1'), { seed: 3, files: 40, bytes: 100_000, archives: 2 });
  zipBundle(join(dir, 'z2'), { seed: 3, files: 40, bytes: 100_000, archives: 2 });
  assert.equal(digest(join(dir, 'z1')), digest(join(dir, 'z2')));
});

test('typicalSkill: 60 files with SKILL.md, references, scripts, JSON and Office files whose parts inflate', (t) => {
  const w = typicalSkill(join(scratch(t), 's'), { bytes: 60_000 });
  const all = files(w.target);
  assert.equal(w.files, 60);
  assert.equal(all.length, 60);
  assert.ok(all.includes('SKILL.md'));
  for (const ext of ['.md', '.py', '.sh', '.js', '.json', '.docx', '.xlsx']) assert.ok(all.some((f) => extname(f) === ext), ext);
  assert.match(readFileSync(join(w.target, 'SKILL.md'), 'utf8'), /^---\nname: [\w-]+\ndescription: /);
  const f = floor(w.target);
  assert.equal(f.files, 60);
  assert.equal(f.bytes, w.bytes);
  assert.equal(f.members, w.members); // every OOXML part found and inflated
  assert.ok(w.bytes > 40_000 && w.bytes < 120_000, `${w.bytes} bytes`);
});

test('bigBundle: the requested file count and about the requested bytes, in all five kinds', (t) => {
  const w = bigBundle(join(scratch(t), 'b'), { files: 200, bytes: 400_000 });
  const all = files(w.target);
  assert.equal(all.length, 200);
  assert.equal(w.files, 200);
  assert.ok(w.bytes > 0.8 * 400_000 && w.bytes < 1.3 * 400_000, `${w.bytes} bytes`);
  for (const ext of ['.md', '.py', '.sh', '.js', '.json']) assert.ok(all.filter((f) => extname(f) === ext).length >= 5, ext);
  for (const f of all.filter((x) => x.endsWith('.json'))) JSON.parse(readFileSync(join(w.target, f), 'utf8'));
});

test('zipBundle: archives with the requested member count, nested ZIPs included, every member inflates', (t) => {
  const w = zipBundle(join(scratch(t), 'z'), { files: 80, bytes: 300_000, archives: 2 });
  const all = files(w.target);
  assert.deepEqual(all.filter((f) => f.endsWith('.zip')).length, 2);
  assert.ok(all.includes('SKILL.md'));
  assert.equal(w.members, 80);
  const f = floor(w.target);
  assert.equal(f.members, 80); // outer members + nested ZIPs + their members
  assert.ok(w.memberBytes > 0.8 * 300_000 && w.memberBytes < 1.3 * 300_000, `${w.memberBytes} expanded bytes`);
  assert.ok(f.contentBytes > w.bytes, 'expanded content exceeds the compressed archives');
});

test('unicodeFile: one file just under the requested bytes, in Latin, Cyrillic, Greek, CJK, Hangul, Arabic and emoji', (t) => {
  const w = unicodeFile(join(scratch(t), 'u'), { bytes: 200_000 });
  const text = readFileSync(join(w.target, 'docs/multilingual-guide.md'), 'utf8');
  const size = Buffer.byteLength(text);
  assert.ok(size <= 200_000 && size > 190_000, `${size} bytes`);
  for (const re of [/\p{Script=Latin}{4}/u, /\p{Script=Cyrillic}{4}/u, /\p{Script=Greek}{4}/u, /\p{Script=Han}{2}/u, /\p{Script=Hiragana}|\p{Script=Katakana}/u, /\p{Script=Hangul}{2}/u, /\p{Script=Arabic}{4}/u, /\p{Extended_Pictographic}/u]) assert.match(text, re);
});

test('vocabulary pieces: fenced blocks and functions stay whole, open units are dropped', () => {
  assert.deepEqual(markdownBlocks('---\nname: x\n---\n# T\n\n```sh\necho a\n\necho b\n```\n\ntail'), ['# T', '```sh\necho a\n\necho b\n```', 'tail']);
  const py = 'import os\n\ndef f():\n    """Doc.\n\nColumn-0 text inside a docstring.\n"""\n    return 1\n\nx = (\n\n1)\n\ndef open_at_end(:\n';
  assert.deepEqual(codeUnits(py, 'py'), ['import os', 'def f():\n    """Doc.\n\nColumn-0 text inside a docstring.\n"""\n    return 1', 'x = (\n\n1)']);
  assert.deepEqual(codeUnits('cat <<EOF\nhello\n\nworld\nEOF\n\necho done\n', 'sh'), ['cat <<EOF\nhello\n\nworld\nEOF', 'echo done']);
});
