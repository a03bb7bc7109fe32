import { test } from 'node:test';
import { assertLinearTime } from '../../../test/helpers/adversarial.js';
import { assertMatchersLinear } from '../exfiltration/test-support.js';
import { ssrfRules } from './index.js';
import { ssrf1, MATCHERS as SSRF1_MATCHERS } from './ssrf1-cloud-metadata.js';
import { ssrf2, MATCHERS as SSRF2_MATCHERS } from './ssrf2-internal-network-request.js';
import { ssrf3, MATCHERS as SSRF3_MATCHERS } from './ssrf3-templated-request-host.js';

for (const rule of ssrfRules) {
  test(`${rule.meta.id} runs in linear time on adversarial input`, () => assertLinearTime(rule));
}

for (const [rule, matchers] of [[ssrf1, SSRF1_MATCHERS], [ssrf2, SSRF2_MATCHERS], [ssrf3, SSRF3_MATCHERS]] as const) {
  test(`${rule.meta.id} runs in linear time on input seeded from its matcher table`, () => assertMatchersLinear(rule, matchers));
}
