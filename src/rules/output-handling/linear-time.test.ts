import { test } from 'node:test';
import { assertLinearTime } from '../../../test/helpers/adversarial.js';
import { outputHandlingRules } from './index.js';

test('output-handling rules run in linear time on adversarial input', () => {
  for (const rule of outputHandlingRules) assertLinearTime(rule);
});
