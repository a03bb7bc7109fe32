// Hostile archives through the whole engine. Each must produce a report (never throw), end with a
// partial or failed record carrying the exact reason codes, and never claim a complete/SAFE result.
// No timing assertions: the bench measures time; here the budgets themselves are checked.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LIMITS } from '../../../src/limits/index.js';
import type { ScanReport } from '../../../src/report/types.js';
import { makeBundle, scanJson, symlink } from '../../helpers/bundle.js';
import { applyMutations, buildZip, seedArchives } from '../../helpers/zip-builder.js';
import type { ZipBuildEntry, ZipMutation } from '../../helpers/zip-builder.js';
import { deflateRawSync } from 'node:zlib';
import { SHEBANG, SKILL, assertNotCompleteSafe, compressible, exceptions, inv, reasonsAt, zip } from './fixtures.js';

// The container stage is under test here, not the rules: scanning megabytes of expanded text with
// the whole catalogue would only slow the suite down, so these scans run no rules.
const NO_RULES = { rules: [] } as const;

function scanArchive(name: string, bytes: Buffer): ScanReport {
  return scanJson(makeBundle({ 'SKILL.md': SKILL, [name]: bytes }), NO_RULES);
}

function reasonCounts(r: ScanReport): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of r.analysis_completeness.ledger_exceptions) out[e.reason_code] = (out[e.reason_code] ?? 0) + 1;
  return out;
}

/** Members actually read (analyzed or partial with text/binary content), and the bytes they hold. */
function expanded(r: ScanReport): { members: number; bytes: number } {
  const rows = r.inventory.filter((i) => i.outer_path !== undefined && i.content_kind !== 'opaque');
  return { members: rows.length, bytes: rows.reduce((s, i) => s + i.size_bytes, 0) };
}

function assertWithinBudgets(r: ScanReport): void {
  const { members, bytes } = expanded(r);
  assert.ok(members <= LIMITS.archiveMaxMembers, `members ${members}`);
  assert.ok(bytes <= LIMITS.archiveMaxExpandedBytes, `bytes ${bytes}`);
  assert.ok(r.inventory.filter((i) => i.outer_path !== undefined).length <= LIMITS.archiveMaxMembers);
  for (const row of r.inventory) if (row.outer_path !== undefined) assert.ok((row.container_depth ?? 0) <= LIMITS.archiveMaxDepth);
}

describe('forged end records', () => {
  test('a declared count far above the member budget is refused before any entry object', () => {
    const r = scanArchive('f.zip', buildZip([{ name: 'a.txt', data: 'a' }], { forgeTotalEntries: 65_000 }));
    const e = exceptions(r, { path: 'f.zip' });
    assert.deepEqual(e.map((x) => [x.reason_code, x.observed, x.limit, x.unit]), [['archive_member_limit', 65_000, 1_000, 'members']]);
    assert.equal(r.inventory.some((i) => i.path.startsWith('f.zip!/')), false);
    assertNotCompleteSafe(r);
  });

  test('a declared count below the real one is malformed (count mismatch)', () => {
    const r = scanArchive('f.zip', buildZip([{ name: 'a.txt', data: 'a' }, { name: 'b.txt', data: 'b' }, { name: 'c.txt', data: 'c' }], { forgeTotalEntries: 1 }));
    assert.deepEqual(reasonsAt(r, 'f.zip'), ['archive_malformed']);
    assert.equal(inv(r, 'f.zip').disposition, 'failed');
    assertNotCompleteSafe(r);
  });

  for (const [label, opts] of [
    ['per-disk count differs from the total', { forgeDiskEntries: 2 }],
    ['central directory larger than the data', { forgeCdSize: 1_000_000 }],
    ['central directory offset past the data', { forgeCdOffset: 5_000_000 }],
    ['multi-disk archive', { diskNumber: 1 }],
    ['EOCD comment length that does not end at the data', { commentLengthOverride: 40 }],
  ] as const) {
    test(`${label} is archive_malformed`, () => {
      const r = scanArchive('f.zip', buildZip([{ name: 'a.txt', data: 'a' }], opts));
      assert.deepEqual(reasonsAt(r, 'f.zip'), ['archive_malformed']);
      assertNotCompleteSafe(r);
    });
  }

  test('ZIP64 forgeries: a 2^40 entry count is a member-limit refusal; bad locators and records are malformed', () => {
    const entries: ZipBuildEntry[] = [{ name: 'a.txt', data: 'a', zip64: true }];
    const huge = scanArchive('z.zip', buildZip(entries, { zip64Eocd: true, forgeTotalEntries: 2 ** 40 }));
    assert.deepEqual(exceptions(huge, { path: 'z.zip' }).map((e) => [e.reason_code, e.observed, e.limit]), [['archive_member_limit', 2 ** 40, 1_000]]);
    for (const zip64Fields of [{ recordOffset: 10_000_000 }, { totalDisks: 2 }, { recordSize: 10 }]) {
      const r = scanArchive('z.zip', buildZip(entries, { zip64Eocd: true, zip64Fields }));
      assert.deepEqual(reasonsAt(r, 'z.zip'), ['archive_malformed'], JSON.stringify(zip64Fields));
      assertNotCompleteSafe(r);
    }
    const saturated = scanArchive('z.zip', buildZip([{ name: 'a.txt', data: 'a' }], { eocdFields: { totalEntries: 0xffff, diskEntries: 0xffff } }));
    assert.deepEqual(reasonsAt(saturated, 'z.zip'), ['archive_malformed'], 'saturated classic fields need a ZIP64 locator');
  });
});

describe('bombs', () => {
  test('a high-ratio member (50 MB of zeros) is refused from its declared sizes', () => {
    const r = scanArchive('bomb.zip', buildZip([{ name: 'zeros.bin', data: Buffer.alloc(50_000_000), method: 8 }]));
    const e = exceptions(r, { path: 'bomb.zip!/zeros.bin' });
    assert.equal(e.length, 1);
    assert.equal(e[0]?.reason_code, 'archive_compression_ratio');
    assert.equal(e[0]?.limit, 100);
    assert.ok((e[0]?.observed ?? 0) > 1_000);
    assert.equal(inv(r, 'bomb.zip!/zeros.bin').content_kind, 'opaque');
    assertNotCompleteSafe(r);
  });

  test('a bomb that lies about its size is stopped while inflating', () => {
    const data = Buffer.alloc(50_000_000);
    const lying = scanArchive('bomb.zip', buildZip([{ name: 'zeros.bin', data, method: 8, declaredSize: 1_000 }]));
    assert.deepEqual(reasonsAt(lying, 'bomb.zip!/zeros.bin'), ['archive_truncated']);
    assertNotCompleteSafe(lying);
    // Declared under every per-member limit, really 50 MB: inflating stops at the declared size.
    const plausible = scanArchive('bomb.zip', buildZip([{ name: 'zeros.bin', data, method: 8, declaredSize: 900_000 }]));
    assert.deepEqual(reasonsAt(plausible, 'bomb.zip!/zeros.bin'), ['archive_truncated']);
    assert.equal(inv(plausible, 'bomb.zip!/zeros.bin').content_kind, 'opaque');
    assertWithinBudgets(plausible);
  });

  test('overlapping entries: many central headers on one local record never multiply the work', () => {
    // One record of about 0.99 MB at a ratio under 100:1, then 999 central headers pointing at it.
    const data = compressible(990_000);
    const ratio = data.length / deflateRawSync(data).length;
    assert.ok(ratio > 20 && ratio < 100, `fixture ratio ${ratio}`);
    const entries: ZipBuildEntry[] = [{ name: 'core.txt', data, method: 8 }];
    for (let i = 1; i < 1_000; i += 1) entries.push({ name: `copy${i}.txt`, sameDataAs: 0 });
    const r = scanArchive('overlap.zip', buildZip(entries));
    const counts = reasonCounts(r);
    assert.deepEqual(Object.keys(counts).sort(), ['archive_malformed', 'archive_truncated']);
    assert.equal(counts.archive_truncated, 999, 'every impostor header is refused before inflating');
    // The overlap itself is reported once on the archive (issue 9, item 7).
    assert.equal(counts.archive_malformed, 1);
    assert.equal(expanded(r).members, 1);
    assert.ok(expanded(r).bytes <= 990_000);
    assertWithinBudgets(r);
    assertNotCompleteSafe(r);
    // Same name on every header: duplicates, first copy kept.
    const same = scanArchive('overlap.zip', buildZip([entries[0] as ZipBuildEntry, ...Array.from({ length: 50 }, () => ({ name: 'core.txt', sameDataAs: 0 }))]));
    assert.deepEqual(reasonCounts(same), { archive_ambiguous_member_path: 50, archive_malformed: 1 });
    assert.equal(expanded(same).members, 1);
  });

  test('42.zip-style fan-out stops at depth 3 and at the shared member budget', () => {
    let level = buildZip([{ name: 'bomb.bin', data: Buffer.alloc(990_000), method: 8 }]);
    for (let i = 0; i < 5; i += 1) level = buildZip(Array.from({ length: 16 }, (_, j) => ({ name: `l${i}_${j}.zip`, data: level, method: 8 })));
    const r = scanArchive('42.zip', level);
    const counts = reasonCounts(r);
    assert.deepEqual(Object.keys(counts).sort(), ['archive_depth_limit', 'archive_member_limit']);
    assert.equal(counts.archive_member_limit, 1, 'the member budget halts everything once');
    for (const e of exceptions(r, { reason_code: 'archive_depth_limit' })) assert.deepEqual([e.observed, e.limit], [4, 3]);
    assertWithinBudgets(r);
    assertNotCompleteSafe(r);
  });

  test('fan-out of real content is bounded by the expanded-byte budget', () => {
    const inner = buildZip([{ name: 'x.txt', data: compressible(900_000), method: 8 }]);
    const r = scanArchive('fan.zip', buildZip(Array.from({ length: 40 }, (_, j) => ({ name: `c${j}.zip`, data: inner }))));
    assert.ok((reasonCounts(r).archive_size_limit ?? 0) >= 1);
    assertWithinBudgets(r);
    assertNotCompleteSafe(r);
  });

  test('a self-nesting chain (40 levels) ends at depth 3', () => {
    let z = zip({ 'end.txt': 'end' });
    for (let i = 0; i < 40; i += 1) z = zip({ 'self.zip': z });
    const r = scanArchive('self.zip', z);
    assert.deepEqual(exceptions(r).map((e) => [e.reason_code, e.path, e.observed, e.limit]), [
      ['archive_depth_limit', 'self.zip!/self.zip!/self.zip!/self.zip', 4, 3],
    ]);
    assertNotCompleteSafe(r);
  });

  test('1,200 members: archive_member_limit before any member is read', () => {
    const r = scanArchive('many.zip', buildZip(Array.from({ length: 1_200 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' }))));
    assert.deepEqual(exceptions(r).map((e) => [e.reason_code, e.path, e.observed, e.limit]), [['archive_member_limit', 'many.zip', 1_200, 1_000]]);
    assert.equal(r.inventory.some((i) => i.path.startsWith('many.zip!/')), false);
    assertNotCompleteSafe(r);
  });

  test('the member budget spans archives: 600 + 600 members stop in the second archive', () => {
    const many = (n: number): Buffer => buildZip(Array.from({ length: n }, (_, i) => ({ name: `f${i}.txt`, data: 'x' })));
    const r = scanJson(makeBundle({ 'SKILL.md': SKILL, 'a.zip': many(600), 'b.zip': many(600) }), NO_RULES);
    assert.equal(r.inventory.filter((i) => i.outer_path === 'a.zip').length, 600);
    assert.equal(r.inventory.filter((i) => i.outer_path === 'b.zip').length, 0);
    assert.deepEqual(exceptions(r).map((e) => [e.reason_code, e.path, e.observed, e.limit]), [['archive_member_limit', 'b.zip', 1_200, 1_000]]);
  });
});

describe('links, encryption, names, truncation', () => {
  test('link members and disk symlinks are never followed', () => {
    const dir = makeBundle({
      'SKILL.md': SKILL,
      'links.zip': buildZip([{ name: 'passwd', data: '/etc/passwd', mode: 0o120777 }, { name: 'up', data: '../../', mode: 0o120755 }]),
      'outside.zip': symlink('/etc/hostname'),
    });
    const r = scanJson(dir, NO_RULES);
    for (const p of ['links.zip!/passwd', 'links.zip!/up']) {
      const row = inv(r, p);
      assert.deepEqual([row.disposition, row.content_kind, row.reason], ['failed', 'opaque', 'archive_link_member']);
    }
    assert.equal(inv(r, 'outside.zip').disposition, 'out_of_scope');
    assert.equal(inv(r, 'outside.zip').reason, 'not_regular_file');
    assertNotCompleteSafe(r);
  });

  test('every encryption marker is archive_encrypted and never read', () => {
    const r = scanArchive('enc.zip', buildZip([
      { name: 'traditional.txt', data: 'x', encrypted: true },
      { name: 'strong.txt', data: 'x', strongEncryption: true },
      { name: 'aes.txt', data: 'x', method: 99 },
      { name: 'local-only-flag.txt', data: 'x', localFlags: 0x1 },
    ]));
    for (const name of ['traditional.txt', 'strong.txt', 'aes.txt', 'local-only-flag.txt']) {
      assert.deepEqual(reasonsAt(r, `enc.zip!/${name}`), ['archive_encrypted'], name);
      assert.equal(inv(r, `enc.zip!/${name}`).disposition, 'failed');
    }
    assertNotCompleteSafe(r);
  });

  test('traversal and otherwise unsafe names are refused on the container', () => {
    const names = ['../../etc/passwd', '..\\..\\win.ini', 'a/../../b', 'a//b', './x', 'x/.', 'nul\0byte', '//server/share', 'D:relative', 'dir!/x'];
    const r = scanArchive('names.zip', buildZip(names.map((name) => ({ name, data: SHEBANG }))));
    const members = exceptions(r, { path: 'names.zip', reason_code: 'archive_unsafe_member_path' }).map((e) => e.member).sort();
    assert.deepEqual(members, [...names].sort());
    assert.equal(r.inventory.filter((i) => i.path.startsWith('names.zip!/')).length, 0);
    assertNotCompleteSafe(r);
  });

  test('truncated data: a cut outer archive is malformed; a member whose data runs past the end is truncated', () => {
    const whole = buildZip([{ name: 'a.txt', data: 'a'.repeat(500), method: 8 }, { name: 'b.txt', data: 'b' }]);
    const cut = scanArchive('cut.zip', whole.subarray(0, Math.floor(whole.length / 2)));
    assert.deepEqual(reasonsAt(cut, 'cut.zip'), ['archive_malformed']);
    assertNotCompleteSafe(cut);
    const past = scanArchive('past.zip', buildZip([{ name: 'a.txt', data: 'abc', compressedSizeOverride: 100_000, declaredSize: 100_000 }]));
    assert.deepEqual(reasonsAt(past, 'past.zip!/a.txt'), ['archive_truncated']);
    const crc = scanArchive('crc.zip', buildZip([{ name: 'a.txt', data: 'abc', crc: 0x1234 }]));
    assert.deepEqual(reasonsAt(crc, 'crc.zip!/a.txt'), ['archive_truncated']);
    assertNotCompleteSafe(crc);
  });

  test('mutated archives always yield a report (deterministic mini-fuzz through the engine)', () => {
    let seed = 0x5eed;
    const rand = (n: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      return seed % n;
    };
    const seeds = seedArchives();
    const files: Record<string, Buffer> = { 'SKILL.md': Buffer.from(SKILL) };
    for (let i = 0; i < 60; i += 1) {
      const base = seeds[rand(seeds.length)] ?? Buffer.alloc(0);
      const mutations: ZipMutation[] = Array.from({ length: 1 + rand(3) }, (): ZipMutation => {
        const k = rand(3);
        if (k === 0) return { kind: 'flip', at: rand(1 << 20), bit: rand(8) };
        if (k === 1) return { kind: 'truncate', at: rand(1 << 20) };
        return { kind: 'forge', signature: rand(8), offset: 4 + rand(40), width: [2, 4, 8][rand(3)] as 2 | 4 | 8, value: rand(2) === 0 ? 0xffffffff : rand(1 << 16) };
      });
      files[`m${String(i).padStart(2, '0')}.zip`] = applyMutations(base, mutations);
    }
    const r = scanJson(makeBundle(files), NO_RULES);
    assert.equal(typeof r.analysis_completeness.status, 'string');
    assertWithinBudgets(r);
    assertNotCompleteSafe(r);
  });
});
