// Parses a script and extracts its facts, for the shell extractor's tests.
import { codeTreeOf } from '../code-tree.js';
import assert from 'node:assert/strict';
import type { BehaviourFacts, CallFact, CallOp, SourceKind } from '../facts.js';
import { loadParsers, withTree } from '../parser.js';
import { extractShell } from './extract.js';

const BUDGET = { maxBytes: 8 * 1024 * 1024, timeMs: 120_000, maxErrorRatio: 1 };

export async function shellFacts(code: string): Promise<BehaviourFacts> {
  await loadParsers(['bash']);
  const res = withTree('bash', code, BUDGET, (tree) => extractShell(codeTreeOf(tree, code).rootNode, 'bash'));
  assert.ok(res.ok, res.ok ? '' : res.message);
  return res.value;
}

export function callsOf(f: BehaviourFacts, op: CallOp): CallFact[] {
  return f.calls.filter((c) => c.op === op);
}

/** The one call of `op`, failing with the whole fact list when there is not exactly one. */
export function onlyCall(f: BehaviourFacts, op: CallOp): CallFact {
  const found = callsOf(f, op);
  assert.equal(found.length, 1, JSON.stringify(f.calls, null, 1));
  return found[0]!;
}

/** `kind@line` for each taint, with `~` marking a flow through a variable. */
export function taintsOf(c: CallFact): string[] {
  return c.taints.map((t) => `${t.kind}@${t.line}${t.viaVariable ? '~' : ''}`).sort();
}

export function kinds(c: CallFact): SourceKind[] {
  return [...new Set(c.taints.map((t) => t.kind))].sort();
}
