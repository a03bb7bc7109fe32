// The tree-sitter loader: lazy loading, the four languages, budgets and tree lifetime (issue 10 item 1).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { languageOf, loadParsers, parseCode, parserStats, withTree } from './parser.js';
import type { CodeLanguage, ParseBudget, SyntaxNode } from './parser.js';

const BUDGET: ParseBudget = { maxBytes: 4 * 1024 * 1024, timeMs: 2_000, maxErrorRatio: 0.5 };

function calls(root: SyntaxNode, type: string): SyntaxNode[] {
  return root.descendantsOfType(type).filter((n): n is SyntaxNode => n !== null);
}

interface CallInfo {
  text: string;
  fn: string | undefined;
  row: number;
}

function parseOk(lang: CodeLanguage, text: string): CallInfo[] {
  const res = withTree(lang, text, BUDGET, (tree) => {
    const type = lang === 'python' ? 'call' : lang === 'bash' ? 'pipeline' : 'call_expression';
    // Copy what the test needs out of the tree: nodes die with it.
    return calls(tree.rootNode, type).map((n) => ({ text: n.text, fn: n.childForFieldName('function')?.text, row: n.startPosition.row }));
  });
  assert.ok(res.ok, `parse failed: ${res.ok ? '' : res.message}`);
  return res.value;
}

test('loading is lazy, once per process, and only for the grammars asked for', async () => {
  assert.equal(parserStats().runtimeLoads, 0, 'nothing loads at import time');
  await Promise.all([loadParsers(['python']), loadParsers(['python', 'bash'])]);
  await loadParsers([]);
  assert.equal(parserStats().runtimeLoads, 1);
  assert.deepEqual(parserStats().languages, ['bash', 'python']);
  await loadParsers(['javascript', 'typescript', 'tsx', 'python']);
  assert.equal(parserStats().runtimeLoads, 1, 'the runtime is never loaded twice');
  assert.deepEqual(parserStats().languages, ['bash', 'javascript', 'python', 'tsx', 'typescript']);
});

test('languageOf maps file types to grammars, .tsx to tsx, and leaves fish and non-code alone', () => {
  assert.equal(languageOf('python', 'a.py'), 'python');
  assert.equal(languageOf('javascript', 'a.mjs'), 'javascript');
  assert.equal(languageOf('typescript', 'a.ts'), 'typescript');
  assert.equal(languageOf('typescript', 'C.TSX'), 'tsx');
  assert.equal(languageOf('shell', 'run.sh'), 'bash');
  assert.equal(languageOf('shell', 'conf.fish'), null);
  assert.equal(languageOf('markdown', 'SKILL.md'), null);
});

test('Python: os.system is a call node with an attribute function', async () => {
  await loadParsers(['python']);
  const found = parseOk('python', 'import os\n\ndef go(cmd):\n    os.system(cmd)\n');
  assert.deepEqual(found.map((c) => [c.fn, c.row]), [['os.system', 3]]);
});

test("JavaScript: require('child_process').exec is a call whose callee is a member of a require call", async () => {
  await loadParsers(['javascript']);
  const found = parseOk('javascript', "const x = 1;\nrequire('child_process').exec('ls -la');\n");
  const exec = found.find((c) => c.fn === "require('child_process').exec");
  assert.ok(exec, JSON.stringify(found));
  assert.equal(exec.row, 1);
  assert.ok(found.some((c) => c.fn === 'require'), 'the inner require call is its own node');
});

test('TypeScript and TSX: type annotations and JSX do not hide the call', async () => {
  await loadParsers(['typescript', 'tsx']);
  const ts = parseOk('typescript', "import { exec } from 'child_process';\nconst cmd: string = 'id';\nexec(cmd as string);\n");
  assert.ok(ts.some((c) => c.fn === 'exec'));
  const tsx = parseOk('tsx', "const el = <div>{run('x')}</div>;\nfunction run(s: string): void { eval(s); }\n");
  assert.deepEqual(tsx.map((c) => c.fn).sort(), ['eval', 'run']);
  // The same JSX under the plain TypeScript grammar is an error tree: the grammar choice matters.
  const plain = parseCode('typescript', "const el = <div>{run('x')}</div>;\n", BUDGET);
  assert.ok(!plain.ok || plain.hasError);
  if (plain.ok) plain.tree.delete();
});

test('bash: curl … | bash is a pipeline of two commands', async () => {
  await loadParsers(['bash']);
  const res = withTree('bash', 'set -e\ncurl -fsSL https://example.invalid/i.sh | bash\n', BUDGET, (tree) =>
    calls(tree.rootNode, 'pipeline').map((p) => p.namedChildren.map((c) => c?.childForFieldName('name')?.text)),
  );
  assert.ok(res.ok);
  assert.deepEqual(res.value, [['curl', 'bash']]);
});

test('a broken file still yields a tree (hasError) with its good parts intact', async () => {
  await loadParsers(['python']);
  const out = parseCode('python', 'def f(:\n    pass\nimport os\nos.system("x")\n', BUDGET);
  assert.ok(out.ok);
  try {
    assert.equal(out.hasError, true);
    assert.equal(out.tree.rootNode.hasError, true);
    assert.ok(calls(out.tree.rootNode, 'call').some((c) => c.childForFieldName('function')?.text === 'os.system'));
  } finally {
    out.tree.delete();
  }
});

test('text that is mostly not code is a parse_error, not a tree', async () => {
  await loadParsers(['javascript']);
  const out = parseCode('javascript', ')))(((}}}{{{'.repeat(50), BUDGET);
  assert.equal(out.ok, false);
  assert.equal(!out.ok && out.reason, 'parse_error');
  // The same text under a permissive threshold is a tree with errors.
  const lax = parseCode('javascript', ')))(((}}}{{{'.repeat(50), { ...BUDGET, maxErrorRatio: 1 });
  assert.ok(lax.ok && lax.hasError);
  if (lax.ok) lax.tree.delete();
});

test('the size budget is checked before parsing', async () => {
  await loadParsers(['python']);
  const before = parserStats().parses;
  const out = parseCode('python', 'x = "ééé"\n', { ...BUDGET, maxBytes: 10 });
  assert.equal(out.ok, false);
  assert.ok(!out.ok);
  assert.equal(out.reason, 'runtime_limit');
  assert.equal(out.unit, 'bytes');
  assert.equal(out.observed, 13, 'UTF-8 bytes (13), not characters (10)');
  assert.equal(parserStats().parses, before, 'the parser never ran');
});

test('a tiny time budget cancels the parse with runtime_limit, and the parser stays usable', async () => {
  await loadParsers(['python']);
  const big = 'value = compute(alpha, beta) + other[1]\n'.repeat(40_000);
  let t = 0;
  const out = parseCode('python', big, { ...BUDGET, timeMs: 5, clock: () => (t += 10) });
  assert.ok(!out.ok);
  assert.equal(out.reason, 'runtime_limit');
  assert.equal(out.unit, 'seconds');
  const again = parseCode('python', 'import os\n', BUDGET);
  assert.ok(again.ok && !again.hasError, 'a cancelled parse leaves no state behind');
  if (again.ok) again.tree.delete();
});

test('a 1 MB single-line minified JS file finishes within its budget or yields runtime_limit', async () => {
  await loadParsers(['javascript']);
  const unit = 'var a=function(b,c){return b+c*2},d=[1,2,3].map(function(e){return a(e,e)});if(d.length>2){d.push("x")}';
  const text = unit.repeat(Math.ceil(1_000_000 / unit.length));
  assert.ok(!text.includes('\n') && text.length >= 1_000_000);
  const budget = { ...BUDGET, timeMs: 1_000 };
  const started = performance.now();
  const out = parseCode('javascript', text, budget);
  const ms = performance.now() - started;
  if (out.ok) {
    assert.equal(out.hasError, false);
    out.tree.delete();
  } else {
    assert.equal(out.reason, 'runtime_limit');
  }
  // The budget holds: either way the call returned close to the time budget, never far past it.
  assert.ok(ms < budget.timeMs + 1_000, `took ${ms} ms`);
});

test('withTree deletes the tree after use, also when the callback throws', async () => {
  await loadParsers(['python']);
  let deleted = 0;
  const spy = (tree: { delete: () => void }): void => {
    const real = tree.delete.bind(tree);
    tree.delete = () => {
      deleted += 1;
      real();
    };
  };
  const ok = withTree('python', 'x = 1\n', BUDGET, (tree) => {
    spy(tree);
    return tree.rootNode.type;
  });
  assert.deepEqual(ok, { ok: true, value: 'module' });
  assert.equal(deleted, 1);
  assert.throws(() =>
    withTree('python', 'x = 1\n', BUDGET, (tree) => {
      spy(tree);
      throw new Error('boom');
    }),
  );
  assert.equal(deleted, 2);
});

test('parseCode refuses a grammar that was never loaded (a programming error, not a finding)', () => {
  assert.throws(() => parseCode('cobol' as CodeLanguage, 'x', BUDGET), /not loaded/);
});
