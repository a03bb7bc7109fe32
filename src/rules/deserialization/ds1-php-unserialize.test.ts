import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule, highFindings } from '../../../test/helpers/rule-harness.js';
import { ds1 } from './ds1-php-unserialize.js';

test('DS1 fires on unserialize() of request data in PHP', () => {
  const f = runRule(ds1, { path: 'api.php', text: '<?php\n$data = unserialize($_COOKIE["state"]);\n' });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'DS1');
  assert.equal(f[0]?.startLine, 2);
  assert.equal(f[0]?.severity, 'HIGH');
  assert.equal(runRule(ds1, { path: 'v.phtml', text: '<?= @unserialize(base64_decode($x)) ?>\n' }).length, 1);
  assert.equal(runRule(ds1, { path: 'w.php', text: '$o = maybe_unserialize($meta);\n' }).length, 1);
});

test('DS1 reports allowed_classes => false LOW and ignores method definitions', () => {
  const f = runRule(ds1, { path: 'a.php', text: "$v = unserialize($s, ['allowed_classes' => false]);\n" });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.severity, 'LOW');
  assert.equal(runRule(ds1, { path: 'a.php', text: 'public function unserialize($data) {}\n$x = is_unserializable($y);\n' }).length, 0);
});

test('DS1 runs only on PHP files', () => {
  for (const path of ['notes.md', 'a.py', 'a.js', 'a.rb', 'SKILL.md']) {
    assert.equal(runRule(ds1, { path, text: 'unserialize($_GET["x"]);\n' }).length, 0, path);
  }
});

test('DS1 look-alikes: negated comment, fixture path', () => {
  const neg = runRule(ds1, { path: 'a.php', text: '// never call unserialize($input) on user data\n' });
  assert.equal(highFindings(neg).length, 0);
  const fx = runRule(ds1, { path: 'tests/fixtures/gadget.php', text: 'unserialize($payload);\n' });
  assert.equal(highFindings(fx).length, 0);
});
