// `scan --online`: live OSV lookups for SC4 against a loopback mock of api.osv.dev. The CLI runs in a
// child process (asynchronously: the mock lives in this process's event loop).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { scanSkillInput } from '../../src/mcp/server.js';
import type { ScanReport } from '../../src/report/types.js';
import { startOsvMock } from '../helpers/osv-mock.js';
import type { MockMode, MockVuln, OsvMock } from '../helpers/osv-mock.js';
import { REPO_ROOT, writeTree } from '../helpers/tree.js';

const mocks: OsvMock[] = [];
after(async () => {
  await Promise.all(mocks.map((m) => m.close()));
});

async function mock(vulns: Record<string, MockVuln[]>, mode?: MockMode): Promise<OsvMock> {
  const m = await startOsvMock(vulns, mode);
  mocks.push(m);
  return m;
}

function cliAsync(args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'src/cli/main.ts'), ...args], {
      cwd: REPO_ROOT, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

const SKILL = '---\nname: deps-skill\ndescription: Formats dates for reports.\n---\n# Deps skill\n\nFormats dates.\n';

function bundle(extra: Record<string, string> = {}): string {
  return writeTree({ 'SKILL.md': SKILL, 'requirements.txt': 'obscure-lib==1.2.3\nclick==8.1.7\n', ...extra });
}

async function scanJson(target: string, m: OsvMock, flags: string[] = ['--online'], env: NodeJS.ProcessEnv = {}) {
  const r = await cliAsync(['scan', target, '--format', 'json', ...flags], { SKILLSPECTOR_OSV_URL: m.url, ...env });
  assert.notEqual(r.stdout, '', r.stderr);
  return { ...r, report: JSON.parse(r.stdout) as ScanReport };
}

const VULN: MockVuln = {
  id: 'GHSA-xxxx-yyyy-zzzz', aliases: ['CVE-2099-1234'], summary: 'Remote code execution in obscure-lib',
  database_specific: { severity: 'CRITICAL' },
};

test('--online: a pinned dependency with a live advisory yields SC4 from the OSV source', async () => {
  const m = await mock({ 'PyPI:obscure-lib@1.2.3': [VULN] });
  const { code, report } = await scanJson(bundle(), m);
  assert.equal(report.risk_assessment.max_issue_severity, 'CRITICAL');
  // A decisive CRITICAL (confidence ≥ 0.8, not triaged) floors the score at 51 (CONTRACT §4): the gate fails.
  assert.equal(report.risk_assessment.recommendation, 'DO_NOT_INSTALL');
  assert.equal(code, 1);
  const sc4 = report.issues.filter((i) => i.id === 'SC4');
  assert.equal(sc4.length, 1);
  assert.equal(sc4[0]?.severity, 'CRITICAL');
  assert.match(sc4[0]?.pattern ?? '', /obscure-lib 1\.2\.3 \(CVE-2099-1234\)/);
  const ev = sc4[0]?.evidence as { sources: string[]; advisories: { id: string; source: string }[] };
  assert.deepEqual(ev.sources, ['osv-live']);
  assert.deepEqual(ev.advisories.map((a) => [a.id, a.source]), [['GHSA-xxxx-yyyy-zzzz', 'osv-live']]);
  assert.deepEqual(report.metadata.advisory_sources, ['bundled-snapshot', 'osv-live']);
  assert.equal(report.rules?.find((r) => r.id === 'SC4')?.title, 'Known-Vulnerable Dependency');
  assert.equal(report.metadata.osv_errors, undefined);
  assert.equal(report.analysis_completeness.status, 'complete');
  assert.deepEqual(m.queries.map((q) => [q.package.name, q.version]), [['obscure-lib', '1.2.3'], ['click', '8.1.7']]);
});

test('without --online no request reaches OSV and the report says so', async () => {
  const m = await mock({ 'PyPI:obscure-lib@1.2.3': [VULN] });
  const { code, report } = await scanJson(bundle(), m, []);
  assert.equal(code, 0);
  assert.equal(m.requests.length, 0);
  assert.deepEqual(report.metadata.advisory_sources, ['bundled-snapshot']);
  assert.equal(report.issues.filter((i) => i.id === 'SC4').length, 0);
});

for (const [mode, re, env] of [
  ['http500', /HTTP 500 after 3 attempts/, {}],
  ['malformed', /malformed JSON/, {}],
  ['hang', /timed out/, { SKILLSPECTOR_OSV_TIMEOUT: '0.5' }],
] as const) {
  test(`--online with an OSV ${mode} reply: incomplete with a limitation, never silently clean`, async () => {
    const m = await mock({}, mode);
    const r = await scanJson(bundle(), m, ['--online'], env);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.report.execution_successful, true);
    assert.equal(r.report.analysis_completeness.status, 'partial');
    assert.notEqual(r.report.risk_assessment.recommendation, 'SAFE');
    const limitation = r.report.analysis_completeness.limitations.find((l) => l.startsWith('Live OSV lookup failed:')) ?? '';
    assert.match(limitation, re);
    assert.match(limitation, /results rely on the bundled snapshot \(\d{4}-\d{2}-\d{2}\)/);
    assert.match(String((r.report.metadata.osv_errors as string[] | undefined)?.[0]), re);
    assert.match(r.stderr, /warning: live OSV lookup incomplete/);
    const gated = await cliAsync(['scan', bundle(), '--online', '--fail-on-incomplete', '-q'], { SKILLSPECTOR_OSV_URL: m.url, ...env });
    assert.equal(gated.code, 1);
  });
}

test('--online with more than 256 pinned packages: 256 looked up, the rest recorded as a limitation', async () => {
  const pins = (from: number) => Array.from({ length: 150 }, (_, i) => `pkg-${from + i}==1.0.0`).join('\n');
  const m = await mock(Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`PyPI:pkg-${i}@1.0.0`, [VULN]])));
  const { report } = await scanJson(bundle({ 'requirements.txt': pins(0), 'requirements-dev.txt': pins(150) }), m);
  assert.equal(m.queries.length, 256);
  assert.equal(m.requests.filter((q) => q === 'POST /v1/querybatch').length, 4);
  assert.equal(report.analysis_completeness.status, 'partial');
  assert.ok(report.analysis_completeness.limitations.some((l) => /300 pinned dependencies exceed the 256-package bound; 44 were not looked up/.test(l)));
  // Exactly the packages looked up are flagged from the live source; the 44 beyond the bound are not.
  const flagged = report.issues.filter((i) => i.id === 'SC4').reduce((n, i) => n + i.occurrences.length, 0);
  assert.equal(flagged, 256);
  assert.equal(m.requests.filter((q) => q.startsWith('GET /v1/vulns/')).length, 1, 'one detail request per distinct advisory');
});

test('the MCP scan_skill tool does not expose --online', () => {
  assert.ok(!Object.keys(scanSkillInput.shape).some((k) => /online|osv/i.test(k)));
});
