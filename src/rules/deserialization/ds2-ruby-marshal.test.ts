import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule } from '../../../test/helpers/rule-harness.js';
import { ds2 } from './ds2-ruby-marshal.js';

test('DS2 fires on Marshal.load of external bytes', () => {
  const f = runRule(ds2, { path: 'cache.rb', text: "require 'net/http'\nobj = Marshal.load(File.binread(path))\n" });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'DS2');
  assert.equal(f[0]?.startLine, 2);
  assert.equal(f[0]?.severity, 'HIGH');
  assert.equal(runRule(ds2, { path: 't.rake', text: 'Marshal.restore(body)\n' }).length, 1);
});

test('DS2 reports the deep-copy idiom LOW', () => {
  const f = runRule(ds2, { path: 'a.rb', text: 'copy = Marshal.load(Marshal.dump(config))\n' });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.severity, 'LOW');
});

test('DS2 runs only on Ruby files and ignores Marshal.dump', () => {
  for (const path of ['notes.md', 'a.py', 'a.js', 'a.php']) assert.equal(runRule(ds2, { path, text: 'Marshal.load(x)\n' }).length, 0, path);
  assert.equal(runRule(ds2, { path: 'a.rb', text: 'File.binwrite(p, Marshal.dump(obj))\n' }).length, 0);
});

test('DS2 look-alikes: calls mentioned in comments', () => {
  // Comments are matched out by the rule (code gets no context triage; Ruby under spec/ is code).
  const neg = runRule(ds2, { path: 'a.rb', text: '# do not use Marshal.load on cookies\n' });
  assert.equal(neg.length, 0);
  assert.equal(runRule(ds2, { path: 'a.rb', text: 'puts "#{Marshal.load(blob)}"\n' }).length, 1, 'interpolation is not a comment');
});
