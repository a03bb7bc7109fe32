// Which names promise a ZIP: a `.skill` package, a wheel or a jar holding a ZIP is honest; a `.png` or `.txt`
// holding one is disguised, and so is an Office name holding another container type.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isDisguised } from './kind.js';

test('ZIP-family names holding a ZIP are honest, including a .skill package', () => {
  for (const path of ['my-skill.skill', 'tool.whl', 'lib.jar', 'a.zip', 'nested/Thing.SKILL']) assert.equal(isDisguised(path, 'zip'), false, path);
});

test('a ZIP behind a name that promises something else is disguised', () => {
  for (const path of ['logo.png', 'notes.txt', 'skill', 'my.skill.md']) assert.equal(isDisguised(path, 'zip'), true, path);
  assert.equal(isDisguised('report.docx', 'zip'), true);
  assert.equal(isDisguised('my-skill.skill', 'docx'), true);
});
