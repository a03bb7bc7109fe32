// Issue 9 item 10: files the CLI reads or writes besides the target (the baseline, the reports) get the
// target's link policy. A link, a device or a FIFO is refused with one line and exit 2, reads are
// capped, no message carries file content, and nothing is written into (or through a link in) the target.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cli, writeTree } from '../helpers/tree.js';
import type { CliResult } from '../helpers/tree.js';

const SKILL = '---\nname: side-files\ndescription: Formats dates.\n---\n# Dates\n\nFormats dates.\n';
const SECRET = 'SIDEFILE_SECRET_7f3a9c';

function skill(): string {
  return writeTree({ 'SKILL.md': SKILL });
}

/** Exit 2, one plain line on stderr, and the secret nowhere in the output. */
function assertRefused(r: CliResult, pattern: RegExp): void {
  assert.equal(r.code, 2, r.stderr);
  assert.equal(r.stderr.trim().split('\n').length, 1, `one line: ${r.stderr}`);
  assert.match(r.stderr, pattern);
  assert.ok(!r.stdout.includes(SECRET) && !r.stderr.includes(SECRET), 'file content leaked into the output');
}

function mkfifo(path: string): boolean {
  if (process.platform === 'win32') return false;
  const r = spawnSync('mkfifo', [path]);
  return r.status === 0;
}

describe('--baseline is read like the target: no links, regular files only, never echoed', () => {
  it('a baseline that is a symlink to a secret file is refused without reading it', () => {
    const dir = writeTree({ 'secret.yaml': `${SECRET}: leaked\n`, 'link.yaml': { symlink: 'secret.yaml' }, 'link.json': { symlink: 'secret.yaml' } });
    for (const name of ['link.yaml', 'link.json']) assertRefused(cli(['scan', skill(), '-b', join(dir, name)]), /baseline .* is a symlink/);
  });

  it('/dev/zero is refused at once (no unbounded read)', { skip: !existsSync('/dev/zero') }, () => {
    const started = Date.now();
    assertRefused(cli(['scan', skill(), '-b', '/dev/zero'], { timeoutMs: 30_000 }), /is a device/);
    assert.ok(Date.now() - started < 30_000);
  });

  it('a FIFO is refused without hanging', () => {
    const dir = writeTree({});
    const fifo = join(dir, 'baseline.yaml');
    if (!mkfifo(fifo)) return; // no mkfifo on this platform
    assertRefused(cli(['scan', skill(), '-b', fifo], { timeoutMs: 30_000 }), /is a FIFO/);
  });

  it('a directory is refused', () => {
    assertRefused(cli(['scan', skill(), '-b', writeTree({})]), /is a directory/);
  });

  it('a baseline inside the target reached through a symlinked directory is refused', () => {
    const outside = writeTree({ 'b.yaml': 'version: 2\nscanner_version: "1"\n' });
    const root = writeTree({ 'SKILL.md': SKILL, conf: { symlink: outside } });
    assertRefused(cli(['scan', root, '-b', join(root, 'conf', 'b.yaml')]), /symlinked directory in the scan target/);
  });

  it('a parser warning (an unknown tag) does not print the line to stderr', () => {
    const file = join(writeTree({}), 'b.yaml');
    writeFileSync(file, `version: 2\nscanner_version: !!${SECRET} ${SECRET}\n`);
    const r = cli(['scan', skill(), '-q', '-b', file]);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(!r.stderr.includes(SECRET), r.stderr);
  });
});

describe('reports and baselines are never written into the target or through a link', () => {
  it('a report inside the target is written as a new regular file (the usual CI step), /dev/null outside it works', () => {
    const root = skill();
    const r = cli(['scan', root, '-f', 'json', '-o', join(root, 'report.json')]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(readFileSync(join(root, 'report.json'), 'utf8')).schema_version !== undefined, true);
    assert.equal(cli(['scan', root, '-q', '-f', 'json', '-o', '/dev/null']).code, 0);
    // The report itself is never the target.
    assertRefused(cli(['scan', join(root, 'SKILL.md'), '-o', join(root, 'SKILL.md')]), /is the scan target/);
  });

  it('a symlink planted in the target cannot redirect the report or the baseline', () => {
    const victimDir = writeTree({ 'victim.txt': 'original\n' });
    const victim = join(victimDir, 'victim.txt');
    const root = writeTree({ 'SKILL.md': SKILL, '.skillspector-baseline.yaml': { symlink: victim }, out: { symlink: victimDir } });
    assertRefused(cli(['scan', root, '-o', join(root, '.skillspector-baseline.yaml')]), /is a symlink/);
    assertRefused(cli(['scan', root, '-o', join(root, 'out', 'victim.txt')]), /symlinked directory in the scan target/);
    assertRefused(cli(['baseline', root, '-o', join(root, '.skillspector-baseline.yaml')]), /is a symlink/);
    assertRefused(cli(['baseline', root, '-o', join(root, 'out', 'victim.txt')]), /symlinked directory in the scan target/);
    assert.equal(readFileSync(victim, 'utf8'), 'original\n');
  });

  it('a report path that is a symlink outside the target is not followed', () => {
    const dir = writeTree({ 'victim.txt': 'original\n', 'report.json': { symlink: 'victim.txt' } });
    assertRefused(cli(['scan', skill(), '-f', 'json', '-o', join(dir, 'report.json')]), /is a symlink/);
    assert.equal(readFileSync(join(dir, 'victim.txt'), 'utf8'), 'original\n');
  });

  it('a FIFO as the report path is refused without hanging', () => {
    const dir = writeTree({});
    const fifo = join(dir, 'report.json');
    if (!mkfifo(fifo)) return;
    assertRefused(cli(['scan', skill(), '-f', 'json', '-o', fifo], { timeoutMs: 30_000 }), /FIFO/);
  });

  it('the scan target itself is never overwritten', () => {
    const dir = writeTree({ 'skill.md': SKILL });
    const target = join(dir, 'skill.md');
    assertRefused(cli(['scan', target, '-o', target]), /is the scan target/);
    assertRefused(cli(['baseline', target, '-o', target]), /is the scan target/);
    assert.equal(readFileSync(target, 'utf8'), SKILL);
  });

  it('the documented baseline inside the bundle, and reports outside it, still work', () => {
    const root = skill();
    const out = writeTree({});
    mkdirSync(join(out, 'nested'));
    assert.equal(cli(['baseline', root, '-o', join(root, '.skillspector-baseline.yaml')]).code, 0);
    const r = cli(['scan', root, '-f', 'json', '-b', join(root, '.skillspector-baseline.yaml'), '-o', join(out, 'r.json'), '--report', `sarif=${join(out, 'nested', 'r.sarif')}`]);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(JSON.parse(readFileSync(join(out, 'r.json'), 'utf8')));
    assert.ok(JSON.parse(readFileSync(join(out, 'nested', 'r.sarif'), 'utf8')));
  });
});

