// The pre-commit hook for real (issue 12 item 3): Debian's `pre-commit` installs this repository as a hook
// repository the way users get it, from a git repository at a commit (here: one built from the working
// tree, tracked and untracked files minus ignored ones, so no node_modules and no dist/), then runs it from
// `git commit` in scratch projects. Installing runs `npm install` in the hook repository (it needs the npm
// registry or a warm npm cache), `npm pack` (whose stdout must be only the tarball name) and
// `npm install -g` of that tarball. CI installs Debian's pre-commit; without it the test is skipped.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import type { SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const onPath = (name: string): boolean => (process.env['PATH'] ?? '').split(delimiter).some((dir) => existsSync(join(dir, name)));
const SKIP = !onPath('pre-commit') || !onPath('git')
  ? 'pre-commit or git not found: install Debian\'s pre-commit package (apt-get install -y pre-commit) to run the hook test'
  : !existsSync(join(ROOT, '.git'))
    ? 'not a git checkout: the hook repository is built from `git ls-files`'
    : false;

const work = mkdtempSync(join(tmpdir(), 'skillspector-pre-commit-'));
after(() => rmSync(work, { recursive: true, force: true }));

/**
 * The environment for git and pre-commit: a fixed identity and no user or system git configuration, its own
 * pre-commit cache, and none of the runner's npm or LLM provider settings.
 */
function environment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(key) && !key.startsWith('SKILLSPECTOR_')) env[key] = value;
  }
  return {
    ...env, PRE_COMMIT_HOME: join(work, 'pre-commit-home'), NO_COLOR: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.invalid', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.invalid',
  };
}

function run(cwd: string, command: string, ...args: string[]): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env: environment(), encoding: 'utf8', timeout: 900_000 });
}

function git(cwd: string, ...args: string[]): string {
  const r = run(cwd, 'git', ...args);
  assert.equal(r.status, 0, `git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

/** A git repository holding the working tree as one commit; returns that commit. */
function snapshotRepository(target: string): string {
  mkdirSync(target);
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  assert.equal(listed.status, 0, listed.stderr);
  for (const file of listed.stdout.split('\0')) {
    // A file deleted in the working tree but still tracked is left out, as a commit of the tree would.
    if (file === '' || !existsSync(join(ROOT, file))) continue;
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(join(ROOT, file), join(target, file));
  }
  git(target, 'init', '-q');
  git(target, 'add', '-A');
  git(target, 'commit', '-q', '-m', 'snapshot of the working tree');
  return git(target, 'rev-parse', 'HEAD');
}

function hookConfig(repo: string, rev: string, args?: readonly string[]): string {
  const argsLine = args ? `\n        args: ${JSON.stringify(args)}` : '';
  return `repos:\n  - repo: ${repo}\n    rev: ${rev}\n    hooks:\n      - id: skillspector${argsLine}\n`;
}

/** A git project with the hook installed as a git pre-commit hook. */
function project(name: string, files: Record<string, string>, config: string): string {
  const dir = join(work, name);
  mkdirSync(dir);
  for (const [to, from] of Object.entries(files)) cpSync(join(ROOT, from), join(dir, to), { recursive: true });
  writeFileSync(join(dir, '.pre-commit-config.yaml'), config);
  git(dir, 'init', '-q');
  const installed = run(dir, 'pre-commit', 'install');
  assert.equal(installed.status, 0, installed.stderr);
  git(dir, 'add', '-A');
  return dir;
}

describe('pre-commit hook', { skip: SKIP, timeout: 1_800_000 }, () => {
  let hookRepo = '';
  let rev = '';
  before(() => {
    hookRepo = join(work, 'hook-repository');
    rev = snapshotRepository(hookRepo);
  });

  it('installs from a git repository and lets a commit of a SAFE skill through (default args: the repository root)', () => {
    const dir = project('safe-skill', { 'SKILL.md': 'examples/benign-skill/SKILL.md', scripts: 'examples/benign-skill/scripts' }, hookConfig(hookRepo, rev));
    const commit = run(dir, 'git', 'commit', '-m', 'add the skill');
    const output = commit.stdout + commit.stderr;
    assert.equal(commit.status, 0, output);
    assert.match(output, /SkillSpector skill scan\.+Passed/);
    assert.equal(git(dir, 'log', '--format=%s'), 'add the skill');
  });

  it('args name the skill: a DO_NOT_INSTALL skill blocks the commit, a SAFE one beside it does not', () => {
    const files = { 'skills/good': 'examples/benign-skill', 'skills/bad': 'examples/malicious-skill' };
    const dir = project('two-skills', files, hookConfig(hookRepo, rev, ['skills/bad']));
    const blocked = run(dir, 'git', 'commit', '-m', 'add both skills');
    const output = blocked.stdout + blocked.stderr;
    assert.notEqual(blocked.status, 0, output);
    assert.match(output, /SkillSpector skill scan\.+Failed/);
    assert.match(output, /DO.NOT.INSTALL/);
    assert.notEqual(run(dir, 'git', 'rev-parse', '--verify', 'HEAD').status, 0, 'no commit was made');

    writeFileSync(join(dir, '.pre-commit-config.yaml'), hookConfig(hookRepo, rev, ['skills/good']));
    git(dir, 'add', '.pre-commit-config.yaml');
    const passed = run(dir, 'git', 'commit', '-m', 'add both skills, scan the good one');
    assert.equal(passed.status, 0, passed.stdout + passed.stderr);
    assert.match(passed.stdout + passed.stderr, /SkillSpector skill scan\.+Passed/);
  });
});
