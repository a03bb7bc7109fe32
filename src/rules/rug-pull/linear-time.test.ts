import { test } from 'node:test';
import { assertLinearTime } from '../../../test/helpers/adversarial.js';
import { assertBundleLinearTime } from '../tool-poisoning/test-support.js';
import { rugPullRules } from './index.js';

for (const rule of rugPullRules) {
  test(`${rule.meta.id} runs in linear time on adversarial input`, () => (rule.kind === 'bundle' ? assertBundleLinearTime(rule) : assertLinearTime(rule)));
}
