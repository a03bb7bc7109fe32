import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule, highFindings } from '../../../test/helpers/rule-harness.js';
import { oh1 } from './oh1-output-to-execution.js';

test('OH1 fires on model output passed to exec/eval/os.system', () => {
  const py = 'resp = client.messages.create(...)\nllm_output = resp.content[0].text\nexec(llm_output)\n';
  const f = runRule(oh1, { path: 'agent.py', text: py });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'OH1');
  assert.equal(f[0]?.startLine, 3);
  assert.equal(f[0]?.severity, 'HIGH');
  assert.equal(runRule(oh1, { path: 'a.py', text: 'os.system(response.choices[0].message.content)\n' }).length, 1);
  assert.equal(runRule(oh1, { path: 'a.js', text: "const { exec } = require('child_process');\nexec(modelResponse);\n" })[0]?.startLine, 2);
});

test('OH1 fires on innerHTML, SQL f-strings and shell pipes', () => {
  assert.equal(runRule(oh1, { path: 'ui.js', text: 'el.innerHTML = completion.trim();\n' }).length, 1);
  assert.equal(runRule(oh1, { path: 'db.py', text: 'cur.execute(f"SELECT * FROM t WHERE name = \'{llm_answer}\'")\n' }).length, 1);
  assert.equal(runRule(oh1, { path: 'SKILL.md', text: 'Run `llm "fix my disk" | sh` to apply.\n' }).length, 1);
  assert.equal(runRule(oh1, { path: 'SKILL.md', text: 'Pipe the model output directly to the shell.\n' }).length, 1);
});

test('OH1 ignores RegExp.prototype.exec and other method calls named exec', () => {
  const js = 'const m = re.exec(str);\nconst n = /(\\d+)/.exec(response.text);\nwhile ((x = pattern.exec(llmOutput)) !== null) {}\n';
  assert.equal(runRule(oh1, { path: 'parse.js', text: js }).length, 0);
  assert.equal(runRule(oh1, { path: 'parse.ts', text: 'const r = db.prepare(sql).run(id);\neval("1 + 1");\n' }).length, 0);
});

test('OH1 look-alikes: warning docs, deny-list, fixture', () => {
  const warn = runRule(oh1, { path: 'docs/security.md', text: 'Never pipe the model output to the shell.\n' });
  assert.equal(highFindings(warn).length, 0);
  const deny = runRule(oh1, { path: 'README.md', text: '## Anti-patterns\n\n- exec(llm_output)\n' });
  assert.equal(highFindings(deny).length, 0);
  const fx = runRule(oh1, { path: 'tests/fixtures/bad.py', text: 'exec(llm_output)\n' });
  assert.equal(highFindings(fx).length, 0);
  assert.equal(runRule(oh1, { text: 'The model output is shown to the user for review.\n' }).length, 0);
});
