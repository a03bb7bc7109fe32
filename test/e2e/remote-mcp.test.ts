// `scan_skill` with a remote URL (CONTRACT §8, §10): fetched and scanned on both transports' policies;
// the private-network allowance exists only as an in-process test injection, never for a caller.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runScanSkill, scanSkillInput } from '../../src/mcp/server.js';
import { errorOf, verdictOf } from '../../src/mcp/test-support.js';
import { startFileServer } from '../helpers/http-file-server.js';
import type { FileServer } from '../helpers/http-file-server.js';
import { buildZip } from '../helpers/zip-builder.js';

const SKILL_MD = '---\nname: mcp-remote\ndescription: A demo skill.\n---\n# Demo\n\nSay hello.\n';

describe('scan_skill with a remote URL', () => {
  let server: FileServer;
  let temp: string;
  before(async () => {
    server = await startFileServer({ '/skill.zip': { body: buildZip([{ name: 'SKILL.md', data: SKILL_MD }]) } });
    temp = mkdtempSync(join(tmpdir(), 'skillspector-remote-mcp-'));
  });
  after(async () => {
    await server.close();
    rmSync(temp, { recursive: true, force: true });
  });

  it('fetches and scans an archive URL on either policy when the test allows the loopback server', async () => {
    for (const allowLocalTargets of [true, false]) {
      const result = await runScanSkill({ target: server.url('/skill.zip') }, { allowLocalTargets, remote: { allowPrivateNetwork: true, tempDir: temp } });
      const verdict = verdictOf(result);
      assert.equal(verdict.target, server.url('/skill.zip'));
      assert.equal(verdict.recommendation, 'SAFE');
      assert.deepEqual(readdirSync(temp), []);
    }
  });

  it('without the injection the same URL is refused, and the reply offers no way around it', async () => {
    for (const allowLocalTargets of [true, false]) {
      const msg = errorOf(await runScanSkill({ target: server.url('/skill.zip') }, { allowLocalTargets }));
      assert.match(msg, /^refused http:\/\/127\.0\.0\.1:\d+\/skill\.zip: plain http is not allowed/);
      assert.doesNotMatch(msg, /--allow-private-network/);
    }
    assert.equal(server.hits.get('/skill.zip'), 2, 'only the two allowed scans reached the server');
  });

  it('the tool arguments have no field that could allow private addresses', () => {
    const keys = Object.keys(scanSkillInput.shape).sort();
    assert.deepEqual(keys, ['output_format', 'target', 'use_llm']);
    const parsed = scanSkillInput.safeParse({ target: 'https://x/y.zip', allow_private_network: true });
    assert.ok(parsed.success && !('allow_private_network' in parsed.data));
  });
});
