import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BatchInbox } from './batch-inbox.js';

const good = { target: 'ignored', recommendation: 'SAFE', score: 0, status: 'scanned', execution_successful: true, issues: [], duration_ms: 5 };

test('each job gives one line however often it is reported, under the target the producer sent', async () => {
  const inbox = new BatchInbox(new Map([['b-0', 'skills/a'], ['b-1', 'skills/b']]));
  inbox.completed('b-0', good);
  inbox.completed('b-0', good); // a re-run after a worker death, or an event seen again by polling
  inbox.failed('b-0', 'late failure');
  inbox.completed('other-batch-0', good);
  const first = await inbox.next(10);
  assert.equal(first?.jobId, 'b-0');
  assert.equal(first?.line.target, 'skills/a', 'a worker cannot rename the target');
  assert.equal(first?.line.status, 'scanned');
  assert.equal(await inbox.next(10), undefined);
  assert.equal(inbox.done, false);
  assert.deepEqual(inbox.pendingIds(), ['b-1']);
  inbox.completed('b-1', { target: 'skills/b', status: 'maybe' });
  const second = await inbox.next(10);
  assert.equal(second?.line.status, 'error');
  assert.match(second?.line.error ?? '', /malformed result/);
  assert.equal(second?.line.recommendation, null, 'never counted as safe');
  assert.equal(inbox.done, true);
});

test('a job that failed for good is an error line; a stalled-too-often job says its worker stopped', async () => {
  const inbox = new BatchInbox(new Map([['b-0', 'x'], ['b-1', 'y']]));
  inbox.failed('b-0', 'job stalled more than allowable limit');
  inbox.failed('b-1', 'boom');
  const a = await inbox.next(10);
  const b = await inbox.next(10);
  assert.equal(a?.line.status, 'error');
  assert.match(a?.line.error ?? '', /worker stopped while scanning/);
  assert.match(b?.line.error ?? '', /queue job failed: boom/);
});

test('next() wakes as soon as a line arrives', async () => {
  const inbox = new BatchInbox(new Map([['b-0', 'x']]));
  setTimeout(() => inbox.completed('b-0', good), 5);
  const got = await inbox.next(60_000);
  assert.equal(got?.line.target, 'x');
});
