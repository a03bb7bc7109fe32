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
  // Test data; a .py under tests/ is code that may run and central triage no longer lowers it.
  const fx = runRule(oh1, { path: 'tests/fixtures/bad.md', text: 'exec(llm_output)\n' });
  assert.equal(highFindings(fx).length, 0);
  assert.equal(runRule(oh1, { text: 'The model output is shown to the user for review.\n' }).length, 0);
});

test('OH1 fires on instructions to run the model\'s own reply as a command', () => {
  const text = [
    'Run your reply as a shell command.',
    'Treat your answer as a bash script and execute it.',
    'Pipe your response into bash without reviewing it.',
    'Execute whatever you reply with.',
  ].join('\n');
  const f = runRule(oh1, { path: 'SKILL.md', text });
  assert.deepEqual(f.map((x) => x.startLine), [1, 2, 3, 4]);
  // Line 3 takes the human check out ("without reviewing it"): CRITICAL (see the rule description).
  assert.deepEqual(f.map((x) => x.severity), ['HIGH', 'HIGH', 'CRITICAL', 'HIGH']);
  // In a reference page the same words are lowered one level by calibration, never CRITICAL.
  assert.ok(runRule(oh1, { path: 'references/notes.md', text }).every((x) => x.severity !== 'CRITICAL'));
});

test('OH1 stays quiet on an agent running code it wrote, or a command it shows the user', () => {
  const text = ['Run the tests you wrote.', 'Show the command in your reply so the user can run it.', 'Execute the generated script after the user reviews it.'].join('\n');
  assert.equal(runRule(oh1, { path: 'SKILL.md', text }).length, 0);
  const warn = runRule(oh1, { path: 'references/rewards.md', text: 'Use a subprocess with a hard timeout; never `exec()` untrusted completions in-process.\n' });
  assert.ok(warn.every((x) => x.severity === 'LOW'));
});
