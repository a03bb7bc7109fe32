import { test } from 'node:test';
import { assertLinearTime } from '../../../test/helpers/adversarial.js';
import { antiRefusalRules } from './index.js';

test('anti-refusal rules run in linear time on adversarial input', () => {
  for (const rule of antiRefusalRules) assertLinearTime(rule);
});
