// Test support for the Python extractor: parse a snippet and extract its facts. (The case table runs end to
// end through the real rules in src/rules/behaviour/cases.test.ts.)
import { codeTreeOf } from '../code-tree.js';
import type { BehaviourFacts } from '../facts.js';
import { loadParsers, withTree } from '../parser.js';
import type { ParseBudget } from '../parser.js';
import { extractPython } from './extract.js';

const BUDGET: ParseBudget = { maxBytes: 8 * 1024 * 1024, timeMs: 60_000, maxErrorRatio: 1 };

export async function pyFacts(code: string): Promise<BehaviourFacts> {
  await loadParsers(['python']);
  const res = withTree('python', code, BUDGET, (tree) => extractPython(codeTreeOf(tree, code).rootNode, 'python'));
  if (!res.ok) throw new Error(res.message);
  return res.value;
}
