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

test('LP1 treats unrestricted Bash as covering local file and environment access, but not network', () => {
  const script = 'import os\nkey = os.environ["TOKEN"]\nopen("out.txt", "w").write(key)\n';
  const { files, bundle } = skillBundle('---\nname: x\nallowed-tools: [Bash, WebFetch]\n---\n', [{ path: 'run.py', text: script, executable: true }]);
  assert.equal(runBundleRule(lp1, files, bundle).length, 0);
  const restricted = skillBundle('---\nname: x\nallowed-tools: ["Bash(git:*)"]\n---\n', [{ path: 'run.py', text: script, executable: true }]);
  assert.deepEqual(runBundleRule(lp1, restricted.files, restricted.bundle).map((x) => x.evidence.capability), ['file_write', 'env']);
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
