// Linear-time check: every pattern of a rule on 1 MB adversarial lines built from what it repeats.
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import type { Rule } from '../../src/rules/types.js';
import { runRule } from './rule-harness.js';

const SIZE = 1_000_000;

/**
 * Per-rule ceiling for a 1 MB adversarial line. Generous on purpose: a quadratic or exponential pattern
 * takes minutes there, while a loaded 2-core CI machine can slow a linear one several-fold.
 */
export const LINEAR_TIME_BUDGET_MS = 4_000;

/** Long runs of single characters, and of the words and punctuation the rule's patterns mention. */
export function adversarialLines(rule: Rule): string[] {
  const seeds = new Set<string>(['a', ' ', '\t', '.', '/', '-', '=', '"', "'", '\\', '0', 'A ', '$', '{', '(', '<', '!--', '\u200b', '|']);
  if (rule.kind === 'pattern') {
    for (const p of rule.patterns) {
      for (const k of p.keywords ?? []) seeds.add(`${k} `);
      for (const w of p.re.source.match(/[a-z]{3,}/gi) ?? []) seeds.add(`${w} `);
    }
  }
  return [...seeds].map((s) => s.repeat(Math.ceil(SIZE / s.length)).slice(0, SIZE));
}

/** Fails when any adversarial line takes longer than `budgetMs` for this rule. Generous on purpose: it catches exponential or quadratic blow-ups, not small slowdowns. */
export function assertLinearTime(rule: Rule, budgetMs = LINEAR_TIME_BUDGET_MS): void {
  for (const line of adversarialLines(rule)) {
    for (const path of ['notes.md', 'run.py']) {
      const t = performance.now();
      runRule(rule, { path, text: line });
      const ms = performance.now() - t;
      assert.ok(ms < budgetMs, `${rule.meta.id} took ${ms.toFixed(0)} ms on a 1 MB run of ${JSON.stringify(line.slice(0, 8))}`);
    }
  }
}
