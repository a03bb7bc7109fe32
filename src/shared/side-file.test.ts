// Issue 9 item 10, unit level: the side-file reader and writer refuse links, devices and FIFOs, cap
// what they read, and keep file content out of every message.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { UsageError } from '../discovery/target.js';
import { readSideFile, SIDE_FILE_MAX_BYTES, writeSideFile } from './side-file.js';

const SECRET = 'SIDE_SECRET_c41d';

function dir(): string {
  return mkdtempSync(join(tmpdir(), 'skillspector-side-'));
}

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof UsageError, String(err));
    assert.ok(!err.message.includes(SECRET), err.message);
    return err.message;
  }
  assert.fail('not refused');
}

function fifoIn(d: string): string | undefined {
  const path = join(d, 'fifo');
  return process.platform !== 'win32' && spawnSync('mkfifo', [path]).status === 0 ? path : undefined;
}

describe('readSideFile', () => {
  it('reads a regular file', () => {
    const d = dir();
    writeFileSync(join(d, 'a'), 'hello');
    assert.equal(readSideFile(join(d, 'a'), { what: 'baseline' }).toString(), 'hello');
  });

  it('refuses a symlink, even to a readable file', () => {
    const d = dir();
    writeFileSync(join(d, 'secret'), SECRET);
    symlinkSync('secret', join(d, 'link'));
    assert.match(refusal(() => readSideFile(join(d, 'link'), { what: 'baseline' })), /is a symlink/);
  });

  it('refuses /dev/zero at once with bounded memory', { skip: !existsSync('/dev/zero') }, () => {
    const before = process.memoryUsage().rss;
    assert.match(refusal(() => readSideFile('/dev/zero', { what: 'baseline' })), /is a device/);
    assert.ok(process.memoryUsage().rss - before < 64 * 1024 * 1024);
  });

  it('refuses a FIFO without blocking', (t) => {
    const fifo = fifoIn(dir());
    if (fifo === undefined) return t.skip('mkfifo is not available');
    assert.match(refusal(() => readSideFile(fifo, { what: 'baseline' })), /is a FIFO/);
  });

  it('refuses a file over the cap without reading it', () => {
    const d = dir();
    writeFileSync(join(d, 'big'), Buffer.alloc(1025, 0x61));
    assert.match(refusal(() => readSideFile(join(d, 'big'), { what: 'baseline', maxBytes: 1024 })), /larger than 1024 bytes/);
    assert.equal(readSideFile(join(d, 'big'), { what: 'baseline', maxBytes: 1025 }).length, 1025);
    assert.equal(SIDE_FILE_MAX_BYTES, 8 * 1024 * 1024);
  });

  it('refuses a file under a symlinked directory inside the target', () => {
    const outside = dir();
    writeFileSync(join(outside, 'b.yaml'), SECRET);
    const target = dir();
    symlinkSync(outside, join(target, 'conf'));
    assert.match(refusal(() => readSideFile(join(target, 'conf', 'b.yaml'), { what: 'baseline', target })), /symlinked directory/);
  });
});

describe('writeSideFile', () => {
  const report = (target: string, allowInsideTarget = false) => ({ what: 'report', target, allowInsideTarget });

  it('writes a new file and replaces an existing one', () => {
    const d = dir();
    const target = dir();
    writeSideFile(join(d, 'r.json'), 'a long first body', report(target));
    writeSideFile(join(d, 'r.json'), 'short', report(target));
    assert.equal(readFileSync(join(d, 'r.json'), 'utf8'), 'short');
  });

  it('refuses a symlink and leaves its target untouched', () => {
    const d = dir();
    writeFileSync(join(d, 'victim'), 'original');
    symlinkSync('victim', join(d, 'r.json'));
    symlinkSync('missing', join(d, 'dangling.json'));
    assert.match(refusal(() => writeSideFile(join(d, 'r.json'), 'x', report(dir()))), /is a symlink/);
    assert.match(refusal(() => writeSideFile(join(d, 'dangling.json'), 'x', report(dir()))), /is a symlink/);
    assert.equal(readFileSync(join(d, 'victim'), 'utf8'), 'original');
    assert.equal(existsSync(join(d, 'missing')), false);
  });

  it('refuses a FIFO without blocking', (t) => {
    const fifo = fifoIn(dir());
    if (fifo === undefined) return t.skip('mkfifo is not available');
    assert.match(refusal(() => writeSideFile(fifo, 'x', report(dir()))), /FIFO/);
  });

  it('refuses the target, anything inside it, and a path that reaches it through an outside link', () => {
    const target = dir();
    const d = dir();
    symlinkSync(target, join(d, 'into'));
    assert.match(refusal(() => writeSideFile(target, 'x', report(target))), /is the scan target/);
    assert.match(refusal(() => writeSideFile(join(target, 'r.json'), 'x', report(target))), /inside the scan target/);
    assert.match(refusal(() => writeSideFile(join(d, 'into', 'r.json'), 'x', report(target))), /inside the scan target/);
    assert.equal(existsSync(join(target, 'r.json')), false);
  });

  it('where allowed inside the target, refuses a symlinked directory and a hard-linked file', () => {
    const target = dir();
    const outside = dir();
    writeFileSync(join(outside, 'victim'), 'original');
    symlinkSync(outside, join(target, 'out'));
    linkSync(join(outside, 'victim'), join(target, 'hard.yaml'));
    mkdirSync(join(target, 'sub'));
    assert.match(refusal(() => writeSideFile(join(target, 'out', 'b.yaml'), 'x', report(target, true))), /symlinked directory/);
    assert.match(refusal(() => writeSideFile(join(target, 'hard.yaml'), 'x', report(target, true))), /hard links/);
    assert.equal(readFileSync(join(outside, 'victim'), 'utf8'), 'original');
    writeSideFile(join(target, 'sub', 'b.yaml'), 'ok', report(target, true));
    assert.equal(readFileSync(join(target, 'sub', 'b.yaml'), 'utf8'), 'ok');
  });
});
