import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule, highFindings } from '../../../test/helpers/rule-harness.js';
import { ds1 } from './ds1-php-unserialize.js';

test('DS1 fires HIGH on unserialize() of data of unknown origin in PHP', () => {
  const f = runRule(ds1, { path: 'api.php', text: '<?php\n$data = unserialize($row["state"]);\n' });
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

test('DS1 look-alikes: calls mentioned in comments', () => {
  // Comments are matched out by the rule itself: code files get no context triage (a PHP script under
  // tests/ is code and keeps its findings, so the old fixture-path case no longer applies).
  for (const text of ['// never call unserialize($input) on user data\n', '# unserialize($_GET["x"]) is unsafe\n', ' * Avoid unserialize($_COOKIE["s"]).\n']) {
    assert.equal(highFindings(runRule(ds1, { path: 'a.php', text })).length, 0, text);
  }
});

test('DS1 is CRITICAL when request data reaches unserialize(), directly or through a variable', () => {
  // Before: every unserialize() was HIGH whatever it read.
  for (const text of [
    '<?php\n$data = unserialize($_COOKIE["state"]);\n',
    '<?php\n$prefs = unserialize(base64_decode($_GET["p"]));\n',
    "<?php\n$raw = file_get_contents('php://input');\n$obj = unserialize($raw);\n",
    '<?php\n$blob = $_POST["blob"] ?? "";\nif ($blob !== "") {\n    $cart = unserialize(stripslashes($blob));\n}\n',
  ]) {
    const f = runRule(ds1, { path: 'scripts/api.php', text });
    assert.equal(f.length, 1, text);
    assert.equal(f[0]?.severity, 'CRITICAL', text);
    assert.equal(f[0]?.confidence, 0.9, text);
  }
});

test('DS1 look-alikes of request flows: restricted classes, a variable reassigned from a constant, json_decode', () => {
  const restricted = runRule(ds1, { path: 'a.php', text: "<?php\n$v = unserialize($_GET['v'], ['allowed_classes' => false]);\n" });
  assert.equal(restricted[0]?.severity, 'LOW');
  const reassigned = runRule(ds1, { path: 'a.php', text: '<?php\n$s = $_GET["s"];\n$s = CACHE_BLOB;\n$o = unserialize($s);\n' });
  assert.equal(reassigned[0]?.severity, 'HIGH');
  assert.equal(runRule(ds1, { path: 'a.php', text: '<?php\n$o = json_decode($_POST["o"], true);\n' }).length, 0);
});
