// Candidate passwords come from documentation lines with a password cue, bounded in number and length.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Artifact } from '../../shared/artifact.js';
import { MAX_CANDIDATES, collectPasswordCandidates, passwordProvider } from './passwords.js';

function doc(path: string, text: string, origin: Artifact['origin'] = 'disk'): Artifact {
  const bytes = Buffer.from(text);
  return { path, origin, bytes, size: bytes.length, truncated: false, mode: 0o644, hidden: false };
}

function words(artifacts: Artifact[]): string[] {
  return collectPasswordCandidates(artifacts).map((c) => c.password.toString());
}

test('the word after a cue, quoted words and -P/-p options are candidates, with their file and line', () => {
  const text = ['# Tools', 'extract using: openclaw', 'The password is `x1-y2`.', 'unzip -P hunter2 tools.zip', '7z x -pabc123 tools.7z', 'Unlock code "k3y z"'].join('\n');
  const got = collectPasswordCandidates([doc('SKILL.md', text)]);
  const byWord = new Map(got.map((c) => [c.password.toString(), `${c.file}:${c.line}`]));
  assert.equal(byWord.get('openclaw'), 'SKILL.md:2');
  assert.equal(byWord.get('x1-y2'), 'SKILL.md:3');
  assert.equal(byWord.get('hunter2'), 'SKILL.md:4');
  assert.equal(byWord.get('abc123'), 'SKILL.md:5');
  assert.equal(byWord.get('k3y z'), 'SKILL.md:6');
});

test('lines without a cue, code files, members and binary files give no candidates', () => {
  assert.deepEqual(words([doc('SKILL.md', 'Run "make" and then `npm test`.\nSee the changelog.')]), []);
  assert.deepEqual(words([doc('scripts/login.py', 'password = "from-code-1"\n')]), []);
  assert.deepEqual(words([doc('a.zip!/README.md', 'password: nested-1\n', 'member')]), []);
  assert.deepEqual(words([doc('notes.txt', 'password: bin-1\n\u0000\u0001')]), []);
});

test('SKILL.md goes first; at most 32 distinct candidates of at most 64 characters', () => {
  const many = Array.from({ length: 40 }, (_, i) => `password: pw${i}`).join('\n');
  const got = words([doc('docs/a.md', many), doc('SKILL.md', `password: ${'x'.repeat(65)}\npassword: first-1`)]);
  assert.equal(got.length, MAX_CANDIDATES);
  assert.equal(got[0], 'first-1');
  assert.equal(got.some((w) => w.length > 64), false);
  assert.equal(got.at(-1), 'pw30');
});

test('a sentence-final password is tried with and without its full stop', () => {
  assert.deepEqual(words([doc('SKILL.md', 'The archive password is openclaw.')]).filter((w) => w.startsWith('openclaw')), ['openclaw.', 'openclaw']);
});

test('the provider collects once, on first use', () => {
  const a = doc('SKILL.md', 'password: once-1');
  const provide = passwordProvider([a]);
  const first = provide();
  a.bytes = Buffer.from('password: twice-2');
  assert.equal(provide(), first);
});
