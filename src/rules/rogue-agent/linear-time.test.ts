import { test } from 'node:test';
import { assertLinearTime } from '../../../test/helpers/adversarial.js';
import { rogueAgentRules } from './index.js';

test('rogue-agent rules run in linear time on adversarial input', () => {
  for (const rule of rogueAgentRules) assertLinearTime(rule);
});
