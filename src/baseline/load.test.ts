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
