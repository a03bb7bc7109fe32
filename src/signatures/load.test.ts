import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileSignatures, SignatureSyntaxError } from './index.js';
import { loadSignatureDir } from './load.js';

function withDir(fn: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'sig-load-'));
  try {
    fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('loads *.yar and *.yara recursively in sorted order, skips other files and symlinks', () => {
  withDir((dir) => {
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'b.yar'), 'rule b { condition: true }');
    writeFileSync(join(dir, 'sub', 'a.yara'), 'rule a { condition: true }');
    writeFileSync(join(dir, 'notes.txt'), 'rule junk {');
    symlinkSync(join(dir, 'b.yar'), join(dir, 'link.yar'));
    const sources = loadSignatureDir(dir);
    assert.deepEqual(sources.map((s) => s.file), [join(dir, 'b.yar'), join(dir, 'sub', 'a.yara')]);
    assert.deepEqual(compileSignatures(sources).rules.map((r) => r.name), ['b', 'a']);
  });
});

test('a broken rule file in the directory is a usage error naming that file and line', () => {
  withDir((dir) => {
    writeFileSync(join(dir, 'ok.yar'), 'rule ok { condition: true }');
    writeFileSync(join(dir, 'bad.yar'), 'rule bad {\n  strings:\n    $a = "x\n  condition: $a\n}');
    assert.throws(
      () => compileSignatures(loadSignatureDir(dir)),
      (e: unknown) => e instanceof SignatureSyntaxError && e.file === join(dir, 'bad.yar') && e.line === 3 && /unterminated string/.test(e.usageLine()),
    );
  });
});

test('missing directory, oversized file and invalid UTF-8 are usage errors', () => {
  withDir((dir) => {
    assert.throws(() => loadSignatureDir(join(dir, 'nope')), /rules directory does not exist/);
    writeFileSync(join(dir, 'big.yar'), Buffer.alloc(1024 * 1024 + 1, 0x20));
    assert.throws(() => loadSignatureDir(dir), (e: unknown) => e instanceof SignatureSyntaxError && /larger than 1048576 bytes/.test(e.detail) && e.file.endsWith('big.yar'));
    rmSync(join(dir, 'big.yar'));
    writeFileSync(join(dir, 'bin.yar'), Buffer.from([0x72, 0xff, 0xfe]));
    assert.throws(() => loadSignatureDir(dir), /not valid UTF-8/);
  });
});
