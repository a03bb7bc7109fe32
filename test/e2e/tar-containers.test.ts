// Issue 13, item 1: tar, tar.gz/tgz and gzip containers are opened in memory through the same member
// pipeline and shared budgets as ZIP; hostile ones end partial with a ledger row, never a crash.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import type { ScanReport } from '../../src/report/types.js';
import { makeBundle, scanJson } from '../helpers/bundle.js';
import { buildTar, buildTgz, gzipBomb } from '../helpers/tar-builder.js';
import { BENIGN, MALICIOUS, SKILL, assertNotCompleteSafe, comp, exceptions, inv, issues, letters, zip } from './nested/fixtures.js';

function scanWith(files: Record<string, string | Buffer>): ScanReport {
  return scanJson(makeBundle({ 'SKILL.md': SKILL, ...files }));
}

function paths(r: ScanReport): string[] {
  return r.inventory.map((i) => i.path);
}

function assertInjectionAt(r: ScanReport, path: string): void {
  assert.ok(issues(r, 'P1', path).length > 0, `P1 at ${path}; P1 at: ${issues(r, 'P1').map((i) => i.location.file).join(', ')}; inventory: ${paths(r).join(', ')}`);
}

function reasonCodes(r: ScanReport, path: string): string[] {
  return exceptions(r, { path }).map((e) => e.reason_code).sort();
}

/** The container stage's rows (an unopened gzip also carries the discovery stage's `opaque_content`). */
function archiveCodes(r: ScanReport, path: string): string[] {
  return reasonCodes(r, path).filter((x) => x.startsWith('archive_'));
}

describe('tar.gz skills are read like ZIP skills', () => {
  test('a malicious note in a .tgz is found at its virtual path, with tar provenance', () => {
    const r = scanWith({ 'tools.tgz': buildTgz([{ name: 'docs/', type: '5' }, { name: 'docs/notes.md', data: MALICIOUS }, { name: 'run.sh', data: '#!/bin/sh\necho hi\n', mode: 0o755 }]) });
    assertInjectionAt(r, 'tools.tgz!/docs/notes.md');
    const c = comp(r, 'tools.tgz!/docs/notes.md');
    assert.deepEqual([c.outer_path, c.nested_path, c.container_type, c.container_ancestry, c.container_depth], ['tools.tgz', 'docs/notes.md', 'tar', ['tar'], 1]);
    assert.equal(comp(r, 'tools.tgz!/run.sh').executable, true);
    assert.equal(paths(r).includes('tools.tgz!/docs'), false);
    assert.deepEqual(archiveCodes(r, 'tools.tgz'), []);
  });

  test('twin: the same layout with a plain note has no P1 and no archive row', () => {
    const r = scanWith({ 'tools.tar.gz': buildTgz([{ name: 'docs/notes.md', data: BENIGN }]) });
    assert.equal(inv(r, 'tools.tar.gz!/docs/notes.md').disposition, 'analyzed');
    assert.deepEqual(issues(r, 'P1'), []);
    assert.deepEqual(archiveCodes(r, 'tools.tar.gz'), []);
  });

  test('an uncompressed .tar, PAX paths, GNU long names and ustar prefixes name the members', () => {
    const long = `${'deep/'.repeat(30)}notes.md`;
    const r = scanWith({ 'kit.tar': buildTar([
      { name: 'short', pax: { path: 'pax/notes.md' }, data: MALICIOUS },
      { name: long, longName: true, data: MALICIOUS },
      { name: 'notes.md', prefix: 'pre/fix', data: MALICIOUS },
    ]) });
    assertInjectionAt(r, 'kit.tar!/pax/notes.md');
    assertInjectionAt(r, `kit.tar!/${long}`);
    assertInjectionAt(r, 'kit.tar!/pre/fix/notes.md');
    assert.equal(paths(r).includes('kit.tar!/short'), false);
  });

  test('a plain .gz is a container of one member named after the file', () => {
    const r = scanWith({ 'notes.md.gz': gzipSync(MALICIOUS) });
    assertInjectionAt(r, 'notes.md.gz!/notes.md');
    assert.equal(comp(r, 'notes.md.gz!/notes.md').container_type, 'gzip');
  });
});

describe('hostile tar and gzip streams end partial with a ledger row', () => {
  test('a 1 GB gzip bomb stops at the expanded-bytes cap quickly', () => {
    const bomb = gzipBomb(1024 * 1024 * 1024);
    assert.ok(bomb.length < 2 * 1024 * 1024, `bomb is ${bomb.length} bytes`);
    const started = performance.now();
    const r = scanWith({ 'big.tgz': bomb });
    const elapsed = performance.now() - started;
    const rows = exceptions(r, { path: 'big.tgz', reason_code: 'archive_size_limit' });
    assert.equal(rows.length, 1, reasonCodes(r, 'big.tgz').join(', '));
    assert.equal(rows[0]?.unit, 'bytes');
    assert.equal(inv(r, 'big.tgz').disposition, 'partial');
    assert.ok(elapsed < 10_000, `scan took ${elapsed} ms`);
    assertNotCompleteSafe(r);
  });

  test('a flood of GNU long-name records stops at the header-bytes cap', () => {
    // Records only: each `L` record's name is replaced by the next one; no member count is spent.
    const flood = Array.from({ length: 4_000 }, () => ({ name: '././@LongLink', type: 'L', data: `${'n'.repeat(600)}\0` }));
    const r = scanWith({ 'flood.tar': buildTar([...flood, { name: 'a.md', data: BENIGN }]) });
    assert.deepEqual(archiveCodes(r, 'flood.tar'), ['archive_size_limit']);
    assert.equal(exceptions(r, { path: 'flood.tar', reason_code: 'archive_size_limit' })[0]?.limit, 4 * 1024 * 1024);
    assert.equal(inv(r, 'flood.tar').disposition, 'partial');
    assertNotCompleteSafe(r);
  });

  test('more entries than the member budget is a member-limit row', () => {
    const tar = buildTgz(Array.from({ length: 1_200 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' })));
    const r = scanWith({ 'many.tgz': tar });
    assert.equal(exceptions(r, { path: 'many.tgz', reason_code: 'archive_member_limit' }).length, 1);
    assertNotCompleteSafe(r);
  });

  test('a truncated gzip stream and a truncated tar are archive_truncated', () => {
    const tgz = buildTgz([{ name: 'notes.md', data: letters(20_000) }]);
    const r = scanWith({ 'cut.tgz': tgz.subarray(0, tgz.length - 12), 'cut.tar': buildTar([{ name: 'notes.md', data: Buffer.alloc(2_000, 0x61) }], { truncateAt: 1_200 }) });
    assert.deepEqual(archiveCodes(r, 'cut.tgz'), ['archive_truncated']);
    assert.deepEqual(archiveCodes(r, 'cut.tar'), ['archive_truncated']);
    assert.equal(inv(r, 'cut.tgz').disposition, 'partial');
    assert.equal(inv(r, 'cut.tar').disposition, 'partial');
    assertNotCompleteSafe(r);
  });

  test('a bad header checksum is archive_malformed', () => {
    const r = scanWith({ 'bad.tar': buildTar([{ name: 'notes.md', data: BENIGN }, { name: 'b.md', data: BENIGN, checksum: 1 }]) });
    assert.deepEqual(archiveCodes(r, 'bad.tar'), ['archive_malformed']);
    assertNotCompleteSafe(r);
  });

  test('data after the end-of-archive blocks is reported, and the listed members are still read', () => {
    const hidden = buildTar([{ name: 'hidden.md', data: MALICIOUS }]);
    const r = scanWith({ 'tail.tar': buildTar([{ name: 'notes.md', data: MALICIOUS }], { after: hidden }) });
    assertInjectionAt(r, 'tail.tar!/notes.md');
    assert.deepEqual(archiveCodes(r, 'tail.tar'), ['archive_malformed']);
  });

  test('link and special entries are archive_link_member rows, never followed', () => {
    const r = scanWith({ 'links.tgz': buildTgz([
      { name: 'passwd', type: '2', linkname: '/etc/passwd' },
      { name: 'hard', type: '1', linkname: 'notes.md' },
      { name: 'pipe', type: '6' },
      { name: 'notes.md', data: BENIGN },
    ]) });
    for (const name of ['passwd', 'hard', 'pipe']) {
      assert.equal(inv(r, `links.tgz!/${name}`).disposition, 'failed');
      assert.deepEqual(reasonCodes(r, `links.tgz!/${name}`), ['archive_link_member']);
    }
    assert.match(exceptions(r, { path: 'links.tgz!/passwd' })[0]?.message ?? '', /symbolic link to "\/etc\/passwd"/);
    assert.equal(inv(r, 'links.tgz!/notes.md').disposition, 'analyzed');
    assertNotCompleteSafe(r);
  });

  test('traversal, absolute and drive names are unsafe; a name that only contains dots is not', () => {
    const r = scanWith({ 'evil.tgz': buildTgz([
      { name: '../../.bashrc', data: BENIGN },
      { name: '/etc/cron.d/x', data: BENIGN },
      { name: 'C:/x.md', data: BENIGN },
      { name: 'x', pax: { path: 'a/../../b.md' }, data: BENIGN },
      { name: 'a..b/c.md', data: BENIGN },
    ]) });
    const unsafe = exceptions(r, { path: 'evil.tgz', reason_code: 'archive_unsafe_member_path' }).map((e) => e.member).sort();
    assert.deepEqual(unsafe, ['../../.bashrc', '/etc/cron.d/x', 'C:/x.md', 'a/../../b.md']);
    assert.equal(inv(r, 'evil.tgz!/a..b/c.md').disposition, 'analyzed');
    assert.equal(inv(r, 'evil.tgz').disposition, 'partial');
  });

  test('a .tar.xz, .tar.bz2 and .tar.zst are reported opaque with the format named', () => {
    const xz = Buffer.concat([Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]), Buffer.alloc(64, 7)]);
    const bz2 = Buffer.concat([Buffer.from('BZh9'), Buffer.from([0x31, 0x41, 0x59, 0x26, 0x53, 0x59]), Buffer.alloc(64, 7)]);
    const zst = Buffer.concat([Buffer.from([0x28, 0xb5, 0x2f, 0xfd]), Buffer.alloc(64, 7)]);
    const r = scanWith({ 'kit.tar.xz': xz, 'kit.tar.bz2': bz2, 'kit.tzst': zst });
    for (const [path, format] of [['kit.tar.xz', 'xz'], ['kit.tar.bz2', 'bzip2'], ['kit.tzst', 'Zstandard']] as const) {
      const rows = exceptions(r, { path, reason_code: 'archive_unsupported_compression' });
      assert.equal(rows.length, 1, `${path}: ${reasonCodes(r, path).join(', ')}`);
      assert.match(rows[0]?.message ?? '', new RegExp(format));
      assert.equal(inv(r, path).disposition, 'partial');
    }
    assertNotCompleteSafe(r);
  });

  test('twin: a flood below the cap is read', () => {
    const records = Array.from({ length: 100 }, () => ({ name: '././@LongLink', type: 'L', data: `${'n'.repeat(600)}\0` }));
    const r = scanWith({ 'ok.tar': buildTar([...records, { name: 'a.md', data: MALICIOUS }]) });
    // The last `L` record names the member, as GNU tar reads it.
    assertInjectionAt(r, `ok.tar!/${'n'.repeat(600)}`);
    assert.deepEqual(archiveCodes(r, 'ok.tar'), []);
  });

  test('a .gz or .tgz whose bytes are text is a format mismatch, kept local-only', () => {
    const r = scanWith({ 'notes.gz': 'Just text.\n', 'kit.tgz': 'Also text.\n' });
    for (const path of ['notes.gz', 'kit.tgz']) {
      assert.deepEqual(reasonCodes(r, path), ['archive_format_mismatch']);
      assert.equal(inv(r, path).local_only, true);
    }
  });

  test('twin: text that starts with "BZh" is not taken for bzip2', () => {
    const r = scanWith({ 'notes.txt': 'BZh is a word here.\n' });
    assert.deepEqual(reasonCodes(r, 'notes.txt'), []);
  });
});

describe('nesting across ZIP and tar shares depth and budgets', () => {
  test('a tgz inside a zip and a zip inside a tgz', () => {
    const inner = buildTgz([{ name: 'notes.md', data: MALICIOUS }]);
    const r = scanWith({
      'outer.zip': zip({ 'inner.tgz': inner }),
      'outer.tgz': buildTgz([{ name: 'inner.zip', data: zip({ 'notes.md': MALICIOUS }) }]),
    });
    assertInjectionAt(r, 'outer.zip!/inner.tgz!/notes.md');
    assertInjectionAt(r, 'outer.tgz!/inner.zip!/notes.md');
    assert.deepEqual(comp(r, 'outer.zip!/inner.tgz!/notes.md').container_ancestry, ['zip', 'tar']);
    assert.deepEqual(comp(r, 'outer.tgz!/inner.zip!/notes.md').container_ancestry, ['tar', 'zip']);
  });

  test('depth 4 across formats is refused at the depth limit', () => {
    const d4 = buildTgz([{ name: 'notes.md', data: MALICIOUS }]);
    const d3 = zip({ 'd4.tgz': d4 });
    const d2 = buildTgz([{ name: 'd3.zip', data: d3 }]);
    const r = scanWith({ 'd1.zip': zip({ 'd2.tgz': d2 }) });
    assert.deepEqual(archiveCodes(r, 'd1.zip!/d2.tgz!/d3.zip!/d4.tgz'), ['archive_depth_limit']);
    assert.equal(paths(r).includes('d1.zip!/d2.tgz!/d3.zip!/d4.tgz!/notes.md'), false);
    assertNotCompleteSafe(r);
  });
});

describe('a .tgz named as the scan target is the bundle, like a ZIP target', () => {
  test('its members form the bundle root; an honest one ends complete, a malicious one is found', () => {
    const dir = makeBundle({
      'good.tgz': buildTgz([{ name: 'SKILL.md', data: SKILL }, { name: 'notes.md', data: BENIGN }]),
      'bad.tar': buildTar([{ name: 'SKILL.md', data: SKILL }, { name: 'notes.md', data: MALICIOUS }]),
    });
    const good = scanJson(`${dir}/good.tgz`);
    assert.equal(good.metadata.target_kind, 'archive');
    assert.deepEqual(paths(good).sort(), ['SKILL.md', 'notes.md']);
    assert.equal(good.analysis_completeness.status, 'complete');
    assert.equal(good.risk_assessment.recommendation, 'SAFE');
    const bad = scanJson(`${dir}/bad.tar`);
    assert.equal(bad.metadata.target_kind, 'archive');
    assertInjectionAt(bad, 'notes.md');
  });
});
