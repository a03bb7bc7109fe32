import { test } from 'node:test';
import { assertLinearTime } from '../../../test/helpers/adversarial.js';
import { toolMisuseRules } from './index.js';
import { assertCustomLinearTime } from './linear-time.test-support.js';
import { TM1_SPECS } from './tm1-dangerous-tool-use.js';
import { TM2_CHAINS, TM2_SPECS } from './tm2-dangerous-chaining.js';

test('tool-misuse rules run in linear time on adversarial input', () => {
  for (const rule of toolMisuseRules) assertLinearTime(rule);
});

test('TM1/TM2 pattern tables run in linear time on adversarial input', () => {
  const [tm1, tm2] = toolMisuseRules;
  if (tm1) assertCustomLinearTime(tm1, TM1_SPECS, ['run.sh']);
  const chainSteps = TM2_CHAINS.flatMap((c) => c.steps.map((re) => ({ re, keywords: c.keywords })));
  if (tm2) assertCustomLinearTime(tm2, [...TM2_SPECS, ...chainSteps], ['run.sh']);
});
