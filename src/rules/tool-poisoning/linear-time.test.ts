import { test } from 'node:test';
import { assertBundleLinearTime } from './test-support.js';
import { toolPoisoningRules } from './index.js';

for (const rule of toolPoisoningRules) {
  test(`${rule.meta.id} runs in linear time on adversarial manifests`, () => assertBundleLinearTime(rule));
}
