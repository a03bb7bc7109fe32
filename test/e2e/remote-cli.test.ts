// `skillspector scan <url>` end to end (CONTRACT §10): exit codes, one-line refusals, report files, and no
// temporary path anywhere. Servers run on 127.0.0.1 in this process; the CLI runs as a child.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { GIT_MISSING, gitAvailable, makeBareRepo, startGitServer } from '../helpers/git-http-server.js';
import type { GitServer } from '../helpers/git-http-server.js';
import { startFileServer } from '../helpers/http-file-server.js';
import type { FileServer } from '../helpers/http-file-server.js';
import { cliAsync, REPO_ROOT } from '../helpers/tree.js';
import { buildZip } from '../helpers/zip-builder.js';

const SKILL_MD = '---\nname: cli-remote\ndescription: A demo skill.\n---\n# Demo\n\nSay hello.\n';
const EXFIL = join(REPO_ROOT, 'test/fixtures/malicious/exfiltration');

describe('scan <url> (CLI)', () => {
  let files: FileServer;
  let work: string;
  before(async () => {
    files = await startFileServer({ '/skill.zip': { body: buildZip([{ name: 'SKILL.md', data: SKILL_MD }]) } });
    work = mkdtempSync(join(tmpdir(), 'skillspector-remote-cli-'));
  });
  after(async () => {
    await files.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('scans a ZIP URL with --allow-private-network: JSON names the URL, the report file is written', async () => {
    const url = files.url('/skill.zip');
    const out = join(work, 'report.json');
    const r = await cliAsync(['scan', url, '--allow-private-network', '-f', 'json', '-o', out, '--report', `sarif=${join(work, 'r.sarif')}`]);
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(readFileSync(out, 'utf8')) as { skill: { source: string }; metadata: { source: { kind: string; url: string; sha256: string } } };
    assert.equal(report.skill.source, url);
    assert.equal(report.metadata.source.kind, 'url');
    assert.match(report.metadata.source.sha256, /^[0-9a-f]{64}$/);
    const sarif = readFileSync(join(work, 'r.sarif'), 'utf8');
    assert.ok(!sarif.includes('skillspector-remote-') && !sarif.includes('file://'), 'SARIF carries no temporary file:// root');
  });

  it('refusals exit 2 with one plain stderr line and no report', async () => {
    const cases: [string[], RegExp][] = [
      [['scan', files.url('/skill.zip')], /^skillspector: refused http:\/\/127\.0\.0\.1:\d+\/skill\.zip: plain http is not allowed, use https:\/\/ \(use --allow-private-network to allow\)\n$/],
      [['scan', 'https://127.0.0.1:9/skill.zip'], /^skillspector: refused https:\/\/127\.0\.0\.1:9\/skill\.zip: 127\.0\.0\.1 is a loopback address \(use --allow-private-network to allow\)\n$/],
      [['scan', 'ftp://example.com/skill.zip'], /^skillspector: refused ftp:\/\/example\.com\/skill\.zip: only https:\/\/ URLs can be scanned, not ftp:\/\/\n$/],
      [['scan', files.url('/missing.zip'), '--allow-private-network'], /^skillspector: cannot fetch http:\/\/127\.0\.0\.1:\d+\/missing\.zip: HTTP 404 Not Found\n$/],
      [['scan', join(REPO_ROOT, 'test/fixtures/benign/mcp-requirements'), '--subdir', 'x'], /^skillspector: --subdir applies to git repository URLs only/],
      [['scan', files.url('/skill.zip'), '--allow-private-network', '--sarif-root', '.'], /^skillspector: --sarif-root applies to local targets only/],
    ];
    const runs = await Promise.all(cases.map(([args]) => cliAsync(args)));
    for (const [i, r] of runs.entries()) {
      const [args, expected] = cases[i] ?? [[], /$^/];
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, expected, args.join(' '));
      assert.equal(r.stdout, '', args.join(' '));
    }
  });
});

describe('scan <git url> (CLI)', { skip: gitAvailable() ? false : GIT_MISSING }, () => {
  let root: string;
  let server: GitServer;
  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'skillspector-git-cli-'));
    makeBareRepo(root, 'evil', (r) => {
      r.write({ 'SKILL.md': readFileSync(join(EXFIL, 'SKILL.md')), 'scripts/diag.py': readFileSync(join(EXFIL, 'scripts/diag.py')), 'pack/SKILL.md': SKILL_MD });
      r.commit('evil');
    });
    server = await startGitServer(root);
  });
  after(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('a malicious repository exits 1 with DO_NOT_INSTALL; --subdir scans the clean folder; no temp path in any format', async () => {
    const url = server.url('evil');
    const [json, sarif, md, sub] = await Promise.all([
      cliAsync(['scan', url, '--allow-private-network', '-f', 'json']),
      cliAsync(['scan', `${url}#main`, '--allow-private-network', '-f', 'sarif']),
      cliAsync(['scan', url, '--allow-private-network', '-f', 'markdown']),
      cliAsync(['scan', url, '--allow-private-network', '--subdir', 'pack', '-f', 'json']),
    ]);
    assert.equal(json.code, 1, json.stderr);
    const report = JSON.parse(json.stdout) as { skill: { source: string }; risk_assessment: { recommendation: string }; metadata: { source: { kind: string; resolved_ref: string } } };
    assert.equal(report.skill.source, url);
    assert.equal(report.risk_assessment.recommendation, 'DO_NOT_INSTALL');
    assert.equal(report.metadata.source.kind, 'git');
    assert.match(report.metadata.source.resolved_ref, /^[0-9a-f]{40}$/);
    for (const r of [json, sarif, md]) {
      assert.equal(r.code, 1, r.stderr);
      assert.ok(!r.stdout.includes('skillspector-remote-') && !r.stdout.includes(tmpdir()), 'no temporary path in the report');
    }
    assert.equal(sub.code, 0, sub.stderr);
    const subReport = JSON.parse(sub.stdout) as { skill: { name: string }; inventory: { path: string }[] };
    assert.equal(subReport.skill.name, 'cli-remote');
    assert.deepEqual(subReport.inventory.map((r) => r.path), ['SKILL.md']);
  });
});
