// Accuracy on self-written samples (docs/ACCURACY.md): benign shapes that used to raise false positives on
// real skills must stay quiet, and one malicious sample per rule family must be caught with its rule ids.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { scan } from '../../src/engine/scan.js';
import type { ScanReport } from '../../src/report/types.js';
import { REPO_ROOT } from '../helpers/tree.js';

const FIXTURES = join(REPO_ROOT, 'test/fixtures');
const VERDICT_RANK: Record<string, number> = { SAFE: 0, CAUTION: 1, DO_NOT_INSTALL: 2 };

/** Deterministic high-entropy bytes: what a compressed or encrypted asset looks like to the classifier. */
function noise(length: number, seed: number): Buffer {
  const out = Buffer.alloc(length);
  let x = seed >>> 0;
  for (let i = 0; i < length; i += 1) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

/** A minimal CPython 3.11 bytecode header followed by a code-object marker: enough to be "shipped bytecode". */
const PYC = Buffer.concat([Buffer.from([0xa7, 0x0d, 0x0d, 0x0a]), Buffer.alloc(12), Buffer.from([0xe3, 0, 0, 0])]);

// Binary or oversized parts are written into a temporary copy instead of being committed.
const GENERATED: Record<string, Record<string, Buffer | string>> = {
  'benign/compressed-asset': { 'scripts/starter.tar.gz': gzipSync(noise(65_536, 12_345)) },
  'malicious/supply-chain': { 'scripts/__pycache__/boot.cpython-311.pyc': PYC },
  'malicious/analysis-evasion': {
    'docs/rules.bin': noise(512, 7),
    'docs/notes.txt': 'totals\u0000 are sent elsewhere\n',
    'docs/big.md': `${'x'.repeat(1_000_100)}\n`,
  },
};

function scanFixture(rel: string): ScanReport {
  const dir = mkdtempSync(join(tmpdir(), 'skillspector-accuracy-'));
  try {
    cpSync(join(FIXTURES, rel), dir, { recursive: true });
    for (const [path, data] of Object.entries(GENERATED[rel] ?? {})) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), data);
    }
    return scan({ target: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

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
  test(`benign ${name}: no HIGH/CRITICAL ${ids.join('/')} and not DO_NOT_INSTALL`, () => {
    const r = scanFixture(`benign/${name}`);
    assert.deepEqual(strong(r, ids).map((i) => `${i.id} ${i.location.file}:${i.location.start_line}`), []);
    assert.notEqual(r.risk_assessment.recommendation, 'DO_NOT_INSTALL');
  });
}

test('benign compressed-asset: the tarball is binary, raises no analysis-evasion finding, and is never SAFE unread', () => {
  const r = scanFixture('benign/compressed-asset');
  const row = r.inventory.find((x) => x.path === 'scripts/starter.tar.gz');
  assert.equal(row?.content_kind, 'binary');
  // We cannot open gzip/tar: its contents are uninspected, so the scan is partial, never SAFE.
  assert.deepEqual([row?.disposition, row?.reason], ['partial', 'opaque_content']);
  assert.ok(r.analysis_completeness.ledger_exceptions.some((e) => e.path === 'scripts/starter.tar.gz' && e.reason_code === 'opaque_content'));
  assert.equal(r.risk_assessment.recommendation, 'CAUTION');
  assert.deepEqual(r.issues.filter((i) => i.location.file === 'scripts/starter.tar.gz').map((i) => i.id), []);
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
  test(`malicious ${name}: at least ${want.verdict} with ${want.ids.join(', ')}`, () => {
    const r = scanFixture(`malicious/${name}`);
    const got = new Set(r.issues.map((i) => i.id));
    assert.deepEqual(want.ids.filter((id) => !got.has(id)), [], `missing rule ids; got ${[...got].sort().join(',')}`);
    const verdict = r.risk_assessment.recommendation;
    assert.ok((VERDICT_RANK[verdict] ?? -1) >= (VERDICT_RANK[want.verdict] ?? 99), `${name}: ${verdict} (score ${r.risk_assessment.score}) < ${want.verdict}`);
  });
}
