import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UsageError } from '../discovery/target.js';
import { parseQueueUrl } from './queue-url.js';

test('redis URLs give host, port, database and credentials', () => {
  assert.deepEqual(parseQueueUrl('redis://127.0.0.1:6380/3'), { host: '127.0.0.1', port: 6380, db: 3, tls: false, display: 'redis://127.0.0.1:6380/3' });
  const full = parseQueueUrl('rediss://worker:s%40cret@queue.example:7000/0');
  assert.equal(full.tls, true);
  assert.equal(full.username, 'worker');
  assert.equal(full.password, 's@cret');
  assert.equal(full.display, 'rediss://worker:***@queue.example:7000/0', 'the password is never printed');
  const defaults = parseQueueUrl('redis://[::1]');
  assert.equal(defaults.host, '::1');
  assert.equal(defaults.port, 6379);
  assert.equal(defaults.db, 0);
});

test('a bad URL is a usage error that names the expected form and hides the password', () => {
  for (const [url, why] of [
    ['http://127.0.0.1:6379/0', /scheme "http:"/],
    ['127.0.0.1:6379', /scheme|not a URL/],
    ['redis://host:6379/zero', /database "zero"/],
    ['redis://host:6379/0?x=1', /query strings/],
    ['redis://host:99999/0', /not a URL/],
    ['redis://:hunter2@host:6379/db', /database/],
  ] as const) {
    assert.throws(
      () => parseQueueUrl(url),
      (err: unknown) => err instanceof UsageError && why.test(err.message) && /expected redis:\/\/HOST:PORT\/DB/.test(err.message) && !err.message.includes('hunter2'),
      url,
    );
  }
});
