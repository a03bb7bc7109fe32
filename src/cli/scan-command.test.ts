// `scan --online` walks and reads the target once: the CLI prepares the scan, looks the prepared views'
// pinned dependencies up in OSV, then finishes the same prepared scan. Its report is the one the former
// two-walk path (a collector scan for the views, then a second full scan) produced.
import assert from 'node:assert/strict';
import fs, { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { collectPinnedDependencies, queryOsv } from '../advisories/osv.js';
import { finishScan, prepareScan, scan } from '../engine/scan.js';
import type { FileView } from '../model/bundle.js';
import type { ScanReport } from '../report/types.js';
import { defineRule } from '../rules/types.js';
import { openAiReply, startFakeLlm } from '../../test/helpers/fake-llm.js';
import { startOsvMock } from '../../test/helpers/osv-mock.js';
import type { MockMode, MockVuln, OsvMock } from '../../test/helpers/osv-mock.js';
import { writeTree } from '../../test/helpers/tree.js';
import { runScan } from './scan-command.js';
import type { ScanCliOptions } from './scan-command.js';

const SKILL = '---\nname: pinned-deps\ndescription: Turns timestamps into calendar strings.\n---\n# Pinned deps\n\nRun scripts/fmt.py.\n';
const VULN: MockVuln = { id: 'GHSA-aaaa-bbbb-cccc', aliases: ['CVE-2099-4242'], summary: 'Code execution in obscure-lib', database_specific: { severity: 'CRITICAL' } };

function bundle(): string {
  return writeTree({
    'SKILL.md': SKILL,
    'requirements.txt': 'obscure-lib==1.2.3\nclick==8.1.7\n',
    'scripts/fmt.py': 'import click\n\ndef fmt(ts):\n    return ts.isoformat()\n',
  });
}

const mocks: OsvMock[] = [];
const savedUrl = process.env.SKILLSPECTOR_OSV_URL;
const outDir = mkdtempSync(join(tmpdir(), 'skillspector-scan-command-'));
before(() => {
  delete process.env.SKILLSPECTOR_OSV_URL;
});
after(async () => {
  await Promise.all(mocks.map((m) => m.close()));
  if (savedUrl === undefined) delete process.env.SKILLSPECTOR_OSV_URL;
  else process.env.SKILLSPECTOR_OSV_URL = savedUrl;
  rmSync(outDir, { recursive: true, force: true });
});

async function mock(mode: MockMode = 'ok'): Promise<OsvMock> {
  const m = await startOsvMock({ 'PyPI:obscure-lib@1.2.3': [VULN] }, mode);
  mocks.push(m);
  return m;
}

/** These tests are about OSV: no LLM provider, whatever the developer's shell holds. */
const NO_PROVIDER = {};

function cliOptions(online: boolean): ScanCliOptions {
  return { format: 'json', output: join(outDir, 'report.json'), report: [], exclude: [], color: false, quiet: true, online };
}

/**
 * The path a walk's access stands for: discovery opens children relative to an opened directory,
 * through `/proc/self/fd/<fd>/<name>` on Linux (src/discovery/dirfd.ts), with raw byte names.
 */
function realTarget(p: fs.PathLike): string {
  const s = Buffer.isBuffer(p) ? p.toString('utf8') : String(p);
  const m = /^\/proc\/self\/fd\/(\d+)(?:\/(.*))?$/.exec(s);
  if (!m) return resolve(s);
  return resolve(join(fs.readlinkSync(`/proc/self/fd/${m[1]}`), m[2] ?? ''));
}

interface Reads {
  /** Directory listings of the target root. */
  rootListings: number;
  /** File opens under the target, by absolute path. */
  opens: Map<string, number>;
}

/** Counts directory listings and file opens under `root` while `fn` runs (ESM imports of node:fs included). */
async function countReads<T>(root: string, fn: () => Promise<T> | T): Promise<{ value: T; reads: Reads }> {
  const reads: Reads = { rootListings: 0, opens: new Map() };
  const { readdirSync, openSync } = fs;
  fs.readdirSync = ((p: fs.PathLike, ...rest: unknown[]) => {
    if (realTarget(p) === root) reads.rootListings += 1;
    return (readdirSync as (...a: unknown[]) => unknown)(p, ...rest);
  }) as typeof fs.readdirSync;
  fs.openSync = ((p: fs.PathLike, ...rest: unknown[]) => {
    const abs = realTarget(p);
    if (abs.startsWith(`${root}/`)) reads.opens.set(abs, (reads.opens.get(abs) ?? 0) + 1);
    return (openSync as (...a: unknown[]) => number)(p, ...rest);
  }) as typeof fs.openSync;
  syncBuiltinESMExports();
  try {
    return { value: await fn(), reads };
  } finally {
    fs.readdirSync = readdirSync;
    fs.openSync = openSync;
    syncBuiltinESMExports();
  }
}

/** The former `--online` path: a whole scan with a collector rule for the views, OSV, then a second scan. */
async function twoWalkReport(target: string): Promise<ScanReport> {
  let files: readonly FileView[] = [];
  const collector = defineRule({
    kind: 'bundle',
    meta: {
      id: 'OSV-PREFETCH', category: 'Supply Chain', severity: 'LOW', confidence: 0, title: 'Dependency collection',
      description: 'Captures the file views.', remediation: 'n/a',
    },
    check(_bundle, views) {
      files = views;
      return [];
    },
  });
  scan({ target, rules: [collector] });
  const online = await queryOsv(collectPinnedDependencies(files));
  return scan({ target, onlineAdvisories: online.advisories, osvErrors: online.errors });
}

/** A report without the fields that differ between two runs of the same scan. */
function stable(r: ScanReport): unknown {
  return { ...r, skill: { ...r.skill, scanned_at: '' }, metadata: { ...r.metadata, duration_ms: 0 } };
}

describe('scan --online', () => {
  it('the read counter sees every walk (two scans list the root twice)', async () => {
    const target = bundle();
    const { reads } = await countReads(target, () => {
      scan({ target });
      scan({ target });
    });
    assert.equal(reads.rootListings, 2);
    assert.equal(reads.opens.get(join(target, 'requirements.txt')), 2);
  });

  it('walks the target once and reads each file once', async () => {
    const m = await mock();
    process.env.SKILLSPECTOR_OSV_URL = m.url;
    const target = bundle();
    const { value, reads } = await countReads(target, () => runScan(target, cliOptions(true), false, NO_PROVIDER));
    assert.equal(reads.rootListings, 1);
    for (const f of ['SKILL.md', 'requirements.txt', 'scripts/fmt.py']) assert.equal(reads.opens.get(join(target, f)), 1, f);
    assert.deepEqual(m.queries.map((q) => [q.package.name, q.version]), [['obscure-lib', '1.2.3'], ['click', '8.1.7']]);
    assert.ok(value.report.issues.some((i) => i.id === 'SC4'));
    assert.deepEqual(JSON.parse(readFileSync(join(outDir, 'report.json'), 'utf8')), JSON.parse(JSON.stringify(value.report)));
  });

  for (const mode of ['ok', 'malformed'] as const) {
    it(`reports exactly what the former two-walk path reported (OSV ${mode})`, async () => {
      const m = await mock(mode);
      process.env.SKILLSPECTOR_OSV_URL = m.url;
      const target = bundle();
      const { report } = await runScan(target, cliOptions(true), false, NO_PROVIDER);
      const before = await twoWalkReport(target);
      assert.deepEqual(stable(report), stable(before));
      if (mode === 'ok') {
        assert.deepEqual(report.metadata.advisory_sources, ['bundled-snapshot', 'osv-live']);
        assert.ok(report.issues.some((i) => i.id === 'SC4' && (i.evidence as { sources?: string[] }).sources?.includes('osv-live')));
      } else {
        assert.ok(report.analysis_completeness.limitations.some((l) => l.startsWith('Live OSV lookup failed:')));
      }
    });
  }

  it('without --online the report equals a plain scan and nothing is requested', async () => {
    const m = await mock();
    process.env.SKILLSPECTOR_OSV_URL = m.url;
    const target = bundle();
    const { report } = await runScan(target, cliOptions(false), false, NO_PROVIDER);
    assert.deepEqual(stable(report), stable(scan({ target })));
    assert.equal(m.requests.length, 0);
  });
});

describe('scan with LLM analysis', () => {
  it('walks the target once and reads each file once: the provider gets the views already read', async () => {
    const fake = await startFakeLlm();
    try {
      fake.respondWith(() => openAiReply({ findings: [], verdicts: [] }));
      const env = { SKILLSPECTOR_PROVIDER: 'openai_compatible', SKILLSPECTOR_MODEL: 'local', SKILLSPECTOR_BASE_URL: `${fake.url}/v1` };
      const target = bundle();
      const { value, reads } = await countReads(target, () => runScan(target, cliOptions(false), false, env));
      assert.equal(value.report.metadata.scan_mode, 'static+llm');
      assert.ok(fake.requests.length >= 1);
      assert.equal(reads.rootListings, 1);
      for (const f of ['SKILL.md', 'requirements.txt', 'scripts/fmt.py']) assert.equal(reads.opens.get(join(target, f)), 1, f);
    } finally {
      await fake.close();
    }
  });
});

describe('prepareScan / finishScan', () => {
  it('equal scan() when run back to back', () => {
    const target = bundle();
    const now = () => new Date('2025-01-01T00:00:00.000Z');
    assert.deepEqual(stable(finishScan(prepareScan({ target, now })).report), stable(scan({ target, now })));
  });

  it('the wait between the steps is not charged to the scan deadline', () => {
    const target = bundle();
    let t = 0;
    const prepared = prepareScan({ target, clock: () => t, limits: { scanDeadlineMs: 1_000 } });
    t += 10 * 60_000; // a slow network lookup
    const { report } = finishScan(prepared);
    assert.deepEqual(report.analysis_completeness.ledger_exceptions.filter((e) => e.reason_code === 'runtime_limit'), []);
    assert.equal(report.analysis_completeness.status, 'complete');
    // The same clock without the pause would have expired: the deadline is real.
    let u = 0;
    const expired = scan({ target, clock: () => (u += 600), limits: { scanDeadlineMs: 1_000 } });
    assert.ok(expired.analysis_completeness.ledger_exceptions.some((e) => e.reason_code === 'runtime_limit'));
  });

  it('a prepared scan finishes once', () => {
    const prepared = prepareScan({ target: bundle() });
    finishScan(prepared);
    assert.throws(() => finishScan(prepared), /already finished/);
  });
});
