import { test } from 'node:test';
import assert from 'node:assert/strict';
import { highFindings, runRule } from '../../../test/helpers/rule-harness.js';
import { manifestOf } from '../tool-poisoning/test-support.js';
import { rp1 } from './rp1-unpinned-reference.js';

const at = (f: ReturnType<typeof runRule>) => f.map((x) => [x.startLine, x.severity, x.confidence]);

test('RP1 fires on unpinned npx, uvx, pip and docker commands in SKILL.md', () => {
  const md = [
    '# Setup', // 1
    'Run `npx -y @acme/mcp-server` first.', // 2
    'Then `uvx mcp-server-fetch` and:', // 3
    '    pip install mcp-weather requests==2.32.3', // 4
    '    docker run --rm -it -p 8080:80 -v "$PWD:/w" acme/tool bash', // 5
  ].join('\n');
  const f = runRule(rp1, { path: 'SKILL.md', text: md });
  assert.deepEqual(at(f), [[2, 'MEDIUM', 0.7], [3, 'MEDIUM', 0.65], [4, 'LOW', 0.6], [5, 'MEDIUM', 0.75]]);
  assert.equal(f[0]?.rule.id, 'RP1');
  assert.equal(f[3]?.evidence.operand, 'acme/tool');
});

test('RP1 does not fire on pinned references', () => {
  const md = [
    'npx @acme/mcp-server@1.2.3',
    'npx -p typescript@5.4.5 tsc --version',
    'uvx mcp-server-fetch==0.6.2',
    'uvx --from mcp-git@1.0.0 mcp-git',
    'pip install pkg==1.0 other[extra]==2.1',
    'pip install -r requirements.txt',
    'pip install --upgrade pip',
    'docker pull ghcr.io/acme/tool:1.4.2',
    'docker run --name web -d localhost:5000/team/img@sha256:abcdef0123',
    'Use npx to run local binaries; pip install is slow.',
  ].join('\n');
  assert.equal(runRule(rp1, { path: 'SKILL.md', text: md }).length, 0);
});

test('RP1 treats floating docker tags and npm dist-tags as unpinned', () => {
  const f = runRule(rp1, { path: 'run.sh', text: 'docker pull redis:latest\nnpx create-thing@next\n', executable: true });
  assert.deepEqual(f.map((x) => x.startLine), [1, 2]);
});

test('RP1 reads MCP server entries in JSON configs and in the manifest frontmatter', () => {
  const json = '{\n  "mcpServers": {\n    "files": {\n      "command": "npx",\n      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]\n    },\n    "pinned": { "command": "uvx", "args": ["mcp-time==0.1.0"] }\n  }\n}\n';
  const f = runRule(rp1, { path: '.mcp.json', text: json });
  assert.deepEqual(at(f), [[5, 'MEDIUM', 0.7]]);
  const md = '---\nname: x\nmcp_servers:\n  - command: docker\n    args: [run, -i, --rm, acme/mcp]\n---\n# x\n';
  const g = runRule(rp1, { path: 'SKILL.md', text: md }, { manifest: manifestOf(md) });
  assert.deepEqual(at(g), [[5, 'MEDIUM', 0.75]]);
});

test('RP1 is LOW in README docs and triaged when the text warns against it', () => {
  assert.deepEqual(at(runRule(rp1, { path: 'README.md', text: 'npx some-cli init\n' })), [[1, 'LOW', 0.7]]);
  const warn = runRule(rp1, { path: 'docs/security.md', text: 'Never run `npx some-cli` without a version.\n' });
  assert.equal(highFindings(warn).length, 0);
  assert.ok(warn.every((x) => x.severity === 'LOW' && x.tags.includes('contextual-triage')));
});
