import { test } from 'node:test';
import assert from 'node:assert/strict';
import { archiveSkillRoot, directoryOf, findManifest } from './skill-root.js';

test('archiveSkillRoot: one top-level folder is the root; macOS metadata does not count', () => {
  assert.equal(archiveSkillRoot(['my-skill/SKILL.md', 'my-skill/scripts/x.sh']), 'my-skill/');
  assert.equal(archiveSkillRoot(['my-skill/SKILL.md', '__MACOSX/my-skill/._SKILL.md']), 'my-skill/');
  assert.equal(archiveSkillRoot(['my-skill/SKILL.md', 'my-skill/docs.zip!/a.md']), 'my-skill/');
  // Look-alikes: a second folder, a root-level file, nothing at all.
  assert.equal(archiveSkillRoot(['a/SKILL.md', 'b/x.sh']), '');
  assert.equal(archiveSkillRoot(['my-skill/SKILL.md', 'README.md']), '');
  assert.equal(archiveSkillRoot([]), '');
  assert.equal(archiveSkillRoot(['__MACOSX/x/._y']), '');
});

test('findManifest: the root manifest first; the single folder only for archives', () => {
  const nested = new Set(['my-skill/SKILL.md', 'my-skill/scripts/x.sh']);
  assert.equal(findManifest(nested, true), 'my-skill/SKILL.md');
  assert.equal(findManifest(nested, false), null, 'a directory target must hold SKILL.md at its root');
  assert.equal(findManifest(new Set(['SKILL.md', 'x/SKILL.md']), true), 'SKILL.md');
  assert.equal(findManifest(new Set(['my-skill/skill.md']), true), 'my-skill/skill.md');
  assert.equal(findManifest(new Set(['my-skill/sub/SKILL.md']), true), null, 'only the folder itself, not deeper');
  assert.equal(findManifest(new Set(['my-skill/README.md']), true), null);
});

test('directoryOf', () => {
  assert.equal(directoryOf('SKILL.md'), '');
  assert.equal(directoryOf('my-skill/SKILL.md'), 'my-skill');
});
