import { test } from 'node:test';
import { assertBundleLinearTime } from '../tool-poisoning/test-support.js';
import { triggerRules } from './index.js';

for (const rule of triggerRules) {
  test(`${rule.meta.id} runs in linear time on adversarial manifests`, () => assertBundleLinearTime(rule));
}
