// One file's behaviour facts, extracted once from its tree and shared by every AST/TT rule.
import type { RuleContext } from '../rules/types.js';
import { codeTreeOf } from './code-tree.js';
import type { BehaviourFacts } from './facts.js';
import type { ParseSuccess } from './parser.js';
import { extractJavaScript } from './javascript/extract.js';
import { extractPython } from './python/extract.js';
import { extractShell } from './shell/extract.js';

// Keyed by the parse outcome, which lives exactly as long as the file's analysis.
const cache = new WeakMap<ParseSuccess, BehaviourFacts>();

/** The facts for a parsed outcome (extracted on first use). */
export function factsOfOutcome(outcome: ParseSuccess): BehaviourFacts {
  let facts = cache.get(outcome);
  if (!facts) {
    const started = performance.now();
    // Extractors read a plain-JS copy of the tree: far cheaper than reading WASM nodes again and again.
    const root = (outcome.code ?? codeTreeOf(outcome.tree, outcome.source)).rootNode;
    switch (outcome.language) {
      case 'python':
        facts = extractPython(root, outcome.language);
        break;
      case 'bash':
        facts = extractShell(root, outcome.language);
        break;
      default:
        facts = extractJavaScript(root, outcome.language);
    }
    cache.set(outcome, facts);
    outcome.account?.(performance.now() - started);
  }
  return facts;
}

/** The facts for the rule context's file, or null when it has no tree (not code, not parsed, sync scan). */
export function factsOf(ctx: RuleContext): BehaviourFacts | null {
  const outcome = ctx.tree?.();
  return outcome?.ok ? factsOfOutcome(outcome) : null;
}
