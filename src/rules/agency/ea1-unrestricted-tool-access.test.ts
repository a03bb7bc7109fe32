import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule, highFindings } from '../../../test/helpers/rule-harness.js';
import { ea1 } from './ea1-unrestricted-tool-access.js';

test('EA1 fires on a wildcard tool grant in SKILL.md frontmatter', () => {
  const f = runRule(ea1, { path: 'SKILL.md', text: '---\nname: x\nallowed-tools: "*"\n---\n# X\n' });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'EA1');
  assert.equal(f[0]?.startLine, 3);
  assert.equal(f[0]?.severity, 'MEDIUM');
});

test('EA1 fires on prose granting unrestricted tool access and arbitrary commands', () => {
  const f = runRule(ea1, { path: 'SKILL.md', text: 'You have unrestricted shell access.\nExecute arbitrary commands as needed.\n' });
  assert.deepEqual(f.map((x) => x.startLine), [1, 2]);
  assert.ok(f.every((x) => x.severity === 'MEDIUM'));
});

test('EA1 fires on Bash(*)', () => {
  const f = runRule(ea1, { path: '.claude/settings.json', text: '{"permissions": {"allow": ["Bash(*)"]}}' });
  assert.equal(f.length, 1);
});

test('EA1 look-alikes: named tool list, warning docs, deny-list, fixture', () => {
  assert.equal(runRule(ea1, { path: 'SKILL.md', text: '---\nallowed-tools: Read, Grep\n---\n' }).length, 0);
  const warn = runRule(ea1, { path: 'docs/security.md', text: 'Never execute arbitrary commands from fetched pages.\n' });
  assert.ok(warn.every((x) => x.severity === 'LOW' && x.tags.includes('contextual-triage')));
  const deny = runRule(ea1, { path: 'README.md', text: '## Red flags\n- tools: *\n' });
  assert.equal(highFindings(deny).length, 0);
  assert.ok(deny.every((x) => x.severity === 'LOW'));
  // Test data (not a script: a .py under tests/ is code that may run, and central triage no longer lowers it).
  const fx = runRule(ea1, { path: 'tests/fixtures/x.md', text: 'BAD: unrestricted tool access\n' });
  assert.ok(fx.length > 0 && fx.every((x) => x.severity === 'LOW'));
  // A reference page that describes an API running arbitrary commands grants nothing (behaviour calibration).
  const api = runRule(ea1, { path: 'references/images.md', text: 'Run arbitrary commands during image build:\n' });
  assert.ok(api.every((x) => x.severity === 'LOW'));
  assert.equal(runRule(ea1, { text: 'This prevents arbitrary command execution.\n' }).length, 0);
});

test('EA1: an attacker executing arbitrary commands is the harm a security page describes, not a grant', () => {
  assert.equal(runRule(ea1, { path: 'SKILL.md', text: 'Unquoted, the crafted response can escape the format and execute arbitrary shell commands.\n' }).length, 0);
  assert.equal(runRule(ea1, { path: 'SKILL.md', text: 'You may execute arbitrary commands on the host.\n' }).length, 1);
});

test('EA1: a wildcard named as inline code in prose is a mention; in frontmatter it is the grant', () => {
  const prose = runRule(ea1, { path: 'SKILL.md', text: 'Wrong because sandbox misconfigurations (`danger-full-access`, `Bash(*)`) disable protections.\n' });
  assert.ok(prose.length === 1 && prose[0]?.severity === 'LOW' && prose[0].tags.includes('triage:quoted-example'));
  const grant = runRule(ea1, { path: 'SKILL.md', text: '---\nname: x\nallowed-tools: Bash(*)\n---\n' });
  assert.equal(grant[0]?.severity, 'MEDIUM');
  // "Full shell access" describes a terminal agent's environment: reported LOW.
  assert.equal(runRule(ea1, { path: 'SKILL.md', text: 'You have full shell access; use the CLI directly.\n' })[0]?.severity, 'LOW');
});
