// Test helper: the extractor's facts for a snippet, parsed with the real grammar.
import { codeTreeOf } from '../code-tree.js';
import type { BehaviourFacts, CallFact, CallOp } from '../facts.js';
import { loadParsers, withTree } from '../parser.js';
import type { CodeLanguage } from '../parser.js';
import { extractJavaScript } from './extract.js';

const BUDGET = { maxBytes: 8 * 1024 * 1024, timeMs: 60_000, maxErrorRatio: 1 };

export async function jsFacts(code: string, lang: CodeLanguage = 'javascript'): Promise<BehaviourFacts> {
  await loadParsers([lang]);
  const out = withTree(lang, code, BUDGET, (tree) => extractJavaScript(codeTreeOf(tree, code).rootNode, lang));
  if (!out.ok) throw new Error(out.message);
  return out.value;
}

/** The calls with `op`, as `callee@line`. */
export function opsOf(facts: BehaviourFacts, op: CallOp): string[] {
  return facts.calls.filter((c) => c.op === op).map((c) => `${c.callee}@${c.line}`);
}

/** The one call at `line` with `op`; throws when there is none. */
export function callAt(facts: BehaviourFacts, op: CallOp, line: number): CallFact {
  const found = facts.calls.find((c) => c.op === op && c.line === line);
  if (!found) throw new Error(`no ${op} call at line ${line}: ${JSON.stringify(facts.calls.map((c) => [c.op, c.callee, c.line]))}`);
  return found;
}

/** A call's taints as `kind@line` (with `~` when via a variable). */
export function taintsOf(call: CallFact): string[] {
  return call.taints.map((t) => `${t.kind}@${t.line}${t.viaVariable ? '~' : ''}`).sort();
}
