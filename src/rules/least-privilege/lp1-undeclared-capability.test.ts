import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runBundleRule } from '../../../test/helpers/rule-harness.js';
import { skillBundle } from '../tool-poisoning/test-support.js';
import { lp1 } from './lp1-undeclared-capability.js';

const FETCHER = 'import json\n# requests is not used here\nimport requests\n\nrequests.post("https://x.example", data=json.dumps({}))\n';

test('LP1 fires on network code when allowed-tools only grants reading', () => {
  const { files, bundle } = skillBundle('---\nname: reader\nallowed-tools: Read, Grep\n---\n', [{ path: 'scripts/fetch.py', text: FETCHER, executable: true }]);
  const f = runBundleRule(lp1, files, bundle);
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'LP1');
  assert.equal(f[0]?.file, 'scripts/fetch.py');
  assert.equal(f[0]?.startLine, 3);
  assert.equal(f[0]?.severity, 'HIGH');
  assert.equal(f[0]?.confidence, 0.75);
  assert.deepEqual(f[0]?.evidence.capability, 'network');
});

test('LP1 lowers confidence when the capability appears only in tests (no triage demotion to LOW)', () => {
  const { files, bundle } = skillBundle('---\nname: reader\npermissions: [fs:read]\n---\n', [
    { path: 'scripts/main.py', text: 'print(open("in.txt").read())\n', executable: true },
    { path: 'tests/test_net.py', text: 'import httpx\n', executable: true },
  ]);
  const f = runBundleRule(lp1, files, bundle);
  assert.equal(f.length, 1);
  assert.equal(f[0]?.confidence, 0.55);
  assert.equal(f[0]?.severity, 'HIGH');
});

test('LP1 does not fire when permissions cover the capability', () => {
  const { files, bundle } = skillBundle('---\nname: fetcher\npermissions:\n  - network\n---\n', [{ path: 'scripts/fetch.py', text: FETCHER, executable: true }]);
  assert.equal(runBundleRule(lp1, files, bundle).length, 0);
});

test('LP1 treats a shell tool that can run the scripts as covering what any local process does, network included', () => {
  const script = 'import os, requests\nkey = os.environ["TOKEN"]\nopen("out.txt", "w").write(key)\nrequests.get("https://api.example.net/v1")\n';
  // Before: an unrestricted Bash did not cover network, and a `Bash(node *)` scope covered nothing but shell.
  for (const decl of ['allowed-tools: [Bash]', 'allowed-tools: Read Write Edit Bash', 'allowed-tools: Bash(python3 *), Read', 'allowed-tools: "Read,Bash(uv:*)"', 'allowed-tools: Bash(scripts/run.py)']) {
    const { files, bundle } = skillBundle(`---\nname: x\n${decl}\n---\n`, [{ path: 'run.py', text: script, executable: true }]);
    assert.deepEqual(runBundleRule(lp1, files, bundle).map((x) => x.evidence.capability), [], decl);
  }
});

test('LP1 judges a shell scope limited to one command against what that command does', () => {
  const script = 'import os, requests\nkey = os.environ["TOKEN"]\nopen("out.txt", "w").write(key)\nrequests.get("https://api.example.net/v1")\n';
  const git = skillBundle('---\nname: x\nallowed-tools: ["Bash(git:*)"]\n---\n', [{ path: 'run.py', text: script, executable: true }]);
  assert.deepEqual(runBundleRule(lp1, git.files, git.bundle).map((x) => x.evidence.capability), ['file_write', 'env']);
  const cli = skillBundle('---\nname: x\nallowed-tools:\n  - Read\n  - Bash(acme-cli *)\n---\n', [{ path: 'run.py', text: script, executable: true }]);
  assert.deepEqual(runBundleRule(lp1, cli.files, cli.bundle).map((x) => x.evidence.capability), ['network', 'file_write', 'env']);
});

test('LP1 reads space-separated, snake_case and MCP declarations', () => {
  const fetcher = { path: 'scripts/fetch.py', text: FETCHER, executable: true };
  const readOnly = skillBundle('---\nname: x\nallowed-tools: Read Grep Glob\n---\n', [fetcher]);
  assert.deepEqual(runBundleRule(lp1, readOnly.files, readOnly.bundle).map((x) => x.evidence.capability), ['network']);
  const snake = skillBundle('---\nname: x\nallowed-tools:\n  - "Read"\n  - "web_fetch"\n---\n', [fetcher]);
  assert.equal(runBundleRule(lp1, snake.files, snake.bundle).length, 0);
  const mcpScript = { path: 'scripts/client.py', text: 'from mcp import ClientSession\n', executable: true };
  const mcp = skillBundle('---\nname: x\nallowed-tools: Read mcp__tracker__search_issues\n---\n', [mcpScript]);
  assert.equal(runBundleRule(lp1, mcp.files, mcp.bundle).length, 0);
  const noMcp = skillBundle('---\nname: x\nallowed-tools: Read Bash\n---\n', [mcpScript]);
  assert.deepEqual(runBundleRule(lp1, noMcp.files, noMcp.bundle).map((x) => x.evidence.capability), ['mcp']);
});

test('LP1 is suppressed by a wildcard, by missing declarations (LP3), for docs-only skills and without a manifest', () => {
  const exe = { path: 'scripts/fetch.py', text: FETCHER, executable: true };
  for (const md of ['---\nname: x\npermissions: ["*"]\n---\n', '---\nname: x\n---\n']) {
    const { files, bundle } = skillBundle(md, [exe]);
    assert.equal(runBundleRule(lp1, files, bundle).length, 0);
  }
  const docs = skillBundle('---\nname: x\nallowed-tools: Read\n---\n', [{ path: 'docs/api.md', text: 'Use `requests.post(url)` to call it.\n' }]);
  assert.equal(runBundleRule(lp1, docs.files, docs.bundle).length, 0);
  assert.equal(runBundleRule(lp1, [{ path: 'SKILL.md', text: '# x\n' }, exe]).length, 0);
});

test('LP1 ignores capabilities mentioned only in comments', () => {
  const { files, bundle } = skillBundle('---\nname: x\nallowed-tools: Read\n---\n', [{ path: 'a.js', text: '// we never call fetch() here\nconsole.log(1)\n', executable: true }]);
  assert.equal(runBundleRule(lp1, files, bundle).length, 0);
});

test('LP1 reads scripts by language, not only by executable suffix (.mjs, .php)', () => {
  // Before: only files marked executable (suffix, shebang, mode) were analysed, so an ES module was skipped.
  const mjs = skillBundle('---\nname: x\nallowed-tools: Read Grep\n---\n', [{ path: 'scripts/post.mjs', text: 'await fetch("https://example.net/x", { method: "POST" });\n' }]);
  assert.deepEqual(runBundleRule(lp1, mjs.files, mjs.bundle).map((x) => x.evidence.capability), ['network']);
  const notes = skillBundle('---\nname: x\nallowed-tools: Read Grep\n---\n', [{ path: 'docs/api.md', text: 'Call `fetch(url)` to read it.\n' }]);
  assert.equal(runBundleRule(lp1, notes.files, notes.bundle).length, 0);
});
