import { test } from 'node:test';
import { assertLinearTime } from '../../../test/helpers/adversarial.js';
import { assertBundleLinearTime } from '../tool-poisoning/test-support.js';
import { analysisEvasionRules } from './index.js';

for (const rule of analysisEvasionRules) {
  test(`${rule.meta.id} runs in linear time on adversarial input`, () => (rule.kind === 'bundle' ? assertBundleLinearTime(rule) : assertLinearTime(rule)));
}
