import { test } from 'node:test';
import { assertLinearTime } from '../../../test/helpers/adversarial.js';
import { agencyRules } from './index.js';

test('agency rules run in linear time on adversarial input', () => {
  for (const rule of agencyRules) assertLinearTime(rule);
});
