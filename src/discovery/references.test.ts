import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pathTokens, relativeMentions, resolveAgainst, segmentMentions } from './references.js';

function collect(run: (sink: (p: string) => boolean) => boolean): string[] {
  const out: string[] = [];
  run((p) => {
    out.push(p);
    return true;
  });
  return [...new Set(out)];
}

test('resolveAgainst: relative to a directory, never outside the bundle', () => {
  assert.equal(resolveAgainst('../node_modules/x/index.js', 'scripts'), 'node_modules/x/index.js');
  assert.equal(resolveAgainst('./a/./b.js.', ''), 'a/b.js');
  assert.equal(resolveAgainst('../../etc/passwd', 'scripts'), null);
  assert.equal(resolveAgainst('/etc/passwd', ''), null);
  assert.equal(resolveAgainst('https://x.example/node_modules/a', ''), null);
});

test('segmentMentions: as written, from the segment on, and relative to the referring file', () => {
  const text = 'exec python "$(dirname "$0")/../.venv/lib/tool.py"\nNODE_PATH=node_modules/helper/x.js\n';
  const got = collect((sink) => segmentMentions(text, ['.venv', 'node_modules'], 'scripts', sink));
  assert.ok(got.includes('.venv/lib/tool.py'));
  assert.ok(got.includes('node_modules/helper/x.js'));
  assert.ok(got.includes('scripts/node_modules/helper/x.js'));
  // A longer name that merely contains the folder's name is no mention; the folder named alone is
  // passed on, and the walk only looks up paths strictly inside it.
  assert.deepEqual(collect((sink) => segmentMentions('see node_modules/ and my_node_modules/a', ['node_modules'], '', sink)), ['node_modules']);
});

test('relativeMentions and pathTokens', () => {
  assert.deepEqual(collect((sink) => relativeMentions("require('./lib/payload'); require('../util.js')", 'node_modules/a', sink)), [
    'node_modules/a/lib/payload',
    'node_modules/util.js',
  ]);
  assert.deepEqual(collect((sink) => pathTokens('Read [guide](docs/guide.md#top) and `data/x`.', sink)), ['Read', 'guide', 'docs/guide.md', 'and', 'data/x']);
});
