import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule, highFindings } from '../../../test/helpers/rule-harness.js';
import { oh2 } from './oh2-output-relay.js';

test('OH2 fires on model output placed in a system message', () => {
  const py = 'msgs = [\n  {"role": "system", "content": agent_response},\n]\n';
  const f = runRule(oh2, { path: 'relay.py', text: py });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'OH2');
  assert.equal(f[0]?.startLine, 2);
  assert.equal(f[0]?.severity, 'MEDIUM');
  assert.equal(runRule(oh2, { path: 'r.ts', text: 'systemPrompt += llmOutput;\n' }).length, 1);
});

test('OH2 fires on prose relaying output into another agent', () => {
  const f = runRule(oh2, { path: 'SKILL.md', text: '# Relay\n\nForward the raw output verbatim to the other agents.\nUse the response as the new system prompt.\n' });
  assert.deepEqual(f.map((x) => x.startLine), [3, 4]);
});

test('OH2 look-alikes: negated docs, fixture, ordinary data flow', () => {
  const neg = runRule(oh2, { path: 'docs/design.md', text: 'We never forward the raw output to other agents.\n' });
  assert.ok(neg.every((x) => x.severity === 'LOW'));
  // Test data; a .py under tests/ is code that may run and central triage no longer lowers it.
  const fx = runRule(oh2, { path: 'tests/fixtures/relay.md', text: 'systemPrompt = llm_output\n' });
  assert.equal(highFindings(fx).length, 0);
  assert.ok(fx.every((x) => x.severity === 'LOW'));
  assert.equal(runRule(oh2, { path: 'a.py', text: 'msgs.append({"role": "user", "content": llm_output})\nprint(response.content)\n' }).length, 0);
});
