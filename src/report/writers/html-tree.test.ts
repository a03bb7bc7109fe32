// The contents tree of the HTML report: folders implied by paths, archive members under their container,
// entries of one folder kept together, and linear work for a deep or wide hostile bundle.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InventoryReportRow } from '../types.js';
import { inventoryTree } from './html-tree.js';

function row(path: string, extra: Partial<InventoryReportRow> = {}): InventoryReportRow {
  return { path, content_kind: 'text', disposition: 'analyzed', size_bytes: 1, hidden: false, local_only: false, ...extra };
}

function shape(rows: InventoryReportRow[]): string[] {
  return inventoryTree(rows).map((t) => `${'  '.repeat(t.depth)}${t.name}${t.kind === 'folder' ? '/' : ''}${t.kind === 'container' ? ' [container]' : ''}`);
}

describe('inventoryTree', () => {
  it('adds a row for each folder and nests files under it, in path order', () => {
    assert.deepEqual(shape([row('scripts/run.sh'), row('SKILL.md'), row('scripts/lib/util.py')]), [
      'SKILL.md', 'scripts/', '  lib/', '    util.py', '  run.sh',
    ]);
  });

  it('keeps a folder together even when a sibling name sorts between its entries (a/b before a-b)', () => {
    assert.deepEqual(shape([row('a-b.md'), row('a/x.md'), row('a/y.md')]), ['a/', '  x.md', '  y.md', 'a-b.md']);
  });

  it('nests archive members, nested archives included, under their container row', () => {
    const members = [
      row('docs.zip', { content_kind: 'binary' }),
      row('docs.zip!/in/run.sh', { container_type: 'zip' }),
      row('docs.zip!/inner.zip', { container_type: 'zip', content_kind: 'binary' }),
      row('docs.zip!/inner.zip!/deep.txt', { container_type: 'zip' }),
    ];
    assert.deepEqual(shape(members), ['docs.zip [container]', '  in/', '    run.sh', '  inner.zip [container]', '    deep.txt']);
  });

  it('shows an excluded directory row as a folder that carries its own disposition', () => {
    const tree = inventoryTree([row('node_modules/', { disposition: 'out_of_scope', reason: 'excluded_directory', content_kind: 'opaque' })]);
    assert.equal(tree.length, 1);
    assert.equal(tree[0]?.kind, 'folder');
    assert.equal(tree[0]?.name, 'node_modules');
    assert.equal(tree[0]?.row?.reason, 'excluded_directory');
  });

  it('a plain file whose name ends in ! keeps its name', () => {
    assert.deepEqual(shape([row('wow!')]), ['wow!']);
  });

  it('handles a 5,000-level path and 20,000 files without recursion and in linear time', () => {
    const deep = `${Array.from({ length: 5000 }, (_, n) => `d${n}`).join('/')}/leaf.txt`;
    const wide = Array.from({ length: 20_000 }, (_, n) => row(`files/f${n}.txt`));
    const started = process.hrtime.bigint();
    const tree = inventoryTree([row(deep), ...wide]);
    assert.equal(tree.length, 5000 + 1 + 1 + 20_000);
    assert.equal(tree.find((t) => t.name === 'leaf.txt')?.depth, 5000);
    assert.ok(Number(process.hrtime.bigint() - started) / 1e6 < 2000);
  });
});
