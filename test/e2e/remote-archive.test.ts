// Remote archive targets (CONTRACT §10): download under caps, redirects re-checked, SSRF refusals, the
// report naming the URL. Every server runs on 127.0.0.1, started and stopped here.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { lookup } from 'node:dns/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createHash } from 'node:crypto';
import { scanAsync } from '../../src/engine/scan.js';
import { addressRestriction, hostRestriction } from '../../src/remote/address-policy.js';
import { fetchRepo } from '../../src/remote/git-fetch.js';
import { guardedGet, guardedLookup, newSession } from '../../src/remote/guarded-get.js';
import { DEFAULT_REMOTE_LIMITS } from '../../src/remote/limits.js';
import { withLocalTarget } from '../../src/remote/with-target.js';
import type { RemoteFetchOptions } from '../../src/remote/with-target.js';
import type { ScanReport } from '../../src/report/types.js';
import { startFileServer } from '../helpers/http-file-server.js';
import type { FileServer } from '../helpers/http-file-server.js';
import { buildTgz } from '../helpers/tar-builder.js';
import { buildZip } from '../helpers/zip-builder.js';

const SKILL_MD = '---\nname: remote-demo\ndescription: A demo skill.\n---\n# Demo\n\nSay hello.\n';
const ZIP = buildZip([{ name: 'SKILL.md', data: SKILL_MD }, { name: 'docs/usage.md', data: '# Usage\n\nRun it.\n' }]);
const TGZ = buildTgz([{ name: 'SKILL.md', data: SKILL_MD }, { name: 'notes.txt', data: 'plain notes\n' }]);

async function scanRemote(target: string, opts: RemoteFetchOptions): Promise<{ report: ScanReport; tempPath: string }> {
  return withLocalTarget(target, opts, async ({ path, scanExtras }) => ({ report: (await scanAsync({ target: path, ...scanExtras })).report, tempPath: path }));
}

describe('remote archive targets', () => {
  let server: FileServer;
  let temp: string;
  before(async () => {
    server = await startFileServer({
      '/dl/skill.zip': { body: ZIP, contentType: 'application/zip' },
      '/dl/skill.tar.gz': { body: TGZ },
      '/r1': { redirect: '/r2' },
      '/r2': { redirect: '/r3', status: 301 },
      '/r3': { redirect: '/dl/skill.zip', status: 307 },
      '/to-loopback': { redirect: 'https://127.0.0.1:9/x.zip' },
      '/to-localhost': { redirect: 'https://localhost:9/x.zip' },
      '/to-metadata': { redirect: 'https://169.254.169.254/latest/meta-data' },
      '/to-http': { redirect: 'http://example.com/x.zip' },
      '/big.zip': { streamBytes: 300_000 },
      '/slow.zip': { delayMs: 5_000, body: ZIP },
      '/page.zip': { body: '<html>not an archive</html>', contentType: 'text/html' },
      '/codeload/main': { body: ZIP, contentType: 'application/zip' },
      '/missing.zip': { body: 'gone', status: 404 },
      '/slow.git/info/refs': { delayMs: 5_000 },
      '/big.git/info/refs': { streamBytes: 300_000 },
      '/moved.git/info/refs': { redirect: 'https://127.0.0.1:9/moved.git/info/refs?service=git-upload-pack' },
    });
    temp = mkdtempSync(join(tmpdir(), 'skillspector-remote-test-'));
  });
  after(async () => {
    await server.close();
    rmSync(temp, { recursive: true, force: true });
  });
  const allow = (): RemoteFetchOptions => ({ allowPrivateNetwork: true, tempDir: temp });

  it('scans a ZIP URL as an archive target: members inventoried, source fields name the URL, temp copy removed', async () => {
    const url = server.url('/dl/skill.zip');
    const { report, tempPath } = await scanRemote(url, allow());
    assert.equal(report.skill.source, url);
    assert.equal(report.skill.name, 'remote-demo');
    assert.equal(report.metadata.target_kind, 'archive');
    assert.deepEqual(report.metadata['source'], { kind: 'url', url, sha256: createHash('sha256').update(ZIP).digest('hex') });
    assert.deepEqual(report.inventory.map((r) => r.path).sort(), ['SKILL.md', 'docs/usage.md']);
    assert.equal(report.risk_assessment.recommendation, 'SAFE');
    assert.ok(!JSON.stringify(report).includes(temp), 'no temporary path in the report');
    assert.ok(tempPath.startsWith(temp));
    assert.deepEqual(readdirSync(temp), [], 'the temporary directory is removed');
  });

  it('scans a tar.gz URL', async () => {
    const { report } = await scanRemote(server.url('/dl/skill.tar.gz'), allow());
    assert.equal(report.metadata.target_kind, 'archive');
    assert.deepEqual(report.inventory.map((r) => r.path).sort(), ['SKILL.md', 'notes.txt']);
  });

  it('follows a redirect chain (302, 301, 307) to the archive', async () => {
    const { report } = await scanRemote(server.url('/r1'), allow());
    assert.equal(report.skill.source, server.url('/r1'));
    assert.ok(report.inventory.some((r) => r.path === 'SKILL.md'));
  });

  it('a URL that is no git repository but serves archive bytes is scanned as an archive', async () => {
    const { report } = await scanRemote(server.url('/codeload/main'), allow());
    assert.equal(report.metadata.target_kind, 'archive');
    assert.equal((report.metadata['source'] as { kind: string }).kind, 'url');
  });

  it('refuses more redirects than the limit', async () => {
    await assert.rejects(scanRemote(server.url('/r1'), { ...allow(), limits: { redirects: 2 } }), /more than 2 redirects/);
  });

  it('aborts a download over the byte cap', async () => {
    await assert.rejects(scanRemote(server.url('/big.zip'), { ...allow(), limits: { bytes: 100_000 } }), /download exceeds the 100000 bytes limit/);
    await assert.rejects(scanRemote(server.url('/dl/skill.zip'), { ...allow(), limits: { bytes: 64 } }), /download exceeds/);
  });

  it('times out a stalled server', async () => {
    await assert.rejects(scanRemote(server.url('/slow.zip'), { ...allow(), limits: { ms: 300 } }), /timed out after 0\.3 s/);
  });

  it('git requests get the same deadline, byte cap and redirect re-check', async () => {
    await assert.rejects(scanRemote(server.url('/slow.git'), { ...allow(), limits: { ms: 300 } }), /timed out after 0\.3 s/);
    await assert.rejects(scanRemote(server.url('/big.git'), { ...allow(), limits: { bytes: 100_000 } }), /download exceeds the 100000 bytes limit/);
    const origin = new URL(server.url('/')).origin;
    await assert.rejects(
      fetchRepo(newSession('test', DEFAULT_REMOTE_LIMITS, false, new Set([origin])), server.url('/moved.git'), undefined),
      /127\.0\.0\.1 is a loopback address/,
    );
    assert.deepEqual(readdirSync(temp), []);
  });

  it('refuses a download that is not an archive, and an HTTP error', async () => {
    await assert.rejects(scanRemote(server.url('/page.zip'), allow()), /not a ZIP, tar or tar\.gz archive/);
    await assert.rejects(scanRemote(server.url('/missing.zip'), allow()), /HTTP 404/);
    assert.deepEqual(readdirSync(temp), []);
  });

  it('without the option: plain http and loopback, private, link-local and metadata addresses are refused', async () => {
    const hitsBefore = server.hits.get('/dl/skill.zip');
    await assert.rejects(scanRemote(server.url('/dl/skill.zip'), { tempDir: temp }), /plain http is not allowed, use https:\/\/ \(use --allow-private-network to allow\)/);
    for (const [url, why] of [
      ['https://127.0.0.1:9/s.zip', /127\.0\.0\.1 is a loopback address/],
      ['https://2130706433/s.zip', /127\.0\.0\.1 is a loopback address/],
      ['https://0x7f.1/s.zip', /127\.0\.0\.1 is a loopback address/],
      ['https://10.0.0.8/s.zip', /10\.0\.0\.8 is a private address/],
      ['https://[::1]/s.zip', /::1 is a loopback address/],
      ['https://[fd00::1]/r.git', /unique-local/],
      ['https://[::ffff:192.168.0.1]/r.git', /private address \(IPv4 inside IPv6\)/],
      ['https://169.254.169.254/latest/meta-data', /link-local/],
      ['https://metadata.google.internal/x.zip', /cloud metadata service name/],
      ['https://localhost/x.zip', /localhost is a loopback name/],
    ] as const) {
      await assert.rejects(scanRemote(url, { tempDir: temp }), why, url);
    }
    assert.equal(server.hits.get('/dl/skill.zip'), hitsBefore, 'the refused plain-http request never reached the server');
    assert.deepEqual(readdirSync(temp), []);
  });

  it('a redirect is checked again: a trusted server cannot bounce the fetch to a private or plain-http address', async () => {
    const origin = new URL(server.url('/')).origin;
    const session = (): ReturnType<typeof newSession> => newSession('test', DEFAULT_REMOTE_LIMITS, false, new Set([origin]));
    assert.equal((await guardedGet(session(), server.url('/dl/skill.zip'))).body.length, ZIP.length, 'the exempt origin itself is reachable');
    await assert.rejects(guardedGet(session(), server.url('/to-loopback')), /refused https:\/\/127\.0\.0\.1:9\/x\.zip: 127\.0\.0\.1 is a loopback address/);
    await assert.rejects(guardedGet(session(), server.url('/to-localhost')), /localhost is a loopback name/);
    await assert.rejects(guardedGet(session(), server.url('/to-metadata')), /169\.254\.169\.254 is a link-local/);
    await assert.rejects(guardedGet(session(), server.url('/to-http')), /plain http is not allowed/);
  });

  it('a DNS name is refused at connect time when any address it resolves to is private', async () => {
    const lookup = guardedLookup('https://example.test/x.zip');
    const err = await new Promise<Error | null>((resolve) => lookup('localhost', {}, (e) => resolve(e)));
    assert.match(err?.message ?? '', /localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
  });

  it('the connect-time check runs inside the real request: a host name that resolves to loopback is refused', async (t) => {
    // This machine's own name usually resolves to a loopback or private address and passes the name check.
    const name = hostname();
    const resolved = await lookup(name).catch(() => undefined);
    if (!resolved || addressRestriction(resolved.address) === null || hostRestriction(name) !== null) {
      t.skip(`${name} does not resolve to a restricted address here`);
      return;
    }
    const port = new URL(server.url('/')).port;
    await assert.rejects(
      guardedGet(newSession('test', DEFAULT_REMOTE_LIMITS, false), `https://${name}:${port}/dl/skill.zip`),
      new RegExp(`${name} resolves to ${resolved.address.replace(/\./g, '\\.')}, `),
    );
  });
});
