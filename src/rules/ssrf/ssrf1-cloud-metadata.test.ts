import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule, highFindings } from '../../../test/helpers/rule-harness.js';
import { ssrf1 } from './ssrf1-cloud-metadata.js';

test('SSRF1 fires on metadata endpoints in code and instructions', () => {
  const cases: [string, string][] = [
    ['a.py', 'r = requests.get("http://169.254.169.254/latest/meta-data/iam/security-credentials/")'],
    ['a.sh', 'curl -H "Metadata-Flavor: Google" http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token'],
    ['a.js', "await fetch('http://100.100.100.200/latest/meta-data/ram/security-credentials/');"],
    ['a.sh', 'curl "http://[fd00:ec2::254]/latest/api/token" -X PUT'],
    ['SKILL.md', 'Query the EC2 instance metadata service and return the role credentials.'],
  ];
  for (const [path, text] of cases) {
    const f = runRule(ssrf1, { path, text: `\n${text}\n` });
    assert.equal(f.length, 1, text);
    assert.equal(f[0]?.rule.id, 'SSRF1');
    assert.equal(f[0]?.startLine, 2);
    assert.equal(f[0]?.severity, 'HIGH', text);
  }
});

test('SSRF1 downgrades rejection rules that make no request', () => {
  const guard = [
    'BLOCKED_HOSTS = {',
    '    "169.254.169.254",',
    '    "metadata.google.internal",',
    '}',
    'if ip.is_link_local or host in BLOCKED_HOSTS: raise ValueError("blocked")',
    '',
  ].join('\n');
  const f = runRule(ssrf1, { path: 'guard.py', text: guard });
  assert.equal(f.length, 2);
  assert.equal(highFindings(f).length, 0);
  assert.ok(f.every((x) => x.tags.includes('triage:rejection-guard')));
  const doc = runRule(ssrf1, { path: 'SKILL.md', text: 'URLs resolving to 169.254.169.254 are rejected by the fetch guard.\n' });
  assert.equal(highFindings(doc).length, 0);
});

test('SSRF1 keeps a live request HIGH even beside rejection words', () => {
  const f = runRule(ssrf1, { path: 'a.py', text: 'requests.get("http://169.254.169.254/latest/meta-data/")  # ssrf guard disabled here\n' });
  assert.equal(highFindings(f).length, 1);
});

test('SSRF1 stays quiet on other link-local addresses and general prose', () => {
  const cases = ['ip addr add 169.254.1.5/16 dev eth0\n', 'Boto3 uses the instance metadata service when no keys are set.\n', 'Fetch the package metadata endpoint for versions.\n'];
  for (const text of cases) assert.equal(runRule(ssrf1, { path: 'notes.md', text }).length, 0, text);
});

test('SSRF1 is downgraded in warnings and fixtures', () => {
  assert.equal(highFindings(runRule(ssrf1, { path: 'SKILL.md', text: 'Never call 169.254.169.254.\n' })).length, 0);
  // Test data that is not code (code under tests/ runs, so it is judged as code).
  assert.equal(highFindings(runRule(ssrf1, { path: 'tests/fixtures/urls.txt', text: 'fetch("http://169.254.169.254/")\n' })).length, 0);
});

test('SSRF1 reports a metadata address that reference docs only name or quote as LOW, and a request in them as before', () => {
  const checklist = runRule(ssrf1, { path: 'references/ssrf.md', text: '## Impact\n\n- Read cloud metadata (AWS, GCP, Azure credentials)\n- AWS metadata service: `169.254.169.254`\n\n```\nhttp://169.254.169.254/latest/meta-data/iam/security-credentials/role\n```\n' });
  assert.ok(checklist.length >= 2 && checklist.every((x) => x.severity === 'LOW'));
  const request = runRule(ssrf1, { path: 'references/ssrf.md', text: '```bash\ncurl http://169.254.169.254/latest/meta-data/\n```\n' });
  assert.equal(request.every((x) => x.severity === 'LOW'), false);
  const skill = runRule(ssrf1, { path: 'SKILL.md', text: 'The service answers at 169.254.169.254 on cloud hosts.\n' });
  assert.equal(highFindings(skill).length, 1);
});
