// Remote git targets (CONTRACT §10) against a real `git http-backend` on 127.0.0.1: refs, --subdir, links
// never materialised, LFS pointers kept as text, no hooks, caps, temp dirs removed, report source fields.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { scanAsync } from '../../src/engine/scan.js';
import { withLocalTarget } from '../../src/remote/with-target.js';
import type { RemoteFetchOptions } from '../../src/remote/with-target.js';
import type { ScanReport } from '../../src/report/types.js';
import { writeSarif } from '../../src/report/writers/sarif.js';
import { render } from '../../src/report/writers/index.js';
import { GIT_MISSING, gitAvailable, makeBareRepo, startGitServer } from '../helpers/git-http-server.js';
import type { GitServer } from '../helpers/git-http-server.js';
import { REPO_ROOT } from '../helpers/tree.js';

const SKILL = (name: string): string => `---\nname: ${name}\ndescription: A demo skill.\n---\n# ${name}\n\nSay hello.\n`;
const LFS_POINTER = 'version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n';
const EXFIL = join(REPO_ROOT, 'test/fixtures/malicious/exfiltration');

interface Built {
  server: GitServer;
  commits: Record<string, string>;
}

async function scanRemote(target: string, opts: RemoteFetchOptions): Promise<ScanReport> {
  return withLocalTarget(target, opts, async ({ path, scanExtras }) => (await scanAsync({ target: path, ...scanExtras })).report);
}

describe('remote git targets', { skip: gitAvailable() ? false : GIT_MISSING }, () => {
  let root: string;
  let temp: string;
  let marker: string;
  let built: Built;
  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'skillspector-git-server-'));
    temp = mkdtempSync(join(tmpdir(), 'skillspector-remote-test-'));
    marker = join(temp, '..', `hook-ran-${process.pid}`);
    const commits: Record<string, string> = {};
    makeBareRepo(root, 'skill', (r) => {
      r.write({ 'SKILL.md': SKILL('first'), 'docs/old.md': '# old\n' });
      commits['first'] = r.commit('first');
      r.git('tag', 'v1');
      r.git('tag', '-a', 'v1-annotated', '-m', 'annotated');
      r.write({ 'docs/middle.md': '# middle\n' });
      commits['middle'] = r.commit('middle');
      r.write({
        'SKILL.md': `${SKILL('main-skill')}Then run \`scripts/helper.sh\`.\n`,
        'scripts/helper.sh': { symlink: '/opt/elsewhere/helper.sh' },
        'scripts/run.sh': { data: '#!/bin/sh\necho hello\n', executable: true },
        'link-to-skill': { symlink: 'SKILL.md' },
        'escape': { symlink: '/etc/passwd' },
        'assets/model.bin': LFS_POINTER,
        '.gitattributes': 'assets/*.bin filter=lfs diff=lfs merge=lfs -text\n',
        // Looks like a hook; nothing in a fetch ever runs it.
        'hooks/post-checkout': { data: `#!/bin/sh\ntouch ${marker}\n`, executable: true },
        '.githooks/post-checkout': { data: `#!/bin/sh\ntouch ${marker}\n`, executable: true },
        'sub/skill/SKILL.md': SKILL('nested-skill'),
        'sub/skill/notes.md': '# notes\n',
      });
      r.gitlink('vendor/lib', commits['first'] ?? '');
      commits['main'] = r.commit('second');
      r.git('checkout', '-q', '-b', 'evil');
      r.write({ 'SKILL.md': readFileSync(join(EXFIL, 'SKILL.md')), 'scripts/diag.py': readFileSync(join(EXFIL, 'scripts/diag.py')) });
      commits['evil'] = r.commit('evil');
      r.git('checkout', '-q', 'main');
    });
    makeBareRepo(root, 'big', (r) => {
      r.write({ 'SKILL.md': SKILL('big'), 'a.txt': 'A'.repeat(100_000), 'b.txt': 'b\n', 'c.txt': 'c\n', 'd.txt': 'd\n' });
      r.commit('big');
    });
    makeBareRepo(root, 'forged', (r) => {
      r.forgeTree([['..', 'up\n'], ['SKILL.md', SKILL('forged')], ['SKILL.md', 'second copy\n'], ['a\u0001b', 'ctl\n']]);
    });
    built = { server: await startGitServer(root), commits };
  });
  after(async () => {
    await built.server.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(temp, { recursive: true, force: true });
    rmSync(marker, { force: true });
  });
  const allow = (more: RemoteFetchOptions = {}): RemoteFetchOptions => ({ allowPrivateNetwork: true, tempDir: temp, ...more });

  it('clones the default branch: source fields, links inventoried as not_regular_file and never written, temp removed', async () => {
    const url = built.server.url('skill');
    const report = await scanRemote(url, allow());
    assert.equal(report.skill.source, url);
    assert.equal(report.skill.name, 'main-skill');
    assert.deepEqual(report.metadata['source'], { kind: 'git', url, resolved_ref: built.commits['main'] });
    const row = (p: string) => report.inventory.find((r) => r.path === p);
    for (const link of ['link-to-skill', 'escape', 'vendor/lib', 'scripts/helper.sh']) {
      assert.equal(row(link)?.disposition, 'out_of_scope', link);
      assert.equal(row(link)?.reason, 'not_regular_file', link);
      assert.ok(report.analysis_completeness.scope_exclusions.some((s) => s.path === link && s.reason_code === 'not_regular_file'), link);
    }
    assert.ok(!JSON.stringify(report).includes('root:x:0:0'), 'a link target is never read');
    // A link SKILL.md relies on makes the scan incomplete, as a link on disk does.
    const relied = report.analysis_completeness.ledger_exceptions.filter((e) => e.reason_code === 'opaque_content' && e.path === 'scripts/helper.sh');
    assert.equal(relied.length, 1);
    assert.equal(report.analysis_completeness.is_complete, false);
    assert.notEqual(report.risk_assessment.recommendation, 'SAFE');
    // The LFS pointer is scanned as the small text file git stores, never replaced by the object.
    assert.equal(row('assets/model.bin')?.size_bytes, Buffer.byteLength(LFS_POINTER));
    assert.equal(row('assets/model.bin')?.content_kind, 'text');
    assert.equal(report.components.find((c) => c.path === 'scripts/run.sh')?.executable, true);
    assert.ok(!JSON.stringify(report).includes(temp), 'no temporary path in the report');
    assert.deepEqual(readdirSync(temp), [], 'the temporary checkout is removed');
    assert.equal(existsSync(marker), false, 'no hook ran');
  });

  it('checks out #tag, #annotated-tag, #branch and #<full sha>', async () => {
    const base = built.server.url('skill');
    const refOf = (r: ScanReport): unknown => (r.metadata['source'] as { resolved_ref?: string }).resolved_ref;
    const tag = await scanRemote(`${base}#v1`, allow());
    assert.equal(refOf(tag), built.commits['first']);
    assert.equal(tag.skill.name, 'first');
    assert.equal(tag.skill.source, `${base}#v1`);
    assert.equal(refOf(await scanRemote(`${base}#v1-annotated`, allow())), built.commits['first']);
    const branch = await scanRemote(`${base}#evil`, allow());
    assert.equal(refOf(branch), built.commits['evil']);
    // A commit a tag points at, a branch tip off the default branch, and one inside the default branch's history.
    const sha = await scanRemote(`${base}#${built.commits['first'] ?? ''}`, allow());
    assert.equal(refOf(sha), built.commits['first']);
    assert.ok(sha.inventory.some((r) => r.path === 'docs/old.md'));
    assert.ok(!sha.inventory.some((r) => r.path === 'docs/middle.md'));
    assert.equal(refOf(await scanRemote(`${base}#${built.commits['evil'] ?? ''}`, allow())), built.commits['evil']);
    const middle = await scanRemote(`${base}#${built.commits['middle'] ?? ''}`, allow());
    assert.equal(refOf(middle), built.commits['middle']);
    assert.ok(middle.inventory.some((r) => r.path === 'docs/middle.md'));
    assert.equal(middle.skill.name, 'first');
    await assert.rejects(scanRemote(`${base}#no-such-branch`, allow()), /no branch or tag named "no-such-branch"/);
    await assert.rejects(scanRemote(`${base}#${'0'.repeat(40)}`, allow()), /is not on the default branch's history/);
  });

  it('malicious content in a remote repository gives DO_NOT_INSTALL', async () => {
    const report = await scanRemote(`${built.server.url('skill')}#evil`, allow());
    assert.equal(report.risk_assessment.recommendation, 'DO_NOT_INSTALL');
    assert.ok(report.issues.some((i) => i.location.file === 'SKILL.md'));
  });

  it('--subdir scans one folder, with paths relative to it', async () => {
    const report = await scanRemote(built.server.url('skill'), allow({ subdir: 'sub/skill' }));
    assert.equal(report.skill.name, 'nested-skill');
    assert.deepEqual(report.inventory.map((r) => r.path).sort(), ['SKILL.md', 'notes.md']);
    await assert.rejects(scanRemote(built.server.url('skill'), allow({ subdir: 'nope' })), /--subdir nope does not exist/);
    await assert.rejects(scanRemote(built.server.url('skill'), allow({ subdir: 'link-to-skill' })), /is a symlink, not a folder/);
    await assert.rejects(scanRemote(built.server.url('skill'), allow({ subdir: '../x' })), /must be a path inside the repository/);
    assert.deepEqual(readdirSync(temp), []);
  });

  it('the report formats name repository paths, never the temporary copy', async () => {
    const report = await scanRemote(`${built.server.url('skill')}#evil`, allow());
    for (const out of [render('json', report, { color: false, verbose: true, showSuppressed: false }), render('markdown', report, { color: false, verbose: true, showSuppressed: false }), writeSarif(report, {})]) {
      assert.ok(!out.includes(temp) && !out.includes('skillspector-remote-'), 'no temporary path');
      assert.ok(out.includes('SKILL.md'));
    }
  });

  it('a checkout over the file or byte cap is scanned partly, with a limitation; a download over the cap fails', async () => {
    const files = await scanRemote(built.server.url('big'), allow({ limits: { files: 2 } }));
    assert.match(files.analysis_completeness.limitations.join('\n'), /only partly written: the 2-file limit \(files and folders\) was reached/);
    assert.equal(files.analysis_completeness.is_complete, false);
    assert.notEqual(files.risk_assessment.recommendation, 'SAFE');
    const bytes = await scanRemote(built.server.url('big'), allow({ limits: { bytes: 50_000 } }));
    assert.match(bytes.analysis_completeness.limitations.join('\n'), /the 50000 bytes checkout limit was reached/);
    await assert.rejects(scanRemote(built.server.url('big'), allow({ limits: { bytes: 300 } })), /exceeds the 300 bytes limit/);
    assert.deepEqual(readdirSync(temp), []);
  });

  it('a forged tree: an unsafe name is never written and a duplicate never overwrites; both are limitations', async () => {
    const report = await scanRemote(built.server.url('forged'), allow());
    const limitations = report.analysis_completeness.limitations.join('\n');
    assert.match(limitations, /entry with an unsafe name \("\.\."\)/);
    assert.match(limitations, /names "SKILL\.md" twice; only the first was written/);
    assert.equal(report.skill.name, 'forged');
    assert.equal(report.analysis_completeness.is_complete, false);
    assert.deepEqual(readdirSync(temp), []);
    assert.equal(existsSync(join(temp, '..', 'up')), false);
  });

  it('refuses the loopback git server without the option, and a path that is not a repository', async () => {
    await assert.rejects(scanRemote(built.server.url('skill'), { tempDir: temp }), /plain http is not allowed/);
    await assert.rejects(scanRemote(`${built.server.base}/nothing.git`, allow()), /not a git repository over smart HTTP/);
    await assert.rejects(scanRemote(`${built.server.base}/nothing`, allow()), /neither a git repository nor a ZIP, tar or tar\.gz archive|HTTP 404/);
  });
});
