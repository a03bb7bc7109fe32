import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizePattern, PathMatcher } from './glob.js';

test('a pattern naming a directory covers everything beneath it, with or without a trailing slash or ./', () => {
  for (const pattern of ['scripts', 'scripts/', './scripts', './scripts/', '././scripts']) {
    const m = new PathMatcher([pattern]);
    assert.ok(m.matches('scripts/run.sh'), pattern);
    assert.ok(m.matches('scripts/deep/er/tool.py'), pattern);
    assert.ok(m.matchesDirectory('scripts'), pattern);
    // Look-alikes: a sibling sharing the prefix, and the same name deeper down (patterns are anchored at the root).
    assert.ok(!m.matches('scripts-old/run.sh'), pattern);
    assert.ok(!m.matches('scriptsrun.sh'), pattern);
    assert.ok(!m.matches('src/scripts/run.sh'), pattern);
    assert.ok(!m.matches('SKILL.md'), pattern);
  }
});

test('a file pattern matches that file only; globs keep their meaning', () => {
  const m = new PathMatcher(['./docs/guide.md', '*.log', 'data/**']);
  assert.ok(m.matches('docs/guide.md'));
  assert.ok(!m.matches('docs/guide.md.bak'));
  assert.ok(!m.matches('docs/other.md'));
  assert.ok(m.matches('debug.log'));
  assert.ok(!m.matches('sub/debug.log'), '* stays within one segment');
  assert.ok(m.matches('data/a/b.csv'));
  assert.ok(new PathMatcher(['**/*.log']).matches('sub/debug.log'));
});

test('directory globs cover members of the directories they match, virtual member paths included', () => {
  const m = new PathMatcher(['docs/*', 'bundle.zip!/scripts']);
  assert.ok(m.matches('docs/a/b.md'), 'docs/* matches docs/a, so everything below it');
  assert.ok(m.matches('bundle.zip!/scripts/setup.sh'));
  assert.ok(!m.matches('bundle.zip!/SKILL.md'));
  assert.ok(new PathMatcher(['Notes!/*']).matches('Notes!/x.txt'));
});

test('empty and root-only patterns exclude nothing', () => {
  for (const patterns of [[], [''], ['.'], ['./']]) {
    const m = new PathMatcher(patterns);
    assert.equal(m.empty, true, JSON.stringify(patterns));
    assert.ok(!m.matches('SKILL.md'));
  }
  assert.equal(normalizePattern('./a/b/'), 'a/b');
  assert.equal(normalizePattern('/'), '/');
});

test('matching stays linear: deep paths against many patterns', () => {
  const patterns = Array.from({ length: 200 }, (_, i) => `dir${i}/**/x${i}.txt`);
  const m = new PathMatcher(patterns);
  const deep = `${Array.from({ length: 64 }, (_, i) => `d${i}`).join('/')}/file.txt`;
  const started = performance.now();
  for (let i = 0; i < 2_000; i += 1) m.matches(`${deep}${i}`);
  assert.ok(performance.now() - started < 5_000);
  assert.ok(!m.matches(deep));
});
