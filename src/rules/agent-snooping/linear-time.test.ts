import { test } from 'node:test';
import { assertLinearTime } from '../../../test/helpers/adversarial.js';
import { assertMatchersLinear } from '../exfiltration/test-support.js';
import { agentSnoopingRules } from './index.js';
import { as1, MATCHERS as AS1_MATCHERS } from './as1-agent-config-access.js';
import { as2, MATCHERS as AS2_MATCHERS } from './as2-mcp-config-access.js';

for (const rule of agentSnoopingRules) {
  test(`${rule.meta.id} runs in linear time on adversarial input`, () => assertLinearTime(rule));
}

for (const [rule, matchers] of [[as1, AS1_MATCHERS], [as2, AS2_MATCHERS]] as const) {
  test(`${rule.meta.id} runs in linear time on input seeded from its matcher table`, () => assertMatchersLinear(rule, matchers));
}
