import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runBundleRule } from '../../../test/helpers/rule-harness.js';
import { inventoryRow } from '../tool-poisoning/test-support.js';
import { ae1 } from './ae1-reference-to-uninspected-artifact.js';
import { resolveReference } from './references.js';

const SKILL = [
  '---', // 1
  'name: report', // 2
  '---', // 3
  'Read [the guide](./docs/guide.md) first.', // 4
  'Then run `tools/helper.bin` and load "data/huge.txt".', // 5
  'See the logo: ![logo](assets/logo.png)', // 6
  'Details in docs/guide.md and https://example.com/tools/helper.bin', // 7
].join('\n');

const inventory = [
  inventoryRow('SKILL.md'),
  inventoryRow('docs/guide.md'),
  inventoryRow('tools/helper.bin', { disposition: 'out_of_scope', contentKind: 'binary', executable: true }),
  inventoryRow('data/huge.txt', { disposition: 'partial' }),
  inventoryRow('assets/logo.png', { disposition: 'out_of_scope', contentKind: 'binary' }),
  inventoryRow('unreferenced.bin', { disposition: 'failed', contentKind: 'opaque' }),
];

test('AE1 fires on SKILL.md references to partial/out_of_scope artifacts, with the disposition tag', () => {
  const f = runBundleRule(ae1, [{ path: 'SKILL.md', text: SKILL }], { inventory });
  assert.deepEqual(f.map((x) => [x.rule.id, x.startLine, x.severity, x.confidence]), [
    ['AE1', 5, 'HIGH', 1],
    ['AE1', 5, 'HIGH', 1],
    ['AE1', 6, 'MEDIUM', 0.6],
  ]);
  assert.ok(f[0]?.tags.includes('target-disposition:out_of_scope'));
  assert.ok(f[1]?.tags.includes('target-disposition:partial'));
  assert.equal(f[0]?.evidence.target, 'tools/helper.bin');
});

test('AE1 does not fire for analysed targets, URLs, unreferenced files or paths escaping the bundle', () => {
  const text = '---\nname: x\n---\nSee docs/guide.md, https://cdn.example/unreferenced.bin and ../unreferenced.bin.\n';
  assert.equal(runBundleRule(ae1, [{ path: 'SKILL.md', text }], { inventory }).length, 0);
  assert.equal(resolveReference('./a/../b.md#top'), 'b.md');
  assert.equal(resolveReference('../x'), null);
  assert.equal(resolveReference('file%20name.md'), 'file name.md');
});

test('AE1 ignores scope decisions (user exclusions, VCS metadata, recognised reports) but not binary content', () => {
  const text = '---\nname: x\n---\nRun `tools/run.sh`, read notes.md and audit.json, then open assets/logo.png.\n';
  const scoped = [
    inventoryRow('SKILL.md'),
    inventoryRow('tools/run.sh', { disposition: 'out_of_scope', contentKind: 'opaque' }),
    inventoryRow('notes.md', { disposition: 'out_of_scope', contentKind: 'opaque' }),
    inventoryRow('audit.json', { disposition: 'out_of_scope', contentKind: 'text' }),
    inventoryRow('assets/logo.png', { disposition: 'out_of_scope', contentKind: 'binary' }),
  ];
  const f = runBundleRule(ae1, [{ path: 'SKILL.md', text }], { inventory: scoped });
  assert.deepEqual(f.map((x) => x.evidence.target), ['assets/logo.png']);
});

test('AE1 reads paths from the manifest folder (a zipped skill folder), not the archive root', () => {
  const text = '---\nname: x\n---\nRun `tools/helper.bin` and see ../README.md.\n';
  const inventory = [
    inventoryRow('my-skill/SKILL.md'),
    inventoryRow('my-skill/tools/helper.bin', { disposition: 'partial', contentKind: 'binary' }),
    inventoryRow('tools/helper.bin', { disposition: 'partial', contentKind: 'binary' }),
    inventoryRow('README.md', { disposition: 'failed', contentKind: 'opaque' }),
  ];
  const f = runBundleRule(ae1, [{ path: 'my-skill/SKILL.md', text }], { inventory, manifestPath: 'my-skill/SKILL.md' });
  assert.deepEqual(f.map((x) => x.evidence.target), ['my-skill/tools/helper.bin', 'README.md']);
  assert.equal(f[0]?.file, 'my-skill/SKILL.md');
  assert.equal(resolveReference('tools/x', 'my-skill'), 'my-skill/tools/x');
  assert.equal(resolveReference('../../x', 'my-skill'), null);
});
