import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isRemoteTarget, parseRemoteTarget } from './url-kind.js';

describe('remote target classification', () => {
  it('tells URLs from local paths', () => {
    for (const t of ['https://example.com/a.zip', 'http://x/y', 'ssh://git@host/r.git', 'git@github.com:o/r.git']) assert.ok(isRemoteTarget(t), t);
    for (const t of ['./skill', '/tmp/x.zip', 'C:\\skills', 'file:///tmp/x', 'https-notes/readme.md']) assert.ok(!isRemoteTarget(t), t);
  });

  it('classifies archives by suffix, git by .git, anything else as unknown (git first, then archive bytes)', () => {
    assert.equal(parseRemoteTarget('https://h/dl/skill.zip').kind, 'archive');
    assert.equal(parseRemoteTarget('https://h/dl/skill.tar.gz?x=1').kind, 'archive');
    assert.equal(parseRemoteTarget('https://h/dl/skill.TGZ').kind, 'archive');
    assert.equal(parseRemoteTarget('https://h/dl/skill.tar').kind, 'archive');
    assert.equal(parseRemoteTarget('https://h/o/r.git').kind, 'git');
    assert.equal(parseRemoteTarget('https://h/o/r').kind, 'unknown');
  });

  it('parses #ref, drops it from the fetched URL and names the copy after the URL', () => {
    const t = parseRemoteTarget('https://h/o/repo.git#v1.2.0');
    assert.equal(t.ref, 'v1.2.0');
    assert.equal(t.url, 'https://h/o/repo.git');
    assert.equal(t.name, 'repo');
    assert.equal(parseRemoteTarget('https://h/o/repo#feature%2Fx').ref, 'feature/x');
    assert.equal(parseRemoteTarget('https://h/a/skill%20pack.zip').name, 'skill_pack.zip');
    assert.equal(parseRemoteTarget('https://h/').name, 'repository');
    assert.equal(parseRemoteTarget('https://h/o/repo/').url, 'https://h/o/repo');
    assert.equal(parseRemoteTarget('https://h/o/repo.git/#main').url, 'https://h/o/repo.git');
  });

  it('refuses other schemes, credentials, scp-style addresses, bad refs and a #ref on an archive', () => {
    const bad: [string, RegExp][] = [
      ['ftp://h/a.zip', /only https:\/\/ URLs/], ['ssh://h/r.git', /only https:\/\/ URLs/], ['git@github.com:o/r.git', /scp-style/],
      ['https://user:secret@h/r.git', /credentials/], ['https://h/r.git#--upload-pack=x', /not a usable git/],
      ['https://h/r.git#a..b', /not a usable git/], ['https://h/r.git#a%20b', /not a usable git/], ['https://h/a.zip#main', /archive URL takes none/],
    ];
    for (const [t, why] of bad) assert.throws(() => parseRemoteTarget(t), why, t);
    assert.throws(() => parseRemoteTarget('https://user:secret@h/r.git'), (e: Error) => !e.message.includes('secret'));
  });
});
