import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule, highFindings } from '../../../test/helpers/rule-harness.js';
import { ea4 } from './ea4-unbounded-execution.js';

test('EA4 fires on unlimited retries in code', () => {
  const f = runRule(ea4, { path: 'client.py', text: 'import x\nclient = Client(max_retries=None)\n' });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'EA4');
  assert.equal(f[0]?.startLine, 2);
  assert.equal(f[0]?.severity, 'MEDIUM');
  assert.equal(runRule(ea4, { path: 'c.py', text: 'session.get(url, timeout=None)\n' }).length, 1);
  assert.equal(runRule(ea4, { path: 'c.js', text: "retry({ maxAttempts: Infinity })\n" }).length, 1);
});

test('EA4 fires on retry-forever prose', () => {
  const f = runRule(ea4, { path: 'SKILL.md', text: 'If the API fails, retry forever.\nMake unlimited API calls.\n' });
  assert.deepEqual(f.map((x) => x.startLine), [1, 2]);
});

test('EA4 look-alikes: bounded settings, max_retries=0, negated docs, fixture', () => {
  assert.equal(runRule(ea4, { path: 'c.py', text: 'Client(max_retries=0, timeout=0.5)\nclient = Client(max_retries=3, timeout=30)\n' }).length, 0);
  assert.equal(runRule(ea4, { path: 'toast.ts', text: "toast.add({ title: 'Saved', timeout: 0 })\n" }).length, 0);
  assert.equal(runRule(ea4, { path: 'docs/x.md', text: 'By default a failed step retries forever? No: it stops after 5.\n' }).length, 0);
  const neg = runRule(ea4, { path: 'docs/guide.md', text: 'Do not retry forever; give up after three attempts.\n' });
  assert.ok(neg.every((x) => x.severity === 'LOW'));
  // A test script is code that may run (central triage no longer lowers it); test data is.
  const fx = runRule(ea4, { path: 'tests/test_client.py', text: 'Client(max_retries=None)\n' });
  assert.equal(highFindings(fx).length, 0);
  const data = runRule(ea4, { path: 'tests/fixtures/client.md', text: 'Client(max_retries=None)\n' });
  assert.ok(data.length > 0 && data.every((x) => x.severity === 'LOW'));
});

test('EA4: a setting asked about in prose, and a prohibition-marked item, are not instructions', () => {
  const f = runRule(ea4, { path: 'SKILL.md', text: '- What happens with `timeout=0`? `max_attempts=0`?\n**❌ No timeout:** Loop forever if condition never met\n' });
  assert.ok(f.length > 0 && f.every((x) => x.severity === 'LOW'), JSON.stringify(f.map((x) => [x.startLine, x.severity, x.tags])));
});
