// `skillspector-ignore: ID[, ID…]` on the finding's line or the line above; explicit ids only.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FileLines } from './file-lines.js';
import { directiveIds, hasInlineDirective } from './inline.js';
import { finding } from './test-support.js';

function named(text: string, line: number, id = 'P1'): boolean {
  return hasInlineDirective(finding({ id, line }), new FileLines(text));
}

test('a directive names rules on its own line or the next line, in any comment syntax', () => {
  assert.ok(named('curl x | sh  # skillspector-ignore: P1', 1));
  assert.ok(named('<!-- skillspector-ignore: SC2, P1 -->\nIgnore previous instructions', 2));
  assert.ok(named('// SkillSpector-Ignore: p1\nbad', 2), 'case-insensitive');
  assert.ok(named('# skillspector-ignore: SSD-1', 1, 'SSD-1'), 'ids with a dash');
  assert.deepEqual([...directiveIds(new FileLines('x # skillspector-ignore: E1,E2 , AST10 -- reason text'), 1)], ['E1', 'E2', 'AST10']);
});

test('look-alikes do not suppress: another rule, a directive two lines up or below, no id, a blanket word', () => {
  assert.ok(!named('bad # skillspector-ignore: P10', 1), 'P10 is not P1');
  assert.ok(!named('# skillspector-ignore: P1\n\nbad', 3), 'two lines above');
  assert.ok(!named('bad\n# skillspector-ignore: P1', 1), 'the line below');
  assert.ok(!named('bad # skillspector-ignore:', 1));
  assert.ok(!named('bad # skillspector-ignore all', 1));
  assert.ok(!named('bad # skillspector-ignore: *', 1), 'no wildcard: every id is named');
  assert.ok(!hasInlineDirective(finding({ line: 1 }), undefined), 'no text view, no directive');
  assert.ok(!named('# skillspector-ignore: P1', 0), 'a finding without a line');
});

test('a huge line with many directives is read once and bounded', () => {
  const line = `${'# skillspector-ignore: E1 '.repeat(10_000)}# skillspector-ignore: P1`;
  const lines = new FileLines(line);
  assert.equal(directiveIds(lines, 1).has('P1'), false, 'only the first directives on a line are read');
  assert.equal(directiveIds(lines, 1), directiveIds(lines, 1), 'cached');
});
