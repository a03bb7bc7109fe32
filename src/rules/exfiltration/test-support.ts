// Test-only: linear-time check for custom rules built on scan-helpers (excluded from the build).
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { LINEAR_TIME_BUDGET_MS, adversarialLines } from '../../../test/helpers/adversarial.js';
import { runRule } from '../../../test/helpers/rule-harness.js';
import type { CustomRule } from '../types.js';
import type { Matcher } from '../kit/scan-helpers.js';

/**
 * The adversarial generator only reads pattern rules' regexes, so a custom rule would be tested on
 * generic runs alone. Seed the 1 MB lines with the words of the rule's matcher table and time the rule itself.
 */
export function assertMatchersLinear(rule: CustomRule, matchers: readonly Matcher[], budgetMs = LINEAR_TIME_BUDGET_MS): void {
  const asPattern = { kind: 'pattern' as const, meta: rule.meta, patterns: matchers };
  for (const line of adversarialLines(asPattern)) {
    const t = performance.now();
    runRule(rule, { path: 'run.py', text: line });
    const ms = performance.now() - t;
    assert.ok(ms < budgetMs, `${rule.meta.id} took ${ms.toFixed(0)} ms on a 1 MB run of ${JSON.stringify(line.slice(0, 12))}`);
  }
}
