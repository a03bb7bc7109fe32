import { test } from 'node:test';
import { assertLinearTime } from '../../../test/helpers/adversarial.js';
import { assertMatchersLinear } from '../exfiltration/test-support.js';
import { privilegeRules } from './index.js';
import { pe3, MATCHERS as PE3_MATCHERS } from './pe3-credential-file-access.js';
import { pe4, MATCHERS as PE4_MATCHERS } from './pe4-docker-socket.js';
import { pe5, MATCHERS as PE5_MATCHERS } from './pe5-privileged-container.js';

for (const rule of privilegeRules) {
  test(`${rule.meta.id} runs in linear time on adversarial input`, () => assertLinearTime(rule));
}

for (const [rule, matchers] of [[pe3, PE3_MATCHERS], [pe4, PE4_MATCHERS], [pe5, PE5_MATCHERS]] as const) {
  test(`${rule.meta.id} runs in linear time on input seeded from its matcher table`, () => assertMatchersLinear(rule, matchers));
}

test('PE2 runs in linear time on input seeded from its pattern table (it is a custom rule now)', async () => {
  const { assertCustomLinearTime } = await import('../tool-misuse/linear-time.test-support.js');
  const { pe2, PE2_SPECS } = await import('./pe2-root-execution.js');
  assertCustomLinearTime(pe2, PE2_SPECS, ['run.sh', 'SKILL.md']);
});
