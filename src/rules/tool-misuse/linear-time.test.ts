import { test } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { LINEAR_TIME_BUDGET_MS, assertLinearTime } from '../../../test/helpers/adversarial.js';
import { runRule } from '../../../test/helpers/rule-harness.js';
import { toolMisuseRules } from './index.js';
import { assertCustomLinearTime } from './linear-time.test-support.js';
import { TM1_SPECS } from './tm1-dangerous-tool-use.js';
import { TM2_CHAINS, TM2_SPECS } from './tm2-dangerous-chaining.js';
import { TM3_SPECS } from './tm3-insecure-configuration.js';

test('tool-misuse rules run in linear time on adversarial input', () => {
  for (const rule of toolMisuseRules) assertLinearTime(rule);
});

test('TM1/TM2/TM3 pattern tables run in linear time on adversarial input', () => {
  const [tm1, tm2, tm3] = toolMisuseRules;
  if (tm1) assertCustomLinearTime(tm1, TM1_SPECS, ['run.sh']);
  const chainSteps = TM2_CHAINS.flatMap((c) => c.steps.map((re) => ({ re, keywords: c.keywords })));
  if (tm2) assertCustomLinearTime(tm2, [...TM2_SPECS, ...chainSteps], ['run.sh']);
  if (tm3) assertCustomLinearTime(tm3, TM3_SPECS, ['run.py', 'notes.md']);
});

test('TM1 input flows and loop bodies stay linear on 1 MB of repeated sources, sinks and loop heads', () => {
  const [tm1] = toolMisuseRules;
  if (!tm1) return;
  const MB = 1_000_000;
  const fill = (unit: string): string => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
  const inputs: [string, string][] = [
    ['a.py', fill('x = input()\n')],
    ['a.py', fill('eval(x) ')],
    ['a.py', `${fill('v = sys.argv[1]; ')}\n`],
    ['a.py', fill('while True:\n ')],
    ['a.py', `while True:\n${fill('    hog.append(x)\n')}`],
    ['a.js', fill('for(;;){')],
    ['a.js', fill('while (true) {')],
    ['a.js', fill('const { a, b, c } = req.body;\n')],
    ['a.sh', fill('while true; do ')],
    ['a.sh', fill('f() { f | f & }; ')],
    ['a.sh', fill('read -r a b c d\neval "$a"\n')],
    ['a.sh', fill('{')],
    ['a.php', fill('$x = $_GET["a"];\n')],
    ['a.py', fill('cur.execute(f"SELECT {')],
  ];
  for (const [path, text] of inputs) {
    const t = performance.now();
    runRule(tm1, { path, text });
    const ms = performance.now() - t;
    assert.ok(ms < LINEAR_TIME_BUDGET_MS, `TM1 took ${ms.toFixed(0)} ms on ${JSON.stringify(text.slice(0, 24))} (${path})`);
  }
});
