import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UsageError } from '../../discovery/target.js';
import { threadsSetting } from './threads-option.js';

test('--threads: 1 turns worker threads off, N sets their number, anything else is a usage error', () => {
  assert.equal(threadsSetting('1'), false);
  assert.deepEqual(threadsSetting('4'), { threads: 4 });
  for (const bad of ['0', '-2', '1.5', 'two', '', '99999']) assert.throws(() => threadsSetting(bad), UsageError, bad);
});
