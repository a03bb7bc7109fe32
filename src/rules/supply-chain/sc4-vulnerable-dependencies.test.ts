import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileView, highFindings, runBundleRule } from '../../../test/helpers/rule-harness.js';
import type { Severity } from '../../shared/types.js';
import type { BundleView } from '../../model/bundle.js';
import type { OnlineAdvisory } from '../../advisories/osv.js';
import { SNAPSHOT_DATE } from './data/advisories.js';
import { sc4 } from './sc4-vulnerable-dependencies.js';

test('SC4 flags a pinned vulnerable version with the advisory severity and snapshot date', () => {
  const f = runBundleRule(sc4, [{ path: 'requirements.txt', text: 'click==8.1.7\nPyYAML==5.3.1\n' }]);
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'SC4');
  assert.equal(f[0]?.startLine, 2);
  assert.equal(f[0]?.severity, 'CRITICAL');
  assert.equal(f[0]?.confidence, 0.9);
  assert.equal((f[0]?.evidence as { snapshotDate: string }).snapshotDate, SNAPSHOT_DATE);
  assert.match(f[0]?.label ?? '', /CVE-2020-14343/);
});

test('SC4 does not flag a fixed version', () => {
  assert.equal(runBundleRule(sc4, [{ path: 'requirements.txt', text: 'pyyaml==6.0.1\nrequests==2.31.0\n' }]).length, 0);
  assert.equal(runBundleRule(sc4, [{ path: 'package.json', text: '{"dependencies": {"lodash": "4.17.21", "minimist": "1.2.8"}}' }]).length, 0);
});

test('SC4 picks the worst of several advisories and handles npm manifests', () => {
  const f = runBundleRule(sc4, [{ path: 'package.json', text: '{\n  "dependencies": {\n    "lodash": "4.17.11",\n    "ua-parser-js": "0.7.29"\n  }\n}' }]);
  assert.deepEqual(f.map((x) => [x.startLine, x.severity]), [[3, 'CRITICAL'], [4, 'CRITICAL']]);
  assert.equal((f[0]?.evidence as { advisories: unknown[] }).advisories.length, 2);
  const medium = runBundleRule(sc4, [{ path: 'package.json', text: '{"dependencies": {"lodash": "4.17.15"}}' }]);
  assert.equal(medium[0]?.severity, 'HIGH');
});

test('SC4 reports an unpinned snapshot package as LOW Unverifiable Dependency, and nothing for others', () => {
  const f = runBundleRule(sc4, [{ path: 'requirements.txt', text: 'requests>=2.0\nclick\n' }]);
  assert.equal(f.length, 1);
  assert.equal(f[0]?.severity, 'LOW');
  assert.equal(f[0]?.confidence, 0.4);
  assert.match(f[0]?.label ?? '', /Unverifiable Dependency/);
});

test('SC4 findings in fixtures are not HIGH', () => {
  assert.equal(highFindings(runBundleRule(sc4, [{ path: 'tests/fixtures/requirements.txt', text: 'pyyaml==5.3\n' }])).length, 0);
});

test('SC4 with live OSV advisories: reports them, merges with the snapshot by id and alias, live first', () => {
  const files = [fileView({ path: 'requirements.txt', text: 'somepkg==1.0.0\nPyYAML==5.3.1\nclick==8.1.7\n' })];
  const live = (pkg: string, version: string, id: string, severity: Severity, aliases: string[] = []): OnlineAdvisory => ({
    ecosystem: 'pypi', package: pkg, version, id, aliases, severity, severitySource: 'ghsa', summary: `${id} summary`,
  });
  const bundle: BundleView = {
    paths: ['requirements.txt'], manifest: null, manifestPath: null, bytecode: [], inventory: [],
    onlineAdvisories: [
      live('somepkg', '1.0.0', 'GHSA-aaaa-bbbb-cccc', 'MEDIUM', ['CVE-2099-0001']),
      // Same advisory as the snapshot's GHSA-8q59-q68h-6hv4, under its PYSEC id: not reported twice.
      live('pyyaml', '5.3.1', 'PYSEC-2021-142', 'HIGH', ['CVE-2020-14343', 'GHSA-8q59-q68h-6hv4']),
      live('pyyaml', '5.3.1', 'GHSA-new0-0000-0000', 'LOW'),
      live('click', '9.9.9', 'GHSA-other-version', 'CRITICAL'), // another version: not this pin
    ],
  };
  const hits = sc4.check(bundle, files);
  assert.deepEqual(hits.map((h) => [h.line, h.severity]), [[1, 'MEDIUM'], [2, 'HIGH']]);
  const some = hits[0]?.evidence as { source: string; sources: string[]; advisories: { id: string; source: string }[] };
  assert.deepEqual([some.source, some.sources, some.advisories.map((a) => a.id)], ['OSV.dev live lookup', ['osv-live'], ['GHSA-aaaa-bbbb-cccc']]);
  assert.match(hits[0]?.label ?? '', /CVE-2099-0001/);
  const yaml = hits[1]?.evidence as { sources: string[]; advisories: { id: string; source: string }[] };
  assert.deepEqual(yaml.advisories.map((a) => [a.id, a.source]), [['PYSEC-2021-142', 'osv-live'], ['GHSA-new0-0000-0000', 'osv-live']]);
  assert.deepEqual(yaml.sources, ['osv-live']);
  // Without live data the snapshot answer is unchanged.
  const offline = sc4.check({ ...bundle, onlineAdvisories: undefined }, files);
  assert.deepEqual(offline.map((h) => [h.line, h.severity, (h.evidence as { source: string }).source]), [[2, 'CRITICAL', 'bundled offline advisory snapshot']]);
});
