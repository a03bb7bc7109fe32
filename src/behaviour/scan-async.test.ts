// The engine's async entry: grammars load only for code present, rules get a file's tree through the rule
// context (parsed at most once, only on request), and a parse failure is a partial ledger row while the
// pattern rules still run. Most rules here are test-only, to control exactly which rules read trees.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeBundle } from '../../test/helpers/bundle.js';
import { finishScan, loadScanParsers, prepareScan, scanAsync, scanDetailed } from '../engine/scan.js';
import { RULES } from '../rules/index.js';
import { defineRule } from '../rules/types.js';
import type { Rule, RuleContext, RuleHit } from '../rules/types.js';
import { parserStats } from './parser.js';
import type { SyntaxNode } from './parser.js';

/** Test-only AST rule: every `os.system(...)` call, found in the tree, located at its line. */
function osSystemRule(seen?: (ctx: RuleContext) => void): Rule {
  return defineRule({
    kind: 'custom',
    meta: {
      id: 'TEST-AST', category: 'Tool Misuse', severity: 'HIGH', confidence: 0.9, title: 'os.system via tree',
      description: 'test only', remediation: 'test only', fileTypes: ['python'], usesTree: true,
    },
    check(ctx): RuleHit[] {
      seen?.(ctx);
      const out = ctx.tree?.();
      if (!out?.ok) return [];
      return out.tree.rootNode
        .descendantsOfType('call')
        .filter((n): n is SyntaxNode => n !== null && n.childForFieldName('function')?.text === 'os.system')
        .map((n) => ({ line: n.startPosition.row + 1, matched: n.text }));
    },
  });
}

/** Test-only pattern rule, to show pattern rules still read a file the parser gave up on. */
const PATTERN: Rule = defineRule({
  kind: 'pattern',
  meta: {
    id: 'TEST-PAT', category: 'Tool Misuse', severity: 'LOW', confidence: 0.9, title: 'marker', description: 'test only',
    remediation: 'test only', fileTypes: ['python'],
  },
  patterns: [{ re: /MARKER_[0-9]+/g }],
});

test('a bundle with no code files never loads the WASM runtime', async () => {
  const dir = makeBundle({ 'SKILL.md': '---\nname: docs\ndescription: prose only\n---\n# Docs\nRead the notes.\n', 'notes.txt': 'hello\n' });
  const { report } = await scanAsync({ target: dir, rules: [...RULES, osSystemRule()] });
  assert.equal(report.execution_successful, true);
  assert.deepEqual(parserStats(), { runtimeLoads: 0, languages: [], parses: 0 });
});

const NO_TREE_RULES = RULES.filter((r) => !r.meta.usesTree);

test('only the grammars of the code present are loaded, and only when a rule reads trees', async () => {
  const dir = makeBundle({ 'SKILL.md': '---\nname: s\ndescription: d\n---\n', 'run.sh': 'echo hi\n' });
  await scanAsync({ target: dir, rules: NO_TREE_RULES });
  assert.equal(parserStats().runtimeLoads, 0, 'rules that read no tree: no WASM is loaded');
  await scanAsync({ target: dir });
  assert.equal(parserStats().runtimeLoads, 1, 'the default rules include the behavioural ones, which read trees');
  assert.deepEqual(parserStats().languages, ['bash']);
});

test('without tree-reading rules a scan parses nothing, whatever code it holds', async () => {
  const dir = makeBundle({ 'SKILL.md': '---\nname: s\ndescription: d\n---\n', 'tool.py': 'import os\nos.system("ls")\n' });
  const before = parserStats().parses;
  const languagesBefore = [...parserStats().languages];
  await scanAsync({ target: dir, rules: NO_TREE_RULES });
  assert.deepEqual(parserStats().languages, languagesBefore, 'no rule reads trees, so no grammar is loaded for tool.py');
  assert.equal(parserStats().parses, before);
  const { findings } = await scanAsync({ target: dir });
  assert.equal(parserStats().parses, before + 1, 'the default rules parse tool.py once');
  assert.ok(findings.some((f) => f.rule.id === 'AST5' && f.startLine === 2), 'and AST5 reads os.system from the tree');
});

test('a rule finds os.system through ctx.tree end to end, each file parsed once for two asking rules', async () => {
  const dir = makeBundle({
    'SKILL.md': '---\nname: s\ndescription: d\n---\n',
    'tool.py': 'import os\n\n\ndef go(c):\n    os.system(c)\n',
    'other.py': 'print("no call of interest")\n',
  });
  const before = parserStats().parses;
  const second = { ...osSystemRule(), meta: { ...osSystemRule().meta, id: 'TEST-AST-2' } } as Rule;
  const { findings, report } = await scanAsync({ target: dir, rules: [osSystemRule(), second] });
  const hits = findings.filter((f) => f.rule.id === 'TEST-AST');
  assert.deepEqual(hits.map((f) => [f.file, f.startLine]), [['tool.py', 5]]);
  assert.equal(findings.filter((f) => f.rule.id === 'TEST-AST-2').length, 1);
  assert.equal(parserStats().parses - before, 2, 'two python files, one parse each, though two rules asked');
  assert.equal(report.analysis_completeness.is_complete, true);
});

test('the synchronous scan gives rules no tree (and so never parses)', () => {
  const dir = makeBundle({ 'SKILL.md': '---\nname: s\ndescription: d\n---\n', 'tool.py': 'import os\nos.system("x")\n' });
  let sawTree: unknown = 'unset';
  const { findings } = scanDetailed({ target: dir, rules: [osSystemRule((ctx) => (sawTree = ctx.tree))] });
  assert.equal(sawTree, undefined);
  assert.equal(findings.filter((f) => f.rule.id === 'TEST-AST').length, 0);
});

test('a file over the parse size budget gets a runtime_limit row naming it; pattern rules still fire', async () => {
  const dir = makeBundle({
    'SKILL.md': '---\nname: s\ndescription: d\n---\n',
    'big.py': `import os\nos.system("x")\n# MARKER_1\n${'x = 1\n'.repeat(100)}`,
    'small.py': 'import os\nos.system("y")\n',
  });
  const { findings, report } = await scanAsync({ target: dir, rules: [osSystemRule(), PATTERN], limits: { parseMaxBytes: 200 } });
  const rows = report.analysis_completeness.ledger_exceptions.filter((e) => e.reason_code === 'runtime_limit');
  assert.deepEqual(rows.map((e) => [e.path, e.outcome, e.unit]), [['big.py', 'partial', 'bytes']]);
  assert.equal(report.analysis_completeness.is_complete, false);
  assert.equal(report.inventory.find((r) => r.path === 'big.py')?.reason, 'runtime_limit');
  assert.deepEqual(findings.filter((f) => f.rule.id === 'TEST-PAT').map((f) => [f.file, f.startLine]), [['big.py', 3]]);
  assert.deepEqual(findings.filter((f) => f.rule.id === 'TEST-AST').map((f) => f.file), ['small.py'], 'other files are still parsed');
});

test('a file the parser cannot make sense of gets one parse_error row; pattern rules still fire', async () => {
  const dir = makeBundle({
    'SKILL.md': '---\nname: s\ndescription: d\n---\n',
    'junk.py': `}}}} ))) ((( ]]] @@@ !!! $$$ {{{ ??? MARKER_7 `.repeat(20),
  });
  const second = { ...osSystemRule(), meta: { ...osSystemRule().meta, id: 'TEST-AST-2' } } as Rule;
  const { findings, report } = await scanAsync({ target: dir, rules: [osSystemRule(), second, PATTERN] });
  const rows = report.analysis_completeness.ledger_exceptions.filter((e) => e.reason_code === 'parse_error');
  assert.equal(rows.length, 1, 'recorded once though two rules asked');
  assert.equal(rows[0]?.path, 'junk.py');
  assert.equal(rows[0]?.outcome, 'partial');
  assert.equal(rows[0]?.fatal, false);
  assert.equal(report.execution_successful, true);
  assert.notEqual(report.risk_assessment.recommendation, 'SAFE', 'an unparsed code file never reads as SAFE');
  assert.ok(findings.some((f) => f.rule.id === 'TEST-PAT' && f.file === 'junk.py'));
});

test('the engine deletes each tree once the file is done, and rules asking later get the same tree meanwhile', async () => {
  const dir = makeBundle({ 'SKILL.md': '---\nname: s\ndescription: d\n---\n', 'a.py': 'x = 1\n', 'b.py': 'y = 2\n' });
  const trees: unknown[] = [];
  let deletes = 0;
  const watch = defineRule({
    ...(osSystemRule() as Extract<Rule, { kind: 'custom' }>),
    check(ctx: RuleContext): RuleHit[] {
      const out = ctx.tree?.();
      assert.ok(out?.ok);
      if (!trees.includes(out.tree)) {
        trees.push(out.tree);
        const real = out.tree.delete.bind(out.tree);
        out.tree.delete = () => {
          deletes += 1;
          real();
        };
      }
      // Asked twice within one rule: the same tree, not a second parse.
      assert.equal(ctx.tree?.(), out);
      return [];
    },
  });
  const again = { ...watch, meta: { ...watch.meta, id: 'TEST-AST-2' } };
  await scanAsync({ target: dir, rules: [watch, again] });
  assert.equal(trees.length, 2, 'one tree per file, shared by both rules');
  assert.equal(deletes, 2, 'each tree deleted exactly once');
});

test('a parser that fails to load is a limitation, not a crash; pattern rules still run', async () => {
  const dir = makeBundle({ 'SKILL.md': '---\nname: s\ndescription: d\n---\n', 'tool.py': '# MARKER_3\n' });
  const prepared = prepareScan({ target: dir, rules: [osSystemRule(), PATTERN] });
  await loadScanParsers(prepared, [osSystemRule()], () => Promise.reject(new Error('wasm missing')));
  const { findings, report } = finishScan(prepared);
  assert.ok(report.analysis_completeness.limitations.some((l) => l.includes('wasm missing')));
  assert.equal(report.analysis_completeness.is_complete, false);
  assert.equal(report.execution_successful, true);
  assert.ok(findings.some((f) => f.rule.id === 'TEST-PAT'));
});

test('past the scan-wide parse budget, the remaining code files get one runtime_limit row and stay partial', async () => {
  const dir = makeBundle({
    'SKILL.md': '---\nname: s\ndescription: d\n---\n',
    'a.py': 'import os\nos.system("x")\n# MARKER_1\n',
    'b.py': 'import os\nos.system("y")\n',
    'notes.md': '# Notes\n',
  });
  const before = parserStats().parses;
  const { findings, report } = await scanAsync({ target: dir, rules: [osSystemRule(), PATTERN], limits: { behaviourScanTimeMs: 0 } });
  assert.equal(parserStats().parses, before, 'nothing is parsed once the budget is spent');
  const rows = report.analysis_completeness.ledger_exceptions.filter((e) => e.reason_code === 'runtime_limit');
  assert.equal(rows.length, 1, 'one row for the scan, not one per file');
  assert.match(rows[0]?.message ?? '', /2 code file\(s\)/);
  assert.deepEqual(report.inventory.filter((r) => r.reason === 'runtime_limit').map((r) => r.path).sort(), ['a.py', 'b.py']);
  assert.equal(report.inventory.find((r) => r.path === 'notes.md')?.disposition, 'analyzed');
  assert.ok(findings.some((f) => f.rule.id === 'TEST-PAT' && f.file === 'a.py'), 'pattern rules still read the files');
  assert.notEqual(report.risk_assessment.recommendation, 'SAFE');
});
