// The plain-JS tree copy must answer exactly what the WASM tree answers for every node the extractors can
// reach, and must stop within its budget on huge trees.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CopyBudgetExceeded, codeTreeOf } from './code-tree.js';
import type { CodeNode } from './code-tree.js';
import { loadParsers, withTree } from './parser.js';
import type { CodeLanguage, ParseBudget, SyntaxNode } from './parser.js';

const BUDGET: ParseBudget = { maxBytes: 4 * 1024 * 1024, timeMs: 5_000, maxErrorRatio: 0.5 };

const SAMPLES: [CodeLanguage, string][] = [
  ['python', 'import os as o\nfrom subprocess import run\n\ndef f(x, *a, **k):\n    """doc é€😀"""\n    return o.system(f"ls {x}") if x else run(["a", x], shell=True)\n\nwhile True:\n    y = [i for i in range(3)]\n'],
  ['javascript', "const {exec: e} = require('child_process');\nasync function g(u) { const r = await fetch(`${u}/x`, {headers: {Authorization: `Bearer ${process.env.K}`}}); e(r.text()); }\n/* é😀 */ for (;;) { g(1 + 2); }\n"],
  ['typescript', 'interface A { b: string }\nexport const f = (a: A): number => (a as any).b.length satisfies number;\n'],
  ['tsx', 'export const C = ({ x }: { x: string }) => <div onClick={() => eval(x)}>{x}</div>;\n'],
  ['bash', '#!/bin/bash\nset -e\nX=$(curl -s "$1" | base64 -d)\nfor f in "$@"; do echo "$f" >> ~/.bashrc; done\neval "$X"\n(( n = ${#A[@]} + 1 ))\n'],
];

function compare(real: SyntaxNode, copy: CodeNode, path: string): void {
  assert.equal(copy.type, real.type, `${path} type`);
  assert.equal(copy.text, real.text, `${path} text`);
  assert.equal(copy.isNamed, real.isNamed, `${path} isNamed`);
  assert.deepEqual(copy.startPosition, real.startPosition, `${path} startPosition`);
  assert.equal(copy.startIndex, real.startIndex, `${path} startIndex`);
  assert.equal(copy.endIndex, real.endIndex, `${path} endIndex`);
  assert.equal(copy.childCount, real.childCount, `${path} childCount`);
  assert.equal(copy.namedChildCount, real.namedChildCount, `${path} namedChildCount`);
  for (let i = 0; i < real.childCount; i++) assert.equal(copy.fieldNameForChild(i), real.fieldNameForChild(i), `${path}[${i}] field`);
  for (const field of ['function', 'name', 'arguments', 'body', 'left', 'right', 'value', 'object', 'property', 'argument', 'condition']) {
    assert.equal(copy.childForFieldName(field)?.id ?? null, copy.children.find((c, i) => real.fieldNameForChild(i) === field)?.id ?? null, `${path} ${field}`);
    assert.equal(copy.childForFieldName(field)?.text ?? null, real.childForFieldName(field)?.text ?? null, `${path} ${field} text`);
  }
  real.children.forEach((rc, i) => {
    const cc = copy.children[i];
    assert.ok(rc && cc, `${path}[${i}]`);
    assert.equal(cc.parent, copy);
    compare(rc, cc, `${path}/${rc.type}[${i}]`);
  });
}

test('the copy matches the WASM tree node for node (types, text, positions, fields, children)', async () => {
  await loadParsers(['python', 'javascript', 'typescript', 'tsx', 'bash']);
  for (const [lang, code] of SAMPLES) {
    const res = withTree(lang, code, BUDGET, (tree) => {
      const copy = codeTreeOf(tree, code);
      compare(tree.rootNode, copy.rootNode, lang);
      assert.equal(copy.rootNode.toString(), tree.rootNode.toString(), `${lang} s-expression`);
      return true;
    });
    assert.ok(res.ok, lang);
  }
});

test('sibling and cursor moves on the copy follow the children lists', async () => {
  await loadParsers(['python']);
  const code = 'a = 1\nb = 2\nc = 3\n';
  withTree('python', code, BUDGET, (tree) => {
    const root = codeTreeOf(tree, code).rootNode;
    const [a, b, c] = root.namedChildren;
    assert.equal(a?.nextNamedSibling, b);
    assert.equal(c?.previousNamedSibling, b);
    assert.equal(c?.nextSibling, null);
    const cur = root.walk();
    const seen: string[] = [];
    for (;;) {
      seen.push(cur.nodeType);
      if (cur.gotoFirstChild()) continue;
      let up = false;
      while (!cur.gotoNextSibling()) if (!(up = cur.gotoParent())) break;
      if (!up && cur.currentNode === root) break;
    }
    assert.equal(seen[0], 'module');
    assert.equal(seen.filter((t) => t === 'assignment').length, 3);
  });
});

test('a copy that outlasts its budget stops with CopyBudgetExceeded instead of running on', async () => {
  await loadParsers(['javascript']);
  const code = 'x = [' + '1,'.repeat(20_000) + '];\n';
  let t = 0;
  const clock = (): number => (t += 1);
  const res = withTree('javascript', code, BUDGET, (tree) => {
    assert.throws(() => codeTreeOf(tree, code, { timeMs: 3, clock }), CopyBudgetExceeded);
    assert.ok(codeTreeOf(tree, code, { timeMs: 1e9, clock }).rootNode.namedChildCount > 0, 'a generous budget copies');
    return true;
  });
  assert.ok(res.ok);
});
