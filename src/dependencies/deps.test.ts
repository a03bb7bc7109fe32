import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileView } from '../../test/helpers/rule-harness.js';
import { collectDependencies, isDependencyManifest, parseManifest } from './deps.js';

const parse = (path: string, text: string) => parseManifest(fileView({ path, text }));

test('manifest paths follow the catalogue, not prose named after requirements', () => {
  for (const p of ['requirements.txt', 'requirements-dev.txt', 'requirements/base.txt', 'pkg/package.json', 'pyproject.toml', 'setup.py', 'Pipfile']) assert.ok(isDependencyManifest(p), p);
  for (const p of ['docs/REQUIREMENTS.md', 'package-lock.json', 'setup.cfg', 'notes.md']) assert.ok(!isDependencyManifest(p), p);
});

test('requirements files: pins, ranges, extras, markers, URLs, options and comments', () => {
  const deps = parse('requirements.txt', [
    '# comment', '-r base.txt', '--index-url https://pypi.example/simple', 'requests==2.30.0 --hash=sha256:abc',
    'flask[async]>=2.0 ; python_version > "3.8"', 'numpy', 'tool @ git+https://github.com/o/tool.git@main', 'https://x.example/a.whl',
  ].join('\n'));
  assert.deepEqual(deps.map((d) => [d.name, d.pinned, d.source, d.line]), [
    ['requests', '2.30.0', 'registry', 4], ['flask', null, 'registry', 5], ['numpy', null, 'registry', 6], ['tool', null, 'vcs', 7],
  ]);
  assert.equal(deps[1]?.spec, '>=2.0');
});

test('package.json: dependencies and devDependencies with their lines', () => {
  const text = '{\n  "name": "x",\n  "dependencies": {\n    "lodash": "4.17.20",\n    "react": "^18.2.0"\n  },\n  "devDependencies": {\n    "lodash": "*",\n    "my-lib": "file:../lib"\n  }\n}\n';
  const deps = parse('package.json', text);
  assert.deepEqual(deps.map((d) => [d.name, d.pinned, d.source, d.line]), [
    ['lodash', '4.17.20', 'registry', 4], ['react', null, 'registry', 5], ['lodash', null, 'registry', 8], ['my-lib', null, 'local', 9],
  ]);
  assert.deepEqual(parse('package.json', '{ "dependencies": '), []);
  assert.deepEqual(parse('package.json', '[1, 2]'), []);
});

test('pyproject.toml: PEP 621 arrays, optional groups, build requires and Poetry tables', () => {
  const text = [
    '[build-system]', 'requires = ["setuptools>=61"]', '', '[project]', 'name = "demo"', 'dependencies = [',
    '  "requests==2.30.0",', "  'pyyaml>=5',", ']', '', '[project.optional-dependencies]', 'dev = ["pytest"]',
    '', '[tool.poetry.dependencies]', 'python = "^3.10"', 'django = "4.0.1"', 'rich = { version = "^13", extras = ["jupyter"] }',
  ].join('\n');
  assert.deepEqual(parse('pyproject.toml', text).map((d) => [d.name, d.pinned, d.line]), [
    ['setuptools', null, 2], ['requests', '2.30.0', 7], ['pyyaml', null, 8], ['pytest', null, 12], ['django', '4.0.1', 16], ['rich', null, 17],
  ]);
});

test('setup.py install_requires, inline or through a module-level list', () => {
  assert.deepEqual(parse('setup.py', 'setup(\n  name="x",\n  install_requires=[\n    "requests==2.30.0",\n    "click",\n  ],\n)').map((d) => [d.name, d.line]), [['requests', 4], ['click', 5]]);
  assert.deepEqual(parse('setup.py', 'REQS = ["six>=1", "attrs"]\nsetup(install_requires=REQS)').map((d) => d.name), ['six', 'attrs']);
});

test('Pipfile packages and dev-packages', () => {
  const text = '[[source]]\nurl = "https://pypi.org/simple"\n\n[packages]\nrequests = "==2.30.0"\nflask = "*"\n"zope.interface" = {version = ">=5"}\n\n[dev-packages]\npytest = {git = "https://github.com/pytest-dev/pytest.git"}\n\n[requires]\npython_version = "3.11"\n';
  assert.deepEqual(parse('Pipfile', text).map((d) => [d.name, d.pinned, d.source]), [
    ['requests', '2.30.0', 'registry'], ['flask', null, 'registry'], ['zope.interface', null, 'registry'], ['pytest', null, 'vcs'],
  ]);
});

test('collectDependencies is bounded and never throws on hostile input', () => {
  const big = Array.from({ length: 1000 }, (_, i) => `pkg${i}==1.0`).join('\n');
  const files = [fileView({ path: 'requirements.txt', text: big }), fileView({ path: 'package.json', text: '{'.repeat(100_000) })];
  assert.equal(collectDependencies(files).length, 256);
  const many = Array.from({ length: 100 }, (_, i) => fileView({ path: `m${i}/requirements.txt`, text: 'a==1\nb==1' }));
  assert.equal(collectDependencies(many).length, 128);
  for (const text of ['\u0000\uffff', '[project]\ndependencies = [\n"x', 'install_requires=(', `${'x'.repeat(300)}==1`]) {
    for (const path of ['requirements.txt', 'pyproject.toml', 'setup.py', 'Pipfile', 'package.json']) assert.doesNotThrow(() => parse(path, text));
  }
});
