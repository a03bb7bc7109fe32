// Linear-time check for custom rules: the shared harness only derives adversarial seeds from pattern
// rules, so we hand it the custom rule's pattern table and time the real rule on those lines.
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { LINEAR_TIME_BUDGET_MS, adversarialLines } from '../../../test/helpers/adversarial.js';
import { runRule } from '../../../test/helpers/rule-harness.js';
import type { PatternSpec, Rule } from '../types.js';

export function assertCustomLinearTime(rule: Rule, specs: readonly PatternSpec[], paths = ['notes.md', 'run.py'], budgetMs = LINEAR_TIME_BUDGET_MS): void {
  const lines = adversarialLines({ kind: 'pattern', meta: rule.meta, patterns: specs });
  for (const line of lines) {
    for (const path of paths) {
      const t = performance.now();
      runRule(rule, { path, text: line });
      const ms = performance.now() - t;
      assert.ok(ms < budgetMs, `${rule.meta.id} took ${ms.toFixed(0)} ms on a 1 MB run of ${JSON.stringify(line.slice(0, 8))} (${path})`);
    }
  }
}
