import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileView } from '../../test/helpers/rule-harness.js';
import { startOsvMock } from '../../test/helpers/osv-mock.js';
import type { MockVuln, OsvMock } from '../../test/helpers/osv-mock.js';
import { collectPinnedDependencies, OSV_LIMITS, queryOsv } from './osv.js';
import type { OsvQuery } from './osv.js';
import { cvss3BaseScore, cvssSeverity, osvSeverity } from './osv-severity.js';

const mocks: OsvMock[] = [];
after(async () => {
  await Promise.all(mocks.map((m) => m.close()));
});
async function mock(vulns: Record<string, MockVuln[]>, mode?: Parameters<typeof startOsvMock>[1]): Promise<OsvMock> {
  const m = await startOsvMock(vulns, mode);
  mocks.push(m);
  return m;
}
const fast = (m: OsvMock) => ({ baseUrl: m.url, timeoutMs: 5_000, retryDelayMs: 5 });
const pypi = (name: string, version: string): OsvQuery => ({ name, ecosystem: 'PyPI', version });

test('collectPinnedDependencies keeps registry pins only, normalised and deduplicated', () => {
  const deps = collectPinnedDependencies([
    fileView({ path: 'requirements.txt', text: 'PyYAML==5.3.1\nrequests>=2\npyyaml==5.3.1\ngit+https://x/y.git\nflask @ https://x/f.whl\n' }),
    fileView({ path: 'package.json', text: '{"dependencies": {"lodash": "4.17.11", "left-pad": "^1.0.0", "x": "file:../x"}}' }),
  ]);
  assert.deepEqual(deps, [pypi('pyyaml', '5.3.1'), { name: 'lodash', ecosystem: 'npm', version: '4.17.11' }]);
});

test('a pinned vulnerable dependency yields its advisories with mapped severities', async () => {
  const m = await mock({
    'PyPI:pyyaml@5.3.1': [
      { id: 'GHSA-8q59-q68h-6hv4', aliases: ['CVE-2020-14343'], summary: 'code \u001b[31mexecution', database_specific: { severity: 'MODERATE' } },
      { id: 'PYSEC-2021-142', severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }] },
      { id: 'PYSEC-2099-1' },
      { id: 'OSV-WITHDRAWN-1', withdrawn: '2024-01-01T00:00:00Z' },
    ],
    'npm:lodash@4.17.11': [{ id: 'GHSA-jf85-cpcp-j695', affected: [{ package: { name: 'lodash', ecosystem: 'npm' }, ecosystem_specific: { severity: 'LOW' } }] }],
  });
  const r = await queryOsv([pypi('PyYAML', '5.3.1'), { name: 'lodash', ecosystem: 'npm', version: '4.17.11' }, pypi('click', '8.1.7')], fast(m));
  assert.deepEqual(r.errors, []);
  assert.equal(r.queried, 3);
  const by = new Map(r.advisories.map((a) => [a.id, a]));
  assert.deepEqual([...by.keys()].sort(), ['GHSA-8q59-q68h-6hv4', 'GHSA-jf85-cpcp-j695', 'PYSEC-2021-142', 'PYSEC-2099-1']);
  assert.deepEqual([by.get('GHSA-8q59-q68h-6hv4')?.severity, by.get('GHSA-8q59-q68h-6hv4')?.severitySource], ['MEDIUM', 'ghsa']);
  assert.deepEqual([by.get('PYSEC-2021-142')?.severity, by.get('PYSEC-2021-142')?.severitySource], ['CRITICAL', 'cvss']);
  assert.deepEqual([by.get('PYSEC-2099-1')?.severity, by.get('PYSEC-2099-1')?.severitySource], ['HIGH', 'default']);
  assert.deepEqual([by.get('GHSA-jf85-cpcp-j695')?.severity, by.get('GHSA-jf85-cpcp-j695')?.severitySource], ['LOW', 'ecosystem']);
  const yaml = by.get('GHSA-8q59-q68h-6hv4');
  assert.deepEqual([yaml?.ecosystem, yaml?.package, yaml?.version, yaml?.aliases], ['pypi', 'pyyaml', '5.3.1', ['CVE-2020-14343']]);
  assert.doesNotMatch(yaml?.summary ?? '', /\u001b/, 'summaries from the network are sanitised');
  // One batch, versions sent, names normalised; one detail request per advisory id.
  assert.equal(m.requests.filter((q) => q === 'POST /v1/querybatch').length, 1);
  assert.deepEqual(m.queries[0], { package: { name: 'pyyaml', ecosystem: 'PyPI' }, version: '5.3.1' });
  assert.equal(m.requests.filter((q) => q.startsWith('GET /v1/vulns/')).length, 5);
});

test('nothing to look up: no request at all', async () => {
  const m = await mock({});
  const r = await queryOsv([], fast(m));
  assert.deepEqual([r.advisories, r.errors, m.requests], [[], [], []]);
});

test('bounds: 256 packages in at most 4 batches, 16 advisories per package, 256 results, 64 detail requests', async () => {
  const vulns: Record<string, MockVuln[]> = {};
  // 20 packages × 20 advisories: 16 kept per package (320) → 256 results → 64 details.
  for (let p = 0; p < 20; p += 1) vulns[`PyPI:pkg${p}@1.0.0`] = Array.from({ length: 20 }, (_, i) => ({ id: `OSV-${p}-${i}` }));
  const m = await mock(vulns);
  const deps = Array.from({ length: 300 }, (_, i) => pypi(`pkg${i}`, '1.0.0'));
  const r = await queryOsv(deps, fast(m));
  assert.equal(m.queries.length, OSV_LIMITS.packages);
  assert.equal(m.requests.filter((q) => q === 'POST /v1/querybatch').length, OSV_LIMITS.batches);
  assert.equal(m.requests.filter((q) => q.startsWith('GET /v1/vulns/')).length, OSV_LIMITS.detailRequests);
  assert.equal(r.queried, 256);
  assert.equal(r.advisories.length, OSV_LIMITS.results);
  assert.ok(r.advisories.every((a) => Number(a.id.split('-')[2]) < OSV_LIMITS.vulnsPerPackage));
  assert.equal(r.advisories.filter((a) => a.severitySource === 'default').length, 256);
  const text = r.errors.join('\n');
  assert.match(text, /300 pinned dependencies exceed the 256-package bound; 44 were not looked up/);
  assert.match(text, /more than 16 advisories/);
  assert.match(text, /beyond the 256-result bound/);
  assert.match(text, /beyond the 64-request bound/);
});

test('5xx and 429 are retried at most twice; a persistent failure is an error, not a throw', async () => {
  const flaky = await mock({ 'PyPI:a@1.0.0': [{ id: 'OSV-A' }] }, 'http503-once');
  const ok = await queryOsv([pypi('a', '1.0.0')], fast(flaky));
  assert.deepEqual([ok.errors, ok.advisories.map((a) => a.id)], [[], ['OSV-A']]);
  const limited = await mock({ 'PyPI:a@1.0.0': [{ id: 'OSV-A' }] }, 'http429-once');
  assert.deepEqual((await queryOsv([pypi('a', '1.0.0')], fast(limited))).errors, []);
  const down = await mock({}, 'http500');
  const r = await queryOsv([pypi('a', '1.0.0')], fast(down));
  assert.equal(down.requests.length, OSV_LIMITS.retries + 1);
  assert.equal(r.queried, 0);
  assert.match(r.errors[0] ?? '', /querybatch: HTTP 500 after 3 attempts \(1 package\(s\) not checked\)/);
});

test('a hung server is cut off by the time budget', async () => {
  const m = await mock({}, 'hang');
  const started = Date.now();
  const r = await queryOsv([pypi('a', '1.0.0')], { baseUrl: m.url, timeoutMs: 300, retryDelayMs: 5 });
  assert.ok(Date.now() - started < 3_000);
  assert.match(r.errors[0] ?? '', /timed out/);
});

test('malformed JSON, schema mismatches and oversized replies are errors', async () => {
  for (const [mode, re] of [['malformed', /malformed JSON/], ['bad-schema', /does not match the OSV schema/], ['huge', /exceeds the 4194304-byte bound/]] as const) {
    const m = await mock({}, mode);
    const r = await queryOsv([pypi('a', '1.0.0')], fast(m));
    assert.deepEqual(r.advisories, []);
    assert.match(r.errors[0] ?? '', re, mode);
  }
});

test('unsafe advisory ids from the reply are never requested; a missing detail falls back to HIGH', async () => {
  const m = await mock({ 'PyPI:a@1.0.0': [{ id: '../../admin' }, { id: 'OSV-GONE' }] });
  const fetchImpl: typeof fetch = async (input, init) =>
    String(input).endsWith('/v1/vulns/OSV-GONE') ? new Response('{"code":5}', { status: 404 }) : fetch(input, init);
  const r = await queryOsv([pypi('a', '1.0.0')], { ...fast(m), fetchImpl });
  assert.ok(!m.requests.some((q) => q.includes('admin')));
  assert.deepEqual(r.advisories.map((a) => [a.id, a.severity, a.severitySource]), [['OSV-GONE', 'HIGH', 'default']]);
  assert.match(r.errors.join('\n'), /malformed and ignored/);
  assert.match(r.errors.join('\n'), /detail request\(s\) failed.*HTTP 404/);
});

test('the base URL comes from SKILLSPECTOR_OSV_URL and must be http(s)', async () => {
  const m = await mock({ 'PyPI:a@1.0.0': [{ id: 'OSV-A' }] });
  const saved = process.env.SKILLSPECTOR_OSV_URL;
  process.env.SKILLSPECTOR_OSV_URL = m.url;
  try {
    assert.deepEqual((await queryOsv([pypi('a', '1.0.0')], { retryDelayMs: 5 })).advisories.map((a) => a.id), ['OSV-A']);
    process.env.SKILLSPECTOR_OSV_URL = 'file:///etc/passwd';
    assert.match((await queryOsv([pypi('a', '1.0.0')])).errors[0] ?? '', /must be http/);
  } finally {
    if (saved === undefined) delete process.env.SKILLSPECTOR_OSV_URL;
    else process.env.SKILLSPECTOR_OSV_URL = saved;
  }
});

test('CVSS: 3.x vectors get their base score; other vectors the worst-metric heuristic', () => {
  assert.equal(cvss3BaseScore('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'), 9.8);
  assert.equal(cvss3BaseScore('CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N'), 6.1);
  assert.equal(cvss3BaseScore('CVSS:3.0/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N'), 3.1);
  assert.equal(cvss3BaseScore('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N'), 0);
  assert.equal(cvss3BaseScore('CVSS:3.1/AV:X'), null);
  assert.equal(cvssSeverity('CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H'), 'HIGH'); // 8.8
  assert.equal(cvssSeverity('CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N'), 'CRITICAL');
  assert.equal(cvssSeverity('CVSS:4.0/AV:L/AC:H/AT:P/PR:L/UI:A/VC:H/VI:L/VA:N/SC:N/SI:N/SA:N'), 'LOW');
  assert.equal(cvssSeverity('AV:N/AC:L/Au:N/C:P/I:P/A:P'), 'HIGH');
  assert.equal(cvssSeverity('7.5'), 'HIGH');
  assert.equal(cvssSeverity('nonsense'), null);
  assert.deepEqual(osvSeverity({ ghsa: 'bogus', ecosystemSpecific: [], vectors: ['nonsense'] }), { severity: 'HIGH', source: 'default' });
  assert.deepEqual(osvSeverity({ ghsa: 'LOW', ecosystemSpecific: ['CRITICAL'], vectors: [] }), { severity: 'LOW', source: 'ghsa' });
});
