// The shipped analysis tables (src/analysis/tables.generated.ts, `npm run tables`) must say exactly what
// the code would compute: a stale plan could hide a match, so every entry is recomputed here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planKey, planOf } from '../src/analysis/regex-plan.js';
import { KEYWORDS, PLANS } from '../src/analysis/tables.generated.js';
import { RULES } from '../src/rules/index.js';

test('every shipped plan equals the plan computed from its regex now', () => {
  const entries = Object.entries(PLANS);
  assert.ok(entries.length > 100, `${entries.length} plans shipped`);
  for (const [key, shipped] of entries) {
    const slash = key.indexOf('/');
    const re = new RegExp(key.slice(slash + 1), key.slice(0, slash));
    assert.deepEqual(planOf(re), shipped, `stale plan for /${key.slice(slash + 1, slash + 100)}/ (run npm run tables)`);
  }
});

test('every pattern rule regex and keyword is shipped', () => {
  for (const rule of RULES) {
    if (rule.kind !== 'pattern') continue;
    for (const spec of rule.patterns) {
      assert.ok(planKey(spec.re) in PLANS, `${rule.meta.id}: /${spec.re.source.slice(0, 80)}/ missing (run npm run tables)`);
      for (const k of spec.keywords ?? []) if (/^[\x00-\x40\x5b-\x7f]+$/.test(k)) assert.ok(KEYWORDS.includes(k), `${rule.meta.id}: keyword ${k} missing`);
    }
  }
});
