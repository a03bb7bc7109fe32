import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isActiveHook, isVcsMetadata, vcsDirectoryOf, vcsRoleOf } from './vcs.js';

test('vcsRoleOf: configuration and hook candidates stay in scope, the rest is metadata', () => {
  const cases: [string, ReturnType<typeof vcsRoleOf>][] = [
    ['.git/config', 'config'],
    ['.git/config.worktree', 'config'],
    ['.git/modules/lib/config', 'config'],
    ['.git/hooks/post-checkout', 'hook'],
    ['.git/hooks/pre-commit.sample', 'hook'],
    ['.git/modules/lib/hooks/post-merge', 'hook'],
    ['my-skill/.git/hooks/pre-push', 'hook'],
    ['.git/HEAD', 'metadata'],
    ['.git/objects/ab/cdef', 'metadata'],
    ['.git/refs/heads/config', 'metadata'],
    ['.git/hooks/sub/post-checkout', 'metadata'],
    ['.git', 'metadata'],
    ['sub/.git', 'metadata'],
    ['.hg/hgrc', 'config'],
    ['.hg/store/data/x.i', 'metadata'],
    ['.svn/wc.db', 'metadata'],
    ['.svn/pristine/ab/x.svn-base', 'metadata'],
  ];
  for (const [path, role] of cases) assert.equal(vcsRoleOf(path), role, path);
});

test('vcsRoleOf: look-alikes outside VCS metadata are ordinary files', () => {
  for (const path of ['.gitignore', '.github/workflows/ci.yml', 'git/config', 'hooks/post-checkout', 'docs/.git-notes.md', '.githooks/pre-commit', 'x.git/config', '.hg', 'notes/.svn-tips.md']) {
    assert.equal(vcsRoleOf(path), null, path);
  }
});

test('vcsDirectoryOf names the VCS directory (or the .git file) a path belongs to', () => {
  assert.equal(vcsDirectoryOf('my-skill/.git/objects/ab/cd'), 'my-skill/.git/');
  assert.equal(vcsDirectoryOf('.svn/wc.db'), '.svn/');
  assert.equal(vcsDirectoryOf('sub/.git'), 'sub/.git');
});

test('isActiveHook: executable or shebang, never a *.sample', () => {
  const sh = Buffer.from('#!/bin/sh\n');
  const plain = Buffer.from('echo hi\n');
  assert.equal(isActiveHook('post-checkout', plain, 0o755), true, 'mode bits');
  assert.equal(isActiveHook('post-checkout', sh, 0o644), true, 'shebang without mode bits (Windows checkouts, zips)');
  assert.equal(isActiveHook('post-checkout', Buffer.from('MZ\x90\x00'), 0o644), true, 'native executable');
  assert.equal(isActiveHook('pre-commit.sample', sh, 0o755), false, 'stock sample');
  assert.equal(isActiveHook('post-checkout', plain, 0o644), false, 'neither executable nor a script: git does not run it');
  assert.equal(isActiveHook('post-checkout.sample.bak', sh, 0o755), true, 'only the exact .sample suffix is inert');
});

test('isVcsMetadata: what leaves scope is metadata and inactive hooks; configuration and active hooks stay', () => {
  const sh = Buffer.from('#!/bin/sh\n');
  assert.equal(isVcsMetadata({ path: 'a/.git/objects/ab/cd', bytes: sh, mode: 0o755 }), true);
  assert.equal(isVcsMetadata({ path: 'a/.git/hooks/pre-commit.sample', bytes: sh, mode: 0o755 }), true);
  assert.equal(isVcsMetadata({ path: 'a/.git/hooks/post-checkout', bytes: Buffer.from('echo\n'), mode: 0o644 }), true);
  assert.equal(isVcsMetadata({ path: 'a/.git/hooks/post-checkout', bytes: sh, mode: 0o644 }), false);
  assert.equal(isVcsMetadata({ path: 'a/.git/config', bytes: Buffer.from('[core]\n'), mode: 0o644 }), false);
  assert.equal(isVcsMetadata({ path: 'a/scripts/run.sh', bytes: sh, mode: 0o755 }), false);
});
