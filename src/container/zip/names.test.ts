import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMemberName } from './index.js';

describe('checkMemberName', () => {
  const safe: [string, string][] = [
    ['SKILL.md', 'SKILL.md'],
    ['scripts/run.sh', 'scripts/run.sh'],
    ['dir/', 'dir'],
    ['win\\style\\path.txt', 'win/style/path.txt'],
    ['.hidden/x', '.hidden/x'],
    ['a..b/c...', 'a..b/c...'],
    ['notes!', 'notes!'],
    ['a!b/c', 'a!b/c'],
    ['ünï/日本.txt', 'ünï/日本.txt'],
    ['ab:c', 'ab:c'],
  ];
  for (const [name, path] of safe) {
    it(`accepts ${JSON.stringify(name)}`, () => {
      assert.deepEqual(checkMemberName(name), { ok: true, name: path });
    });
  }

  const unsafe: [string, RegExp][] = [
    ['', /empty/],
    ['/', /empty once its trailing slash/],
    ['a\0b', /NUL/],
    ['/etc/passwd', /absolute/],
    ['//server/share', /absolute/],
    ['\\\\server\\share', /absolute/],
    ['\\abs', /absolute/],
    ['C:\\win.txt', /drive-qualified/],
    ['c:rel', /drive-qualified/],
    ['x:y', /drive-qualified/],
    ['../evil.sh', /'\.\.' path segment/],
    ['a/../../b', /'\.\.' path segment/],
    ['a\\..\\b', /'\.\.' path segment/],
    ['./a', /'\.' path segment/],
    ['a/./b', /'\.' path segment/],
    ['..', /'\.\.' path segment/],
    ['a//b', /empty path segment/],
    ['a//', /empty path segment/],
    ['outer.zip!/inner', /'!\/'/],
    ['x!\\y', /'!\/'/],
  ];
  for (const [name, why] of unsafe) {
    it(`refuses ${JSON.stringify(name)}`, () => {
      const r = checkMemberName(name);
      assert.equal(r.ok, false);
      if (!r.ok) assert.match(r.why, why);
    });
  }
});
