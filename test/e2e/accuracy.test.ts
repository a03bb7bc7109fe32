// Accuracy on self-written samples (docs/ACCURACY.md): benign shapes that used to raise false positives on
// real skills must stay quiet, and one malicious sample per rule family must be caught with its rule ids.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScanReport } from '../../src/report/types.js';
import { GENERATED, scanSample } from '../../scripts/accuracy-lib.js';
import { REPO_ROOT } from '../helpers/tree.js';

const FIXTURES = join(REPO_ROOT, 'test/fixtures');
const VERDICT_RANK: Record<string, number> = { SAFE: 0, CAUTION: 1, DO_NOT_INSTALL: 2 };

/** Scans `test/fixtures/<rel>` with its generated binary or oversized parts (the harness's own table). */
function scanFixture(rel: string): Promise<ScanReport> {
  return scanSample(`fixtures/${rel}`, join(FIXTURES, rel));
}

test('every generated part belongs to a fixture directory that exists', () => {
  for (const key of Object.keys(GENERATED)) {
    assert.match(key, /^(?:fixtures\/(?:benign|malicious)|accuracy\/(?:malicious|twins))\/[^/]+$/, key);
    assert.ok(readdirSync(join(REPO_ROOT, 'test', key)).length > 0, key);
  }
});

const strong = (r: ScanReport, ids: readonly string[]) =>
  r.issues.filter((i) => ids.includes(i.id) && (i.severity === 'HIGH' || i.severity === 'CRITICAL'));

// Benign shapes: each fixed false positive, with the rule ids that used to misfire.
const BENIGN: Record<string, readonly string[]> = {
  // `mcp` is one edit from `scp`, `markitdown` two from `markdown`: both are the real, popular packages.
  'mcp-requirements': ['SC6'],
  // gzip bytes are ~88 % "printable" by byte value and used to be read as text full of NULs and mixed scripts.
  'compressed-asset': ['AE2', 'AE3', 'AE4'],
};

for (const [name, ids] of Object.entries(BENIGN)) {
  test(`benign ${name}: no HIGH/CRITICAL ${ids.join('/')} and not DO_NOT_INSTALL`, async () => {
    const r = await scanFixture(`benign/${name}`);
    assert.deepEqual(strong(r, ids).map((i) => `${i.id} ${i.location.file}:${i.location.start_line}`), []);
    assert.notEqual(r.risk_assessment.recommendation, 'DO_NOT_INSTALL');
  });
}

test('benign compressed-asset: the gzip is opened, its unreadable content raises no analysis-evasion finding, and is never SAFE unread', async () => {
  const r = await scanFixture('benign/compressed-asset');
  const row = r.inventory.find((x) => x.path === 'scripts/starter.tar.gz');
  assert.equal(row?.content_kind, 'binary');
  // The gzip stream is opened in memory; what it holds is neither tar nor text, so that member is opaque.
  assert.equal(row?.disposition, 'analyzed');
  const member = r.inventory.find((x) => x.path === 'scripts/starter.tar.gz!/starter.tar');
  assert.deepEqual([member?.disposition, member?.reason], ['partial', 'opaque_content']);
  assert.ok(r.analysis_completeness.ledger_exceptions.some((e) => e.path === 'scripts/starter.tar.gz!/starter.tar' && e.reason_code === 'opaque_content'));
  assert.equal(r.risk_assessment.recommendation, 'CAUTION');
  assert.deepEqual(r.issues.filter((i) => i.location.file.startsWith('scripts/starter.tar.gz')).map((i) => i.id), []);
});

interface Expected {
  verdict: 'CAUTION' | 'DO_NOT_INSTALL';
  ids: string[];
}

const expected = JSON.parse(readFileSync(join(FIXTURES, 'malicious/expected.json'), 'utf8')) as Record<string, Expected>;

test('every malicious sample directory has an expectation, and every expectation a directory', () => {
  const dirs = readdirSync(join(FIXTURES, 'malicious'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  assert.deepEqual(dirs.sort(), Object.keys(expected).sort());
});

for (const [name, want] of Object.entries(expected)) {
  test(`malicious ${name}: at least ${want.verdict} with ${want.ids.join(', ')}`, async () => {
    const r = await scanFixture(`malicious/${name}`);
    const got = new Set(r.issues.map((i) => i.id));
    assert.deepEqual(want.ids.filter((id) => !got.has(id)), [], `missing rule ids; got ${[...got].sort().join(',')}`);
    const verdict = r.risk_assessment.recommendation;
    assert.ok((VERDICT_RANK[verdict] ?? -1) >= (VERDICT_RANK[want.verdict] ?? 99), `${name}: ${verdict} (score ${r.risk_assessment.score}) < ${want.verdict}`);
  });
}
