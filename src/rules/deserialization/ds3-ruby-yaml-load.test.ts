import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule } from '../../../test/helpers/rule-harness.js';
import { ds3 } from './ds3-ruby-yaml-load.js';

test('DS3 fires on YAML.load of uploaded data', () => {
  const f = runRule(ds3, { path: 'import.rb', text: "require 'yaml'\ncfg = YAML.load(params[:file].read)\n" });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'DS3');
  assert.equal(f[0]?.startLine, 2);
  assert.equal(f[0]?.severity, 'MEDIUM');
  assert.equal(runRule(ds3, { path: 'a.rb', text: 'YAML.unsafe_load(s)\n' })[0]?.confidence, 0.75);
  assert.equal(runRule(ds3, { path: 'a.rb', text: 'h = Oj.load(body)\n' }).length, 1);
});

test('DS3 ignores safe_load and reports strict-mode Oj LOW', () => {
  assert.equal(runRule(ds3, { path: 'a.rb', text: 'YAML.safe_load(s, permitted_classes: [Date])\nJSON.parse(s)\n' }).length, 0);
  const oj = runRule(ds3, { path: 'a.rb', text: 'Oj.load(body, mode: :strict)\n' });
  assert.equal(oj.length, 1);
  assert.equal(oj[0]?.severity, 'LOW');
});

test('DS3 runs only on Ruby files', () => {
  for (const path of ['notes.md', 'a.py', 'a.js', 'config.yaml']) assert.equal(runRule(ds3, { path, text: 'YAML.load(x)\n' }).length, 0, path);
});

test('DS3 look-alikes: calls mentioned in comments', () => {
  // Comments are matched out by the rule (code gets no context triage; a spec file is code).
  assert.equal(runRule(ds3, { path: 'a.rb', text: '# YAML.load(evil) would build arbitrary objects\n' }).length, 0);
});
