// Parity checks over the registry: ids unique, metadata complete, the catalogue the issue names present,
// and every rule file has a test file beside it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES } from '../src/rules/index.js';
import { CATEGORIES } from '../src/rules/types.js';
import { REPO_ROOT } from './helpers/tree.js';

const range = (prefix: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

export const EXPECTED_IDS = [
  ...range('P', 9), ...range('AR', 3), ...range('E', 5), ...range('PE', 5), ...range('SC', 10),
  ...range('EA', 4), ...range('OH', 3), ...range('MP', 3), ...range('TM', 4), ...range('RA', 2), ...range('AS', 3),
  ...range('SSRF', 3), ...range('DS', 4), ...range('AE', 5), ...range('TR', 3), ...range('TP', 3), ...range('LP', 4), ...range('RP', 3),
  // Issue 10: behavioural analysis and signatures (CONTRACT §12).
  ...range('AST', 10), ...range('TT', 6), ...range('YR', 4), 'YR-CUSTOM',
  // Issue 11: the LLM rules (CONTRACT §7), catalogued like any other, fired only by the LLM stage.
  ...['SSD-1', 'SSD-2', 'SSD-3', 'SSD-4', 'SDI-1', 'SDI-2', 'SDI-3', 'SDI-4', 'SQP-1', 'SQP-2', 'SQP-3'], 'TP4',
];

test('rule ids are unique and every rule carries complete metadata', () => {
  const ids = RULES.map((r) => r.meta.id);
  assert.equal(new Set(ids).size, ids.length, `duplicates: ${ids.filter((id, i) => ids.indexOf(id) !== i).join(',')}`);
  for (const { meta } of RULES) {
    assert.match(meta.id, /^(?:[A-Z]+[0-9]+|[A-Z]+-[0-9]+|YR-CUSTOM)$/);
    assert.ok((CATEGORIES as readonly string[]).includes(meta.category), `${meta.id} category ${meta.category}`);
    assert.ok(meta.confidence > 0 && meta.confidence <= 1, `${meta.id} confidence`);
    for (const field of ['title', 'description', 'remediation'] as const) assert.ok(meta[field].trim().length > 10, `${meta.id} ${field}`);
  }
});

test('the deterministic catalogue named by the rule issue is complete', () => {
  const ids = new Set(RULES.map((r) => r.meta.id));
  const missing = EXPECTED_IDS.filter((id) => !ids.has(id));
  assert.deepEqual(missing, []);
});

test('every rule is exercised by a test file in its family folder', () => {
  const dir = join(REPO_ROOT, 'src/rules');
  const testText = new Map<string, string>();
  for (const family of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const files = readdirSync(join(dir, family.name)).filter((f) => f.endsWith('.test.ts'));
    testText.set(family.name, files.map((f) => readFileSync(join(dir, family.name, f), 'utf8')).join('\n'));
  }
  const untested = RULES.filter((r) => ![...testText.values()].some((t) => new RegExp(`\\b${r.meta.id}\\b|\\b${r.meta.id.toLowerCase()}\\b`).test(t)));
  assert.deepEqual(untested.map((r) => r.meta.id), []);
});
