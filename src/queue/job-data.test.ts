import { test } from 'node:test';
import assert from 'node:assert/strict';
import { claimedTarget, scanJobSchema } from './job-data.js';

test('job data names a target and plain settings, nothing else', () => {
  assert.ok(scanJobSchema.safeParse({ batch: 'b1', target: 'skills/a', settings: {} }).success);
  assert.ok(scanJobSchema.safeParse({ batch: 'b1', target: 'skills/a', settings: { excludes: ['docs/**'], limits: { maxEntries: 5 } }, timeoutMs: 1000 }).success);
  for (const bad of [
    { batch: 'b1', target: 42, settings: {} },
    { batch: 'b1', target: 'a', settings: { rulesDir: '/etc' } },
    { batch: 'b1', target: 'a', settings: {}, baseline: '/etc/passwd' },
    { batch: 'b1', target: 'a', settings: { limits: { maxEntries: -1 } } },
    { batch: 'b1', target: 'a', settings: { limits: { notALimit: 1 } } },
    { batch: 'b1', target: 'a\0b', settings: {} },
    { batch: 'b1', target: 'a', settings: {}, timeoutMs: 0 },
    null,
  ]) {
    assert.equal(scanJobSchema.safeParse(bad).success, false, JSON.stringify(bad));
  }
});

test('the error line of a malformed job names the claimed target only when it is a string', () => {
  assert.equal(claimedTarget({ target: 'skills/a' }), 'skills/a');
  assert.equal(claimedTarget({ target: 7 }), '<malformed job>');
  assert.equal(claimedTarget('junk'), '<malformed job>');
});
