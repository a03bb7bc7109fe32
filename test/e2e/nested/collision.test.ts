// Seed 001: disk paths under a directory whose name ends in `!` versus archive virtual paths.
// Every scenario of the review (findings 1–8 and their "expected fix" lists), end to end.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cliExitCode, makeBundle, runCli, runCliJson, scanJson } from '../../helpers/bundle.js';
import { buildZip } from '../../helpers/zip-builder.js';
import {
  BENIGN, MALICIOUS, SKILL, assertNoArchiveFields, assertNotCompleteSafe, comp, exceptions, inv, issues, reasonsAt, zip,
} from './fixtures.js';

describe('finding 1: a directory ending in "!" with no colliding member stays ordinary', () => {
  test('tools!/run.sh (executable, no archive) is analyzed, complete, SAFE, exit 0, no SC9', () => {
    const dir = makeBundle({ 'SKILL.md': SKILL, 'tools!/run.sh': { data: '#!/bin/bash\necho hello\n', mode: 0o755 } });
    const r = scanJson(dir);
    assert.equal(r.analysis_completeness.status, 'complete');
    assert.equal(r.execution_successful, true);
    assert.equal(r.risk_assessment.recommendation, 'SAFE');
    assert.equal(r.risk_assessment.score, 0);
    assert.equal(r.analysis_completeness.entirely_uninspected_files, 0);
    assert.deepEqual(issues(r, 'SC9'), []);
    assert.deepEqual(r.analysis_completeness.ledger_exceptions, []);
    const row = inv(r, 'tools!/run.sh');
    assert.equal(row.disposition, 'analyzed');
    assertNoArchiveFields(row, 'tools!/run.sh inventory row');
    const c = comp(r, 'tools!/run.sh');
    assert.equal(c.executable, true);
    assert.equal(c.type, 'shell');
    assertNoArchiveFields(c, 'tools!/run.sh component');
    const cli = runCliJson([dir]);
    assert.equal(cli.code, 0, cli.stderr);
    assert.equal(cli.report.analysis_completeness.status, 'complete');
    assert.equal(cli.report.risk_assessment.recommendation, 'SAFE');
    assert.deepEqual(issues(cli.report, 'SC9'), []);
  });

  test('Notes!/readme.txt with no archive is complete, SAFE, exit 0', () => {
    const dir = makeBundle({ 'SKILL.md': SKILL, 'Notes!/readme.txt': 'Read me first.\n' });
    const r = scanJson(dir);
    assert.equal(cliExitCode(r), 0);
    assert.equal(cliExitCode(r, { failOnIncomplete: true }), 0);
    assert.equal(r.analysis_completeness.status, 'complete');
    assert.equal(r.execution_successful, true);
    assert.equal(r.risk_assessment.recommendation, 'SAFE');
    assert.equal(inv(r, 'Notes!/readme.txt').disposition, 'analyzed');
  });

  test("--exclude 'Notes!/*' stays a non-fatal user exclusion, exit 0", () => {
    const dir = makeBundle({ 'SKILL.md': SKILL, 'Notes!/readme.txt': 'Read me first.\n' });
    const cli = runCliJson([dir, '--exclude', 'Notes!/*']);
    assert.equal(cli.code, 0, cli.stderr);
    const c = cli.report.analysis_completeness;
    assert.equal(c.execution_successful, true);
    assert.equal(c.status, 'complete');
    assert.deepEqual(c.ledger_exceptions, []);
    assert.deepEqual(c.scope_exclusions.map((s) => [s.reason_code, s.path]), [['user_exclusion', 'Notes!/readme.txt']]);
    const row = inv(cli.report, 'Notes!/readme.txt');
    assert.equal(row.disposition, 'out_of_scope');
    assert.equal(row.reason, 'user_exclusion');
  });

  test("--exclude 'bundle.zip!/*' over a would-be collision stays a non-fatal exclusion of both sides", () => {
    const dir = makeBundle({ 'SKILL.md': SKILL, 'bundle.zip': zip({ 'payload.txt': MALICIOUS }), 'bundle.zip!/payload.txt': BENIGN });
    const r = scanJson(dir, { excludes: ['bundle.zip!/*'] });
    assert.equal(r.execution_successful, true);
    assert.equal(cliExitCode(r), 0);
    assert.deepEqual(r.analysis_completeness.ledger_exceptions, []);
    const row = inv(r, 'bundle.zip!/payload.txt');
    assert.deepEqual([row.disposition, row.reason, row.size_bytes], ['out_of_scope', 'user_exclusion', 0]);
    assertNoArchiveFields(row, 'the excluded disk row is not overwritten by the member');
  });

  test('node_modules/pkg/wow!/a.txt is out of scope and never read: complete, SAFE', () => {
    const dir = makeBundle({ 'SKILL.md': SKILL, 'node_modules/pkg/wow!/a.txt': MALICIOUS });
    const r = scanJson(dir);
    assert.equal(r.analysis_completeness.status, 'complete');
    assert.equal(r.risk_assessment.recommendation, 'SAFE');
    // One out-of-scope row for the folder itself (issue 9 item 2); nothing inside it is read.
    assert.deepEqual(r.inventory.filter((i) => i.path.startsWith('node_modules/')).map((i) => [i.path, i.disposition, i.reason]), [['node_modules/', 'out_of_scope', 'excluded_directory']]);
    assert.deepEqual(r.analysis_completeness.scope_exclusions.map((s) => [s.reason_code, s.path]), [['excluded_directory', 'node_modules/']]);
  });

  test('bundle.zip with member other.txt next to disk bundle.zip!/payload.txt: no shared key, complete, exit 0', () => {
    const dir = makeBundle({ 'SKILL.md': SKILL, 'bundle.zip': zip({ 'other.txt': 'Other note.\n' }), 'bundle.zip!/payload.txt': BENIGN });
    const r = scanJson(dir);
    assert.equal(cliExitCode(r, { failOnIncomplete: true }), 0);
    assert.equal(r.analysis_completeness.status, 'complete');
    assert.deepEqual(r.analysis_completeness.ledger_exceptions, []);
    assert.equal(inv(r, 'bundle.zip!/payload.txt').disposition, 'analyzed');
    assertNoArchiveFields(comp(r, 'bundle.zip!/payload.txt'), 'disk file under bundle.zip!/');
    assert.equal(comp(r, 'bundle.zip!/other.txt').outer_path, 'bundle.zip');
  });

  test('a real ZIP inside a "!" directory is never flagged against itself', () => {
    const dir = makeBundle({ 'SKILL.md': SKILL, 'pkg!/bundle.zip': zip({ 'x.txt': 'Hello.\n' }) });
    const r = scanJson(dir);
    assert.equal(r.analysis_completeness.status, 'complete');
    assert.equal(inv(r, 'pkg!/bundle.zip').disposition, 'analyzed');
    const member = comp(r, 'pkg!/bundle.zip!/x.txt');
    assert.equal(member.outer_path, 'pkg!/bundle.zip');
    assert.equal(member.nested_path, 'x.txt');
  });
});

for (const archive of ['bundle.zip', '.bundle.zip']) {
  const path = `${archive}!/payload.txt`;
  describe(`a real collision at ${path}`, () => {
    test('malicious disk file + benign member: disk bytes kept, P1 on the disk path, fatal collision, exit 2', () => {
      const dir = makeBundle({ 'SKILL.md': SKILL, [archive]: buildZip([{ name: 'payload.txt', data: BENIGN, method: 8 }]), [path]: MALICIOUS });
      const r = scanJson(dir);
      const row = inv(r, path);
      assert.equal(row.disposition, 'failed');
      assert.equal(row.reason, 'artifact_path_collision');
      assert.equal(row.size_bytes, Buffer.byteLength(MALICIOUS), 'the disk bytes are the ones kept');
      assertNoArchiveFields(row, 'colliding disk row');
      const c = comp(r, path);
      assert.equal(c.size_bytes, Buffer.byteLength(MALICIOUS));
      assert.equal(c.lines, 1);
      assertNoArchiveFields(c, 'colliding disk component');
      assert.equal(issues(r, 'P1', path).length, 1, 'the disk file keeps its P1 finding');
      assert.deepEqual(reasonsAt(r, path), ['artifact_path_collision']);
      const collision = exceptions(r, { path, reason_code: 'artifact_path_collision' })[0];
      assert.equal(collision?.fatal, true);
      assert.equal(collision?.outcome, 'failed');
      const withheld = exceptions(r, { path: archive, reason_code: 'archive_member_withheld' });
      assert.deepEqual(withheld.map((e) => e.member), ['payload.txt']);
      assert.equal(r.execution_successful, false);
      assert.equal(r.analysis_completeness.status, 'failed');
      assert.notEqual(r.risk_assessment.recommendation, 'SAFE');
      assert.equal(r.components.filter((x) => x.path === path).length, 1);
      assert.equal(cliExitCode(r), 2);
    });

    test('benign decoy on disk + malicious member: never SAFE, exit 2, the withheld member is recorded', () => {
      const dir = makeBundle({ 'SKILL.md': SKILL, [archive]: buildZip([{ name: 'payload.txt', data: MALICIOUS, method: 8 }]), [path]: BENIGN });
      const r = scanJson(dir);
      assertNotCompleteSafe(r);
      assert.equal(r.execution_successful, false);
      assert.equal(inv(r, path).size_bytes, Buffer.byteLength(BENIGN));
      assert.equal(inv(r, path).disposition, 'failed');
      const withheld = exceptions(r, { path: archive, reason_code: 'archive_member_withheld' });
      assert.equal(withheld.length, 1);
      assert.equal(withheld[0]?.member, 'payload.txt');
      assert.match(withheld[0]?.message ?? '', /not analyzed/);
      assert.equal(inv(r, archive).disposition, 'partial');
      assert.equal(cliExitCode(r), 2);
    });

    test('exceptions from reading the withheld member are re-attributed to the archive (ratio)', () => {
      const dir = makeBundle({ 'SKILL.md': SKILL, [archive]: buildZip([{ name: 'payload.txt', data: Buffer.alloc(400_000), method: 8 }]), [path]: BENIGN });
      const r = scanJson(dir);
      const ratio = exceptions(r, { path: archive, reason_code: 'archive_compression_ratio' });
      assert.equal(ratio.length, 1);
      assert.equal(ratio[0]?.member, 'payload.txt');
      assert.equal(ratio[0]?.limit, 100);
      assert.ok((ratio[0]?.observed ?? 0) > 100, 'observed ratio above the limit');
      assert.equal(ratio[0]?.unit, 'ratio');
      assert.equal(reasonsAt(r, path).some((x) => x.startsWith('archive_')), false, 'no archive_* reason on the disk path');
      const row = inv(r, path);
      assert.equal(row.size_bytes, Buffer.byteLength(BENIGN));
      assert.equal(r.inventory.filter((i) => i.path === path).length, 1);
      assertNoArchiveFields(comp(r, path), 'disk component');
      assert.equal(comp(r, path).type, 'text');
    });

    test('an encrypted colliding member is reported on the archive, not on the disk file', () => {
      const dir = makeBundle({ 'SKILL.md': SKILL, [archive]: buildZip([{ name: 'payload.txt', data: 'secret', encrypted: true }]), [path]: BENIGN });
      const r = scanJson(dir);
      const enc = exceptions(r, { path: archive, reason_code: 'archive_encrypted' });
      assert.deepEqual(enc.map((e) => [e.member, e.outcome]), [['payload.txt', 'skipped']]);
      assert.deepEqual(reasonsAt(r, path), ['artifact_path_collision']);
      assert.equal(inv(r, path).disposition, 'failed');
    });
  });
}

describe('finding 4: no override downgrades a collision', () => {
  test('a colliding DEFLATE member that trips the ratio leaves the disk row failed/artifact_path_collision', () => {
    for (const data of [Buffer.alloc(400_000), Buffer.alloc(200_000, 'A')]) {
      const dir = makeBundle({ 'SKILL.md': SKILL, 'bundle.zip': buildZip([{ name: 'payload.txt', data, method: 8 }]), 'bundle.zip!/payload.txt': BENIGN });
      const r = scanJson(dir);
      const row = inv(r, 'bundle.zip!/payload.txt');
      assert.equal(row.disposition, 'failed');
      assert.equal(row.reason, 'artifact_path_collision');
      assert.equal(r.execution_successful, false);
    }
  });

  test('a member path listed twice next to a colliding disk file is never reported on the disk path', () => {
    const dir = makeBundle({
      'SKILL.md': SKILL,
      'bundle.zip': buildZip([{ name: 'payload.txt', data: 'one' }, { name: 'payload.txt', data: 'two' }]),
      'bundle.zip!/payload.txt': BENIGN,
    });
    const r = scanJson(dir);
    assert.deepEqual(reasonsAt(r, 'bundle.zip!/payload.txt'), ['artifact_path_collision']);
    assert.deepEqual(reasonsAt(r, 'bundle.zip'), ['archive_ambiguous_member_path', 'archive_member_withheld']);
    assert.equal(inv(r, 'bundle.zip!/payload.txt').disposition, 'failed');
  });
});

describe('finding 8: real disk containers under "!" directories are expanded first', () => {
  test('depth 2: disk bundle.zip!/inner.zip keeps its malicious x.txt and P1; distinct archive descendants are analyzed', () => {
    const dir = makeBundle({
      'SKILL.md': SKILL,
      'bundle.zip': zip({ 'inner.zip': zip({ 'x.txt': BENIGN, 'y.txt': 'Archive-only note.\n' }) }),
      'bundle.zip!/inner.zip': zip({ 'x.txt': MALICIOUS }),
    });
    const r = scanJson(dir);
    const x = 'bundle.zip!/inner.zip!/x.txt';
    assert.equal(issues(r, 'P1', x).length, 1, 'the disk container child keeps its P1');
    assert.equal(inv(r, x).disposition, 'analyzed', 'not marked partial because the archive copy was skipped');
    assert.equal(inv(r, x).size_bytes, Buffer.byteLength(MALICIOUS));
    assert.deepEqual(reasonsAt(r, x), []);
    assert.equal(comp(r, x).outer_path, 'bundle.zip!/inner.zip', 'the physical container is the disk file');
    assert.equal(comp(r, x).nested_path, 'x.txt');
    const y = 'bundle.zip!/inner.zip!/y.txt';
    assert.equal(inv(r, y).disposition, 'analyzed', 'a distinct descendant of the withheld member is still analyzed');
    assert.equal(comp(r, y).outer_path, 'bundle.zip');
    assert.equal(comp(r, y).nested_path, 'inner.zip!/y.txt');
    assert.deepEqual(comp(r, y).container_ancestry, ['zip', 'zip']);
    assert.equal(inv(r, 'bundle.zip!/inner.zip').disposition, 'failed');
    assert.deepEqual(reasonsAt(r, 'bundle.zip!/inner.zip'), ['artifact_path_collision']);
    assert.deepEqual(exceptions(r, { path: 'bundle.zip', reason_code: 'archive_member_withheld' }).map((e) => e.member), ['inner.zip']);
    assert.deepEqual(exceptions(r, { path: 'bundle.zip', reason_code: 'archive_ambiguous_member_path' }).map((e) => e.member), ['inner.zip!/x.txt']);
    assert.equal(r.execution_successful, false);
    assertNotCompleteSafe(r);
  });

  test('deeper disk containers win over shallower disk containers whose members collide with them', () => {
    const dir = makeBundle({
      'SKILL.md': SKILL,
      'a.zip!/b.zip': zip({ 'c.zip': zip({ 'p.txt': BENIGN }) }),
      'a.zip!/b.zip!/c.zip': zip({ 'p.txt': MALICIOUS }),
    });
    const r = scanJson(dir);
    const p = 'a.zip!/b.zip!/c.zip!/p.txt';
    assert.equal(issues(r, 'P1', p).length, 1);
    assert.equal(inv(r, p).disposition, 'analyzed');
    assert.equal(comp(r, p).outer_path, 'a.zip!/b.zip!/c.zip');
    assert.deepEqual(reasonsAt(r, p), []);
    assert.deepEqual(reasonsAt(r, 'a.zip!/b.zip!/c.zip'), ['artifact_path_collision']);
    assert.deepEqual(exceptions(r, { path: 'a.zip!/b.zip', reason_code: 'archive_ambiguous_member_path' }).map((e) => e.member), ['c.zip!/p.txt']);
  });

  test('a collision below an archive member is reported on that member row', () => {
    const dir = makeBundle({
      'SKILL.md': SKILL,
      'a.zip': zip({ 'b.zip': zip({ 'c.txt': BENIGN }) }),
      'a.zip!/b.zip!/c.txt': MALICIOUS,
    });
    const r = scanJson(dir);
    assert.equal(issues(r, 'P1', 'a.zip!/b.zip!/c.txt').length, 1);
    assert.deepEqual(reasonsAt(r, 'a.zip!/b.zip!/c.txt'), ['artifact_path_collision']);
    assert.deepEqual(exceptions(r, { path: 'a.zip!/b.zip', reason_code: 'archive_member_withheld' }).map((e) => e.member), ['c.txt']);
    assert.match(exceptions(r, { reason_code: 'artifact_path_collision' })[0]?.message ?? '', /a\.zip!\/b\.zip!/);
  });
});

describe('finding 6: the collision message is actionable', () => {
  test('mentions "!/", a directory ending in "!", renaming, and that the member was not analyzed', () => {
    const dir = makeBundle({ 'SKILL.md': SKILL, 'bundle.zip': zip({ 'payload.txt': BENIGN }), 'bundle.zip!/payload.txt': MALICIOUS });
    const r = scanJson(dir);
    const message = exceptions(r, { reason_code: 'artifact_path_collision' })[0]?.message ?? '';
    assert.match(message, /"!\/"/);
    assert.match(message, /directory "bundle\.zip!"/);
    assert.match(message, /ending in "!"/);
    assert.match(message, /[Rr]ename/);
    assert.match(message, /member was not/);
    const terminal = runCli(['scan', dir]);
    assert.equal(terminal.code, 2, terminal.stderr);
    assert.match(terminal.stdout, /artifact_path_collision bundle\.zip!\/payload\.txt/);
    assert.match(terminal.stdout, /archive_member_withheld bundle\.zip member "payload\.txt"/);
  });
});
