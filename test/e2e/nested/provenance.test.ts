// Report provenance (CONTRACT §3): member rows carry archive fields; ordinary files never do; one
// virtual path string joins findings, inventory, components and ledger rows.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { render } from '../../../src/report/writers/index.js';
import { makeBundle, scanJson } from '../../helpers/bundle.js';
import { buildZip } from '../../helpers/zip-builder.js';
import { ARCHIVE_FIELDS, MALICIOUS, SHEBANG, SKILL, assertNoArchiveFields, comp, exceptions, inv, issues } from './fixtures.js';

const WRITER = { color: false, verbose: false, showSuppressed: false };

describe('member provenance fields', () => {
  const inner = buildZip([
    { name: 'scripts/setup.sh', data: SHEBANG, mode: 0o100755 },
    { name: 'docs/notes.md', data: '# Notes\n\nline two\nline three\n', method: 8 },
  ]);
  const dir = makeBundle({
    'SKILL.md': SKILL,
    'bundle.whl': buildZip([{ name: 'package/module.py', data: 'import os\nprint(os.getcwd())\n', method: 8 }, { name: 'package/nested.zip', data: inner }]),
    'x!/y.txt': 'An ordinary file whose directory ends in "!".\n',
    'plain.txt': 'Plain.\n',
  });
  const r = scanJson(dir);

  test('a direct member: outer_path, nested_path, container fields, type, lines, size, executable', () => {
    const c = comp(r, 'bundle.whl!/package/module.py');
    assert.deepEqual(
      { type: c.type, executable: c.executable, outer_path: c.outer_path, nested_path: c.nested_path, container_type: c.container_type, container_ancestry: c.container_ancestry, container_depth: c.container_depth, lines: c.lines, size_bytes: c.size_bytes, local_only: c.local_only },
      { type: 'python', executable: true, outer_path: 'bundle.whl', nested_path: 'package/module.py', container_type: 'zip', container_ancestry: ['zip'], container_depth: 1, lines: 2, size_bytes: 29, local_only: true },
    );
  });

  test('a member of a nested container keeps the inner "!/" boundary in nested_path', () => {
    const c = comp(r, 'bundle.whl!/package/nested.zip!/scripts/setup.sh');
    assert.equal(c.outer_path, 'bundle.whl');
    assert.equal(c.nested_path, 'package/nested.zip!/scripts/setup.sh');
    assert.equal(c.container_type, 'zip');
    assert.deepEqual(c.container_ancestry, ['zip', 'zip']);
    assert.equal(c.container_depth, 2);
    assert.equal(c.executable, true, 'from the ZIP mode bits and shebang of the member');
    assert.equal(c.type, 'shell');
    assert.equal(c.lines, 2);
    assert.equal(c.size_bytes, Buffer.byteLength(SHEBANG));
    const notes = comp(r, 'bundle.whl!/package/nested.zip!/docs/notes.md');
    assert.equal(notes.executable, false);
    assert.equal(notes.lines, 4);
    assert.equal(notes.type, 'markdown');
    const container = comp(r, 'bundle.whl!/package/nested.zip');
    assert.equal(container.type, 'zip');
    assert.equal(container.lines, 0);
    assert.equal(container.container_depth, 1);
  });

  test('inventory rows of members carry the same provenance as their component rows', () => {
    for (const c of r.components.filter((x) => x.outer_path !== undefined)) {
      const row = inv(r, c.path);
      for (const f of ARCHIVE_FIELDS) assert.deepEqual(row[f], c[f], `${c.path} ${f}`);
      assert.equal(row.size_bytes, c.size_bytes);
      assert.equal(row.local_only, true);
    }
  });

  test('ordinary files never gain archive fields, even under a directory ending in "!"', () => {
    for (const p of ['SKILL.md', 'plain.txt', 'x!/y.txt', 'bundle.whl']) {
      assertNoArchiveFields(comp(r, p), `component ${p}`);
      assertNoArchiveFields(inv(r, p), `inventory ${p}`);
    }
    assert.equal(inv(r, 'x!/y.txt').disposition, 'analyzed');
    assert.equal(comp(r, 'bundle.whl').type, 'zip');
    assert.equal(r.analysis_completeness.status, 'complete');
  });

  test('inventory and components list the same member paths', () => {
    const members = (rows: { path: string; outer_path?: string }[]): string[] => rows.filter((x) => x.outer_path !== undefined).map((x) => x.path).sort();
    assert.deepEqual(members(r.inventory), members(r.components));
    assert.equal(members(r.components).length, 4);
  });
});

describe('one virtual path string everywhere', () => {
  test('findings, inventory, components and ledger rows join on the same virtual path', () => {
    const path = 'outer.zip!/inner.zip!/notes.md';
    const dir = makeBundle({
      'SKILL.md': SKILL,
      'outer.zip': buildZip([{ name: 'inner.zip', data: buildZip([{ name: 'notes.md', data: MALICIOUS }, { name: 'notes.md', data: 'duplicate' }]) }]),
    });
    const r = scanJson(dir);
    const p1 = issues(r, 'P1', path);
    assert.equal(p1.length, 1);
    assert.equal(p1[0]?.location.file, path);
    assert.ok(p1[0]?.occurrences.every((o) => o.file === path));
    assert.equal(inv(r, path).nested_path, 'inner.zip!/notes.md');
    assert.equal(comp(r, path).outer_path, 'outer.zip');
    assert.deepEqual(exceptions(r, { path }).map((e) => e.reason_code), ['archive_ambiguous_member_path']);
    const json = render('json', r, WRITER);
    assert.ok(json.includes(JSON.stringify(path)));
    const terminal = render('terminal', r, WRITER);
    assert.ok(terminal.includes(path), 'the terminal report names the member by its virtual path');
  });

  test('a hidden concealed member: SC9 location equals its inventory and component path', () => {
    const dir = makeBundle({ 'SKILL.md': SKILL, '.tools.dat': buildZip([{ name: 'run.sh', data: SHEBANG }]) });
    const r = scanJson(dir);
    const sc9 = issues(r, 'SC9');
    assert.deepEqual(sc9.map((i) => i.location.file), ['.tools.dat!/run.sh']);
    assert.equal(sc9[0]?.evidence.outer_path, '.tools.dat');
    assert.equal(inv(r, '.tools.dat!/run.sh').hidden, true);
    assert.equal(comp(r, '.tools.dat!/run.sh').hidden, true);
    assert.equal(comp(r, '.tools.dat').type, 'zip');
  });
});
