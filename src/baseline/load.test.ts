// Issue 9 item 10: a baseline's bytes never reach an error message, whatever the parser or schema says.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { UsageError } from '../discovery/target.js';
import { loadBaseline } from './load.js';

const SECRET = 'BASELINE_SECRET_51e0';

function file(name: string, body: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'skillspector-baseline-')), name);
  writeFileSync(path, body);
  return path;
}

function messageOf(path: string): string {
  try {
    loadBaseline(path);
  } catch (err) {
    assert.ok(err instanceof UsageError, String(err));
    return err.message;
  }
  assert.fail('the baseline was accepted');
}

test('parse and schema errors name the place, never the content', () => {
  const cases: Record<string, [string, RegExp]> = {
    'token.json': [`{"version": 2, ${SECRET}}`, /not valid JSON \(at line 1, column \d+\)/],
    'bare.json': [SECRET, /not valid JSON \(syntax error\)/],
    'key.yaml': [`version: 2\nscanner_version: "1"\n${SECRET}: 1\n`, /malformed at \(root\): unknown key\(s\); allowed are version, scanner_version, rules, fingerprints/],
    'rule-key.yaml': [`version: 2\nscanner_version: "1"\nrules:\n  - id: P1\n    reason: x\n    ${SECRET}: 1\n`, /malformed at rules\.0: unknown key\(s\); allowed are id, path, message, reason/],
    'fp-key.yaml': [`version: 2\nfingerprints:\n  - {hash: "sha256:${'0'.repeat(64)}", reason: x, id: P1, path: a.md, ${SECRET}: 1}\n`, /malformed at fingerprints\.0: unknown key\(s\); allowed are hash, reason, id, path, message/],
    'v1-fp.yaml': [`version: 1\nfingerprints:\n  - {hash: "${SECRET}", reason: x}\n`, /is version 1 and its fingerprints cannot be matched by this version; regenerate it/],
    'quote.yaml': [`version: 2\n"${SECRET}\n`, /not valid YAML \([A-Z_]+ at line 2, column 1\)/],
    'string.yaml': [`${SECRET} and more\n`, /malformed at \(root\): Invalid input: expected object, received string/],
    'version.yaml': [`version: ${SECRET}\nscanner_version: "1"\n`, /malformed at version/],
  };
  for (const [name, [body, expected]] of Object.entries(cases)) {
    const message = messageOf(file(name, body));
    assert.match(message, expected, name);
    assert.ok(!message.includes(SECRET), `${name}: ${message}`);
    assert.ok(!message.includes('\n'), `${name}: one line`);
  }
});

test('a valid baseline loads', () => {
  const loaded = loadBaseline(file('b.yaml', 'version: 2\nscanner_version: "1"\nrules:\n  - id: P1\n    reason: accepted\n'));
  assert.equal(loaded.rules[0]?.reason, 'accepted');
});

test('a version 1 rules-only file migrates (rule_id/file spelled id/path) with one warning; version 2 gives none', () => {
  const warnings: string[] = [];
  const loaded = loadBaseline(file('v1.yaml', 'version: 1\nrules:\n  - {rule_id: P1, file: "docs/**", reason: old}\n'), undefined, (w) => warnings.push(w));
  assert.deepEqual(loaded.rules, [{ id: 'P1', path: 'docs/**', reason: 'old' }]);
  assert.equal(loaded.version, 2);
  assert.equal(warnings.length, 1);
  assert.match(warnings[0] ?? '', /version 1; its rules were read as version 2/);
  loadBaseline(file('v2.yaml', 'version: 2\nrules:\n  - {id: P1, reason: new}\n'), undefined, (w) => warnings.push(w));
  assert.equal(warnings.length, 1);
});
