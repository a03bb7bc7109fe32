import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultLimits } from '../limits/index.js';
import { parseManifest, splitTools, toolList } from './manifest.js';

function toolsOf(frontmatter: string): string[] {
  const r = parseManifest(`---\nname: demo\n${frontmatter}\n---\n# Demo\n`, defaultLimits());
  assert.ok(r.ok);
  assert.ok(r.manifest);
  return r.manifest.allowedTools;
}

test('allowed-tools as a space-separated string gives one entry per tool', () => {
  assert.deepEqual(toolsOf('allowed-tools: Read Grep Glob'), ['Read', 'Grep', 'Glob']);
  assert.deepEqual(toolsOf('allowed-tools: Read Write Edit Bash'), ['Read', 'Write', 'Edit', 'Bash']);
});

test('allowed-tools as a comma-separated string, with or without spaces', () => {
  assert.deepEqual(toolsOf('allowed-tools: Bash, Read, AskUserQuestion'), ['Bash', 'Read', 'AskUserQuestion']);
  assert.deepEqual(toolsOf('allowed-tools: "Read,Write,Bash(node:*),Bash(npx *eas-cli@*)"'), ['Read', 'Write', 'Bash(node:*)', 'Bash(npx *eas-cli@*)']);
});

test('scoped entries keep their spaces inside the parentheses', () => {
  assert.deepEqual(toolsOf('allowed-tools: Read Bash(git log:*) Bash(npm run *)'), ['Read', 'Bash(git log:*)', 'Bash(npm run *)']);
  assert.deepEqual(toolsOf('allowed-tools: Bash(node *), Read, Glob'), ['Bash(node *)', 'Read', 'Glob']);
});

test('allowed-tools as a YAML list, block or flow, including scoped items and items holding several tools', () => {
  assert.deepEqual(toolsOf('allowed-tools:\n  - Read\n  - "Bash(stripe docs *)"\n  - Grep Glob'), ['Read', 'Bash(stripe docs *)', 'Grep', 'Glob']);
  assert.deepEqual(toolsOf('allowed-tools: [Read, "Bash(git:*)"]'), ['Read', 'Bash(git:*)']);
});

test('MCP tool names and server patterns are kept whole', () => {
  assert.deepEqual(toolsOf('allowed-tools: Read mcp__tracker__search_issues mcp__tracker__update_issue'), [
    'Read', 'mcp__tracker__search_issues', 'mcp__tracker__update_issue',
  ]);
  assert.deepEqual(toolsOf('allowed-tools:\n  - "docs*:*"\n  - web_fetch'), ['docs*:*', 'web_fetch']);
});

test('allowed_tools spelling and a mapping of tools to true/false', () => {
  assert.deepEqual(toolsOf('allowed_tools: Read Grep'), ['Read', 'Grep']);
  assert.deepEqual(toolsOf('allowed-tools:\n  Read: true\n  Bash: false\n  Grep: true'), ['Read', 'Grep']);
});

test('permissions keep their comma-separated string and list forms', () => {
  const r = parseManifest('---\nname: x\npermissions: network, fs:read\n---\n', defaultLimits());
  assert.ok(r.ok && r.manifest);
  assert.deepEqual(r.manifest.permissions, ['network', 'fs:read']);
});

test('splitTools is bounded and linear on hostile input', () => {
  const big = '('.repeat(500_000) + ' a'.repeat(250_000);
  const t0 = performance.now();
  const out = splitTools(big);
  assert.ok(performance.now() - t0 < 500);
  assert.equal(out.length, 1);
  assert.ok((out[0]?.length ?? 0) <= 512);
  assert.equal(splitTools('a '.repeat(10_000)).length, 256);
  assert.deepEqual(toolList(42), []);
});
