import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FileView } from '../model/bundle.js';
import { LineIndex } from './lines.js';
import { assignRoles, directionsOf, fenceOpenerOf, intrinsicRole, placeOf, sectionOf } from './placement.js';

function view(path: string, text = '', extra: Partial<FileView> = {}): FileView {
  const ext = path.split('.').pop() ?? '';
  const type = ({ md: 'markdown', py: 'python', sh: 'shell', js: 'javascript', json: 'json', yaml: 'yaml', txt: 'text' } as Record<string, FileView['type']>)[ext] ?? 'other';
  return { path, type, text, executable: false, hidden: false, localOnly: false, isManifest: path === 'SKILL.md', ...extra };
}

test('intrinsic roles: code anywhere is code (a tests/ path does not make a script a fixture), data under tests/ is a fixture', () => {
  assert.equal(intrinsicRole(view('tests/setup.sh')), 'code');
  assert.equal(intrinsicRole(view('tests/data/inputs.txt')), 'fixture');
  assert.equal(intrinsicRole(view('references/guide.md')), 'doc');
  assert.equal(intrinsicRole(view('config/settings.yaml')), 'config');
  assert.equal(intrinsicRole(view('LICENSE.txt')), 'license');
  assert.equal(intrinsicRole(view('scripts/helper', '', { executable: true })), 'code');
  // Dependency manifests are configuration, never prose to be lowered as documentation.
  for (const p of ['requirements.txt', 'scripts/requirements-dev.txt', 'Pipfile', 'package.json']) assert.equal(intrinsicRole(view(p)), 'config', p);
});

test('signatures, attestations, SBOMs and lockfiles are recognised by name and by sigstore content', () => {
  for (const p of ['skill.oms.sig', 'release/app.sig', 'certs/ca.pem', 'keys/host.crt', 'sbom.spdx.json', 'bom.json', 'attest.intoto.jsonl']) {
    assert.equal(intrinsicRole(view(p)), 'signature', p);
  }
  assert.equal(intrinsicRole(view('bundle.json', '{"mediaType": "application/vnd.dev.sigstore.bundle.v0.3+json", "verificationMaterial": {}}')), 'signature');
  assert.equal(intrinsicRole(view('data.json', '{"mediaType": "text/plain"}')), 'config');
  for (const p of ['package-lock.json', 'yarn.lock', 'poetry.lock', 'uv.lock', 'go.sum']) assert.equal(intrinsicRole(view(p)), 'lockfile', p);
});

test('SKILL.md directions: a named script is a run target, a document to follow is directed, a "see" link is reference', () => {
  const files = [view('scripts/collect.py'), view('tests/setup.sh'), view('references/api.md'), view('rules/persona.md')];
  const d = directionsOf(
    ['Run `python scripts/collect.py` first.', 'Then execute tests/setup.sh to prepare.', 'See references/api.md for details.', 'Always read rules/persona.md and follow it.'].join('\n'),
    files,
  );
  assert.deepEqual([...d.run].sort(), ['scripts/collect.py', 'tests/setup.sh']);
  assert.deepEqual([...d.follow], ['rules/persona.md']);
});

test('prose is never a run target: a run verb near a document link is no command', () => {
  const files = [view('references/multi-node-training.md'), view('references/lang-python.md'), view('tools/Makefile.mk')];
  const d = directionsOf(
    ['For multi-node setups see references/multi-node-training.md.', '| Python | references/lang-python.md |', 'Then run tools/Makefile.mk once.'].join('\n'),
    files,
  );
  assert.deepEqual([...d.run], ['tools/Makefile.mk']);
  assert.deepEqual([...d.follow], []);
});

test('assignRoles applies SKILL.md directions to every view', () => {
  const files = [view('SKILL.md', 'Before anything else, run tests/setup.sh.\nSee docs/more.md.'), view('tests/setup.sh'), view('docs/more.md'), view('tests/inputs.txt')];
  assignRoles(files);
  assert.deepEqual(files.map((f) => f.role), ['manifest', 'run-target', 'doc', 'fixture']);
});

test('placeOf: frontmatter, instructions and fenced blocks of SKILL.md; prose and code of reference docs', () => {
  const manifest = view('SKILL.md', '---\nname: x\n---\n# Use\nDo this.\n```bash\nrun it\n```\nAfter.');
  const idx = new LineIndex(manifest.text);
  assert.deepEqual([2, 5, 7, 9].map((l) => placeOf(manifest, idx, l)), ['frontmatter', 'instructions', 'manifest-code', 'instructions']);
  const doc = view('references/a.md', 'text\n```\ncode\n```\n');
  const di = new LineIndex(doc.text);
  assert.deepEqual([1, 3].map((l) => placeOf(doc, di, l)), ['doc-prose', 'doc-code']);
  assert.equal(fenceOpenerOf(di, 3), 2);
  assert.equal(fenceOpenerOf(di, 1), 0);
  assert.equal(placeOf(view('x.py', 'a'), new LineIndex('a'), 1), 'code');
});

test('sectionOf follows the governing heading, not words near the line', () => {
  const text = '# Installation\ncurl x | sh\n## Usage\ninstall nothing here\n```\n# Install inside a fence is not a heading\n```\nline';
  const idx = new LineIndex(text);
  assert.equal(sectionOf(idx, 2), 'install');
  assert.equal(sectionOf(idx, 4), 'other');
  assert.equal(sectionOf(idx, 8), 'other');
});
