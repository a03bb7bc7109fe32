// Privacy of LLM selection: marker strings planted in files that must stay local never reach what is
// sent or what the fence renders; look-alike visible files do go.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FileView } from '../model/bundle.js';
import { fenceFiles } from './fence.js';
import { selectForLlm, withheldLedgerRows } from './select.js';

const MARK = 'PRIVATE_MARKER_9f3e';

function view(path: string, text: string, extra: Partial<FileView> = {}): FileView {
  return { path, type: 'markdown', text, executable: false, hidden: false, localOnly: false, isManifest: false, ...extra };
}

const OPTIONS = { maxFileBytes: 1000, maxTotalBytes: 10_000, excluded: (p: string) => p.startsWith('private/') };

const member = { outerPath: 'docs.zip', nestedPath: 'inner.md', containerType: 'zip' as const, containerAncestry: ['zip' as const], containerDepth: 1, hiddenChain: false, disguisedChain: false };

const planted: FileView[] = [
  view('.env.md', `${MARK} key`, { hidden: true, localOnly: true }),
  view('.config/notes.md', `${MARK} in hidden folder`),
  view('docs.zip!/inner.md', `${MARK} member`, { provenance: member, localOnly: true }),
  view('other.zip!/readme.md', `${MARK} member without provenance flag`),
  view('big.md', `${MARK}${'x'.repeat(2000)}`),
  view('private/plan.md', `${MARK} excluded`),
  view('truncated.py', `${MARK} prefix`, { type: 'python', localOnly: true }),
  view('id_rsa', `${MARK} key material`, { type: 'other' }),
  view('deploy/server.pem', `${MARK} certificate and key`, { type: 'other' }),
  view('notes/setup.txt', `Paste this:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n${MARK}`, { type: 'text' }),
  view('config/credentials', `${MARK} aws`, { type: 'other' }),
];

describe('selectForLlm', () => {
  it('never sends hidden, member, oversized, excluded, local-only or key-like files', () => {
    const { send, withheld } = selectForLlm([view('SKILL.md', 'hello', { isManifest: true }), ...planted], OPTIONS);
    assert.deepEqual(send.map((f) => f.path), ['SKILL.md']);
    assert.ok(!JSON.stringify(send).includes(MARK));
    assert.ok(!fenceFiles(send).text.includes(MARK));
    assert.deepEqual(Object.fromEntries(withheld.map((w) => [w.path, w.why])), {
      '.env.md': 'hidden', '.config/notes.md': 'hidden', 'docs.zip!/inner.md': 'container_member',
      'other.zip!/readme.md': 'container_member', 'big.md': 'oversized', 'private/plan.md': 'excluded',
      'truncated.py': 'local_only', id_rsa: 'sensitive', 'deploy/server.pem': 'sensitive', 'notes/setup.txt': 'sensitive',
      'config/credentials': 'sensitive',
    });
  });

  it('a member inside a hidden chain is withheld as hidden', () => {
    const f = view('a.zip!/x.md', MARK, { provenance: { ...member, hiddenChain: true } });
    assert.deepEqual(selectForLlm([f], OPTIONS).withheld, [{ path: 'a.zip!/x.md', why: 'hidden' }]);
  });

  it('sends look-alike visible docs and scripts, manifest first', () => {
    const files = [
      view('docs/env.md', 'mentions .env and docs.zip!/ in prose'),
      view('scripts/run.sh', 'echo hi', { type: 'shell' }),
      view('bin/tool', '#!/bin/sh\necho', { type: 'other', executable: true }),
      view('infra/main.tf', 'resource "aws_s3_bucket" "logs" {}', { type: 'other' }),
      view('docs/keys.md', 'Store the .pem file and the id_rsa key outside the repo; never paste -----BEGIN lines here.'),
      view('docs/tls.md', 'tls.key: |\n  -----BEGIN PRIVATE KEY-----\n  ...\n  -----END PRIVATE KEY-----\nprivate_key = "-----BEGIN RSA PRIVATE KEY-----"'),
      view('private.md', 'not in the private/ folder'),
      view('SKILL.md', 'manifest', { isManifest: true }),
      view('exact.md', 'y'.repeat(1000)),
    ];
    const { send, withheld } = selectForLlm(files, OPTIONS);
    assert.deepEqual(send.map((f) => f.path), ['SKILL.md', 'docs/env.md', 'scripts/run.sh', 'bin/tool', 'infra/main.tf', 'docs/keys.md', 'docs/tls.md', 'private.md', 'exact.md']);
    assert.deepEqual(withheld, []);
  });

  it('counts UTF-8 bytes, not characters, against the file limit', () => {
    const wide = view('wide.md', 'é'.repeat(600));
    assert.deepEqual(selectForLlm([wide], OPTIONS).withheld, [{ path: 'wide.md', why: 'oversized' }]);
  });

  it('withholds files past the total budget but still fits smaller later ones', () => {
    const files = [view('a.md', 'a'.repeat(600)), view('b.md', 'b'.repeat(600)), view('c.md', 'c'.repeat(300))];
    const { send, withheld } = selectForLlm(files, { ...OPTIONS, maxTotalBytes: 1000 });
    assert.deepEqual(send.map((f) => f.path), ['a.md', 'c.md']);
    assert.deepEqual(withheld, [{ path: 'b.md', why: 'budget' }]);
  });

  it('withholds binaries and containers as not_text', () => {
    const files = [view('logo.png', 'x', { type: 'binary' }), view('docs.zip', 'PK', { type: 'zip' })];
    assert.deepEqual(selectForLlm(files, OPTIONS).withheld.map((w) => w.why), ['not_text', 'not_text']);
  });
});

describe('withheldLedgerRows', () => {
  it('gives one partial llm_withheld row per withheld file, naming why', () => {
    const rows = withheldLedgerRows([{ path: '.env', why: 'hidden' }, { path: 'b.md', why: 'budget' }]);
    assert.equal(rows.length, 2);
    for (const row of rows) {
      assert.equal(row.reason, 'llm_withheld');
      assert.equal(row.outcome, 'partial');
      assert.equal(row.phase, 'llm');
    }
    assert.match(rows[0]?.message ?? '', /Hidden/);
    assert.match(rows[1]?.message ?? '', /budget/);
  });
});
