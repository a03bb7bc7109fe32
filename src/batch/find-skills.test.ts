import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeTree } from '../../test/helpers/tree.js';
import { comparePaths, findSkills } from './find-skills.js';

const SKILL = '---\nname: s\ndescription: d\n---\nhello\n';

test('a skill inside another skill belongs to the outer one; both manifest spellings count', () => {
  const root = writeTree({
    'b/SKILL.md': SKILL, 'b/nested/SKILL.md': SKILL, 'b/deeper/x/skill.md': SKILL,
    'a/skill.md': SKILL, 'group/c/SKILL.md': SKILL, 'group/readme.md': 'not a skill',
  });
  assert.deepEqual(findSkills(root).skills, ['a', 'b', 'group/c']);
});

test('the root itself may be the one skill', () => {
  const root = writeTree({ 'SKILL.md': SKILL, 'sub/SKILL.md': SKILL });
  assert.deepEqual(findSkills(root).skills, ['']);
});

test('VCS and dependency directories are not searched, other hidden directories are', () => {
  const root = writeTree({
    '.git/x/SKILL.md': SKILL, 'node_modules/pkg/SKILL.md': SKILL, 'p/.venv/q/SKILL.md': SKILL,
    '.claude/skills/kept/SKILL.md': SKILL,
  });
  assert.deepEqual(findSkills(root).skills, ['.claude/skills/kept']);
});

test('links are never followed: a linked skill directory and a linked SKILL.md make no skill', () => {
  const outside = writeTree({ 'real/SKILL.md': SKILL });
  const root = writeTree({ 'plain/SKILL.md': SKILL, 'linkedfile/notes.md': 'x' });
  symlinkSync(join(outside, 'real'), join(root, 'linkeddir'));
  symlinkSync(join(outside, 'real/SKILL.md'), join(root, 'linkedfile/SKILL.md'));
  assert.deepEqual(findSkills(root).skills, ['plain']);
});

test('ordered by path segments; the search is bounded', () => {
  const root = writeTree({ 'a-b/SKILL.md': SKILL, 'a/b/SKILL.md': SKILL, 'a/a/SKILL.md': SKILL });
  assert.deepEqual(findSkills(root).skills, ['a/a', 'a/b', 'a-b']);
  assert.ok(comparePaths('a/z', 'a-b') < 0);
  for (let i = 0; i < 5; i++) mkdirSync(join(root, `empty${i}`));
  const cut = findSkills(root, 3);
  assert.equal(cut.truncated, true);
});
