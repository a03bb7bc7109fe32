import { test } from 'node:test';
import { assertLinearTime } from '../../../test/helpers/adversarial.js';
import { assertCustomLinearTime } from '../tool-misuse/linear-time.test-support.js';
import { DS1_SPECS } from './ds1-php-unserialize.js';
import { deserializationRules } from './index.js';

// The shared check uses notes.md and run.py, which these rules skip; also time them on their own languages.
const PATHS: Record<string, string[]> = { DS1: ['x.php'], DS2: ['x.rb'], DS3: ['x.rb'], DS4: ['x.js', 'x.ts'] };

test('deserialization rules run in linear time on adversarial input', () => {
  for (const rule of deserializationRules) {
    assertLinearTime(rule);
    if (rule.kind === 'pattern') assertCustomLinearTime(rule, rule.patterns, PATHS[rule.meta.id]);
    else assertCustomLinearTime(rule, DS1_SPECS, PATHS[rule.meta.id]);
  }
});
