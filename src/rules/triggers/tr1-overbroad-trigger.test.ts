import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runBundleRule } from '../../../test/helpers/rule-harness.js';
import { skillBundle } from '../tool-poisoning/test-support.js';
import { tr1 } from './tr1-overbroad-trigger.js';

function run(md: string) {
  const { files, bundle } = skillBundle(md);
  return runBundleRule(tr1, files, bundle);
}

test('TR1 fires on a single common-word trigger, on the line it is written', () => {
  const f = run('---\nname: helper\ndescription: Does things.\ntriggers:\n  - convert invoices to csv\n  - code\n---\n# Body\n');
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'TR1');
  assert.equal(f[0]?.startLine, 6);
  assert.equal(f[0]?.severity, 'LOW');
  assert.equal(f[0]?.confidence, 0.75);
});

test('TR1 fires on a two-character trigger with the lower confidence', () => {
  const f = run('---\nname: x\ntriggers: [go2]\n---\n');
  assert.equal(f.length, 0);
  const g = run('---\nname: x\ntriggers: ["zz"]\n---\n');
  assert.equal(g.length, 1);
  assert.equal(g[0]?.confidence, 0.7);
  assert.equal(g[0]?.startLine, 3);
});

test('TR1 does not fire on a multi-word specific trigger or a specific single word', () => {
  assert.equal(run('---\nname: pdf\ntriggers:\n  - convert pdf to markdown\n  - kubernetes\n  - extract tables from a scanned file\n---\n').length, 0);
});

test('TR1 does not fire on a two-character CJK word or when there is no manifest', () => {
  assert.equal(run('---\nname: 翻訳\ntriggers:\n  - 翻訳\n---\n').length, 0);
  assert.equal(runBundleRule(tr1, [{ path: 'SKILL.md', text: '# No frontmatter\ntriggers: code\n' }]).length, 0);
});

test('TR1 leaves built-in command words to TR2 and catch-alls to TR3', () => {
  assert.equal(run('---\nname: x\ntriggers: [help, anything]\n---\n').length, 0);
});

test('TR1 reads comma-separated trigger strings', () => {
  const f = run('---\nname: x\ntriggers: "summarize meeting notes, hello"\n---\n');
  assert.equal(f.length, 1);
  assert.equal(f[0]?.matched, 'hello');
  assert.equal(f[0]?.startLine, 3);
});
