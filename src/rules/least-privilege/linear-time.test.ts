import { test } from 'node:test';
import { assertBundleLinearTime } from '../tool-poisoning/test-support.js';
import { leastPrivilegeRules } from './index.js';

for (const rule of leastPrivilegeRules) {
  test(`${rule.meta.id} runs in linear time on adversarial bundles`, () => assertBundleLinearTime(rule));
}
