import { test } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { LINEAR_TIME_BUDGET_MS, assertLinearTime } from '../../../test/helpers/adversarial.js';
import { runRule } from '../../../test/helpers/rule-harness.js';
import { assertBundleLinearTime } from '../tool-poisoning/test-support.js';
import { analysisEvasionRules } from './index.js';

for (const rule of analysisEvasionRules) {
  test(`${rule.meta.id} runs in linear time on adversarial input`, () => (rule.kind === 'bundle' ? assertBundleLinearTime(rule) : assertLinearTime(rule)));
}

// Issue 14: mixed-script text (every word judged for scripts, every code point classed for invisibles).
const MIXED = ['аa', 'a\u0430 ', 'Привет мир ', 'Καλημέρα ', '中文', '😀\u200d👩', 'a\u200b', '\ufe0f', 'Straße ', 'ﬁ', '\ud800'];

test('AE4 runs in linear time on 1 MB mixed-script lines', () => {
  const ae4 = analysisEvasionRules.find((r) => r.meta.id === 'AE4');
  assert.ok(ae4);
  for (const seed of MIXED) {
    const line = seed.repeat(Math.ceil(1_000_000 / seed.length)).slice(0, 1_000_000);
    const t = performance.now();
    runRule(ae4, { path: 'README.md', text: line });
    const ms = performance.now() - t;
    assert.ok(ms < LINEAR_TIME_BUDGET_MS, `AE4 took ${ms.toFixed(0)} ms on a 1 MB run of ${JSON.stringify(seed)}`);
  }
});
