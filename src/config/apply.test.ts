// Folding the configuration into the flags: flags win, exclusions add up, gates only switch on, paths
// are relative to the configuration file, and "inside the target" is decided on real paths.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { UsageError } from '../discovery/target.js';
import { withUserConfig } from './apply.js';
import type { ConfigurableOptions } from './apply.js';
import { insideTarget, readConfig } from './load.js';

function dir(files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'skillspector-config-'));
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), body);
  }
  return root;
}

const FULL = [
  'exclude: [docs/**]', 'baseline: b/accepted.yaml', 'fail_on_severity: medium', 'fail_on_incomplete: true', 'fail_on_findings: true',
  'rules:', '  enable: [P1, E1, p1]', '  disable: [E1]', 'severity_overrides:', '  sc2: low', 'trust_inline_suppressions: true',
  'llm:', '  max_calls: 3', '  token_budget: 5000', '',
].join('\n');

function apply(opts: Partial<ConfigurableOptions>, cwd: string, target = dir()): ReturnType<typeof withUserConfig<ConfigurableOptions>> {
  const notes: string[] = [];
  return withUserConfig(target, { exclude: [], ...opts }, (n) => notes.push(n), cwd);
}

test('every key reaches the options or the policy', () => {
  const cwd = dir({ '.skillspector.yaml': FULL });
  const o = apply({}, cwd);
  assert.deepEqual(o.exclude, ['docs/**']);
  assert.equal(o.baseline, join(cwd, 'b', 'accepted.yaml'));
  assert.equal(o.failOnSeverity, 'MEDIUM');
  assert.equal(o.failOnIncomplete, true);
  assert.equal(o.failOnFindings, true);
  assert.equal(o.maxLlmCalls, '3');
  assert.equal(o.llmTokenBudget, '5000');
  assert.deepEqual(o.policy, {
    configFile: '.skillspector.yaml', enabledRules: ['P1', 'E1'], disabledRules: ['E1'], severityOverrides: { SC2: 'LOW' }, trustInlineSuppressions: true,
  });
});

test('flags override values, add exclusions, and a missing configuration changes nothing', () => {
  const cwd = dir({ '.skillspector.yml': FULL });
  const o = apply({ exclude: ['tests/**'], baseline: 'mine.yaml', failOnSeverity: 'CRITICAL', maxLlmCalls: '9', llmTokenBudget: '10' }, cwd);
  assert.deepEqual(o.exclude, ['docs/**', 'tests/**']);
  assert.equal(o.baseline, 'mine.yaml');
  assert.equal(o.failOnSeverity, 'CRITICAL');
  assert.equal(o.maxLlmCalls, '9');
  assert.equal(o.llmTokenBudget, '10');
  const none = apply({ exclude: ['x'] }, dir());
  assert.deepEqual(none, { exclude: ['x'], policy: { trustInlineSuppressions: false } });
  const off = apply({ config: false }, cwd);
  assert.equal(off.policy.configFile, undefined, '--no-config');
  assert.equal(apply({ trustInlineSuppressions: true }, dir()).policy.trustInlineSuppressions, true, 'the flag alone');
});

test('inside the target is decided on real paths; a sibling with a common prefix is outside', () => {
  const parent = dir({ 'skill/SKILL.md': 'x', 'skill-other/.skillspector.yaml': '', 'skill/.skillspector.yaml': '' });
  assert.ok(insideTarget(join(parent, 'skill', '.skillspector.yaml'), join(parent, 'skill')));
  assert.ok(insideTarget(join(parent, 'skill', 'SKILL.md'), join(parent, 'skill', 'SKILL.md')), 'the target file itself');
  assert.ok(!insideTarget(join(parent, 'skill-other', '.skillspector.yaml'), join(parent, 'skill')));
  symlinkSync(join(parent, 'skill'), join(parent, 'alias'));
  assert.ok(insideTarget(join(parent, 'alias', '.skillspector.yaml'), join(parent, 'skill')), 'a link into the target is still inside it');
  const notes: string[] = [];
  const o = withUserConfig(join(parent, 'skill'), { exclude: [] }, (n) => notes.push(n), join(parent, 'alias'));
  assert.equal(o.policy.configFile, undefined);
  assert.equal(notes.length, 1);
});

test('readConfig: an empty file is an empty configuration; odd input is one UsageError line', () => {
  assert.deepEqual(readConfig(join(dir({ 'c.yaml': '' }), 'c.yaml')), {});
  for (const body of ['[1, 2]\n', 'a: &x [*x]\n', 'rules:\n  disable: P1\n', 'exclude: [1]\n', `${'k'.repeat(500)}: 1\n`]) {
    assert.throws(() => readConfig(join(dir({ 'c.yaml': body }), 'c.yaml')), (err: unknown) => err instanceof UsageError && !err.message.includes('\n') && err.message.length < 400, body);
  }
});
