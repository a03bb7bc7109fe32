import { test } from 'node:test';
import { assertLinearTime } from '../../../test/helpers/adversarial.js';
import { assertCustomLinearTime } from '../tool-misuse/linear-time.test-support.js';
import { memoryPoisoningRules } from './index.js';
import { MP2_PHRASES } from './mp2-context-flooding.js';

test('memory-poisoning rules run in linear time on adversarial input', () => {
  for (const rule of memoryPoisoningRules) assertLinearTime(rule);
});

test('MP2 phrase patterns run in linear time on adversarial input', () => {
  const mp2 = memoryPoisoningRules.find((r) => r.meta.id === 'MP2');
  if (mp2) assertCustomLinearTime(mp2, MP2_PHRASES);
});
