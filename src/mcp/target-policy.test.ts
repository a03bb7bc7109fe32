import assert from 'node:assert/strict';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkTarget, classifyTarget } from './target-policy.js';

const HTTP = { allowLocalTargets: false };
const STDIO = { allowLocalTargets: true };

const LOCAL_TARGETS: Array<[string, string]> = [
  ['/etc/passwd', 'absolute'],
  ['/tmp/skill', 'absolute'],
  ['file:///etc/passwd', 'file-url'],
  ['FILE:///etc', 'file-url'],
  ['file://server/share/skill', 'file-url'],
  ['file:relative', 'file-url'],
  ['\\\\server\\share\\skill', 'unc'],
  ['//server/share/skill', 'unc'],
  ['C:\\Users\\me\\skill', 'drive'],
  ['C:/Users/me/skill', 'drive'],
  ['c:skill', 'drive'],
  ['~', 'home'],
  ['~/skills/x', 'home'],
  ['~root/x', 'home'],
  ['skill', 'relative'],
  ['./skill', 'relative'],
  ['../../etc', 'relative'],
  ['src', 'relative'],
  ['\\rooted\\path', 'absolute'],
];

describe('mcp target policy', () => {
  it('classifies every local spelling', () => {
    for (const [target, kind] of LOCAL_TARGETS) assert.equal(classifyTarget(target), kind, target);
    assert.equal(classifyTarget('https://example.com/skill.zip'), 'remote-url');
    assert.equal(classifyTarget('git@github.com:o/r.git'), 'remote-url');
  });

  it('HTTP refuses every local target with one clear sentence', () => {
    for (const [target] of LOCAL_TARGETS) {
      const d = checkTarget(target, HTTP);
      assert.equal(d.ok, false, target);
      if (d.ok) continue;
      assert.match(d.message, /^local targets are disabled for the MCP HTTP transport/, target);
      assert.match(d.message, /stdio/);
      assert.ok(!d.message.includes('\n'));
    }
  });

  it('remote URLs pass on both transports, marked remote (src/remote/ fetches and polices them)', () => {
    for (const policy of [HTTP, STDIO]) {
      assert.deepEqual(checkTarget('https://example.com/skill.zip', policy), { ok: true, path: 'https://example.com/skill.zip', remote: true });
    }
  });

  it('empty and control-character targets are refused everywhere', () => {
    for (const policy of [HTTP, STDIO]) {
      for (const target of ['', '   ', 'a\nb', 'x\u0000y']) assert.equal(checkTarget(target, policy).ok, false, JSON.stringify(target));
    }
  });

  it('stdio passes local paths through, expands ~ and converts file:// URLs', () => {
    assert.deepEqual(checkTarget('./skill', STDIO), { ok: true, path: './skill' });
    assert.deepEqual(checkTarget('/tmp/skill', STDIO), { ok: true, path: '/tmp/skill' });
    assert.deepEqual(checkTarget('~', STDIO), { ok: true, path: homedir() });
    assert.deepEqual(checkTarget('~/skills/x', STDIO), { ok: true, path: join(homedir(), 'skills/x') });
    assert.deepEqual(checkTarget('file:///tmp/a%20b', STDIO), { ok: true, path: '/tmp/a b' });
    assert.equal(checkTarget('~root/x', STDIO).ok, false);
  });

  it('long targets are shortened in the message', () => {
    const d = checkTarget(`/${'a'.repeat(5000)}`, HTTP);
    assert.equal(d.ok, false);
    if (!d.ok) assert.ok(d.message.length < 400);
  });
});
