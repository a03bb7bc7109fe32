import { test } from 'node:test';
import { assertLinearTime } from '../../../test/helpers/adversarial.js';
import { exfiltrationRules } from './index.js';
import { e1, MATCHERS as E1_MATCHERS } from './e1-outbound-data-transfer.js';
import { e2, MATCHERS as E2_MATCHERS } from './e2-environment-harvesting.js';
import { e4, MATCHERS as E4_MATCHERS } from './e4-conversation-export.js';
import { assertMatchersLinear } from './test-support.js';

for (const rule of exfiltrationRules) {
  test(`${rule.meta.id} runs in linear time on adversarial input`, () => assertLinearTime(rule));
}

for (const [rule, matchers] of [[e1, E1_MATCHERS], [e2, E2_MATCHERS], [e4, E4_MATCHERS]] as const) {
  test(`${rule.meta.id} runs in linear time on input seeded from its matcher table`, () => assertMatchersLinear(rule, matchers));
}
