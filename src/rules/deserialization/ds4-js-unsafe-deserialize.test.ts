import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule } from '../../../test/helpers/rule-harness.js';
import { ds4 } from './ds4-js-unsafe-deserialize.js';

test('DS4 fires on node-serialize unserialize', () => {
  const js = "const serialize = require('node-serialize');\nconst obj = serialize.unserialize(req.cookies.profile);\n";
  const f = runRule(ds4, { path: 'server.js', text: js });
  assert.deepEqual(f.map((x) => x.startLine), [1, 2]);
  assert.ok(f.every((x) => x.rule.id === 'DS4' && x.severity === 'HIGH'));
  assert.equal(runRule(ds4, { path: 'a.ts', text: "import { deserialize } from 'serialize-to-js';\n" }).length, 1);
  assert.equal(runRule(ds4, { path: 'a.mjs', text: 'funcster.deepDeserialize(data)\n' }).length, 1);
});

test('DS4 runs only on JavaScript/TypeScript files (Python excluded)', () => {
  for (const path of ['notes.md', 'a.py', 'a.rb', 'a.php', 'package.json']) {
    assert.equal(runRule(ds4, { path, text: "require('node-serialize').unserialize(x)\n" }).length, 0, path);
  }
});

test('DS4 look-alikes: serialize-javascript, JSON.parse, negated comment, fixture', () => {
  assert.equal(runRule(ds4, { path: 'a.js', text: "const s = require('serialize-javascript');\nJSON.parse(body);\n" }).length, 0);
  // Comments are matched out by the rule (code gets no context triage; JS under test/ is code).
  const neg = runRule(ds4, { path: 'a.js', text: '// never call .unserialize( on cookies\n/* or require(\'node-serialize\') */\n' });
  assert.equal(neg.length, 0);
});
