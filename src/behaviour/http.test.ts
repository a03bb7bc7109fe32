// The shared HTTP facts: authenticating header names and the host a URL prefix names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isAuthHeaderLine, isAuthHeaderName, urlHostOf } from './http.js';

test('authenticating header names, as names and as curl -H lines', () => {
  for (const n of ['Authorization', 'proxy-authorization', 'X-Api-Key', 'Private-Token', 'X-Goog-Api-Key', ' apikey ']) assert.ok(isAuthHeaderName(n), n);
  for (const n of ['Content-Type', 'X-Data', 'Accept', 'X-Trace']) assert.ok(!isAuthHeaderName(n), n);
  assert.ok(isAuthHeaderLine('Authorization: Bearer $T'));
  assert.ok(!isAuthHeaderLine('X-Data: $API_KEY') && !isAuthHeaderLine('no colon here'));
});

test('the host of a URL prefix and what follows it', () => {
  assert.deepEqual(urlHostOf('https://API.Example.com/v1?q=1'), { host: 'api.example.com', followedBy: 'delimiter' });
  assert.deepEqual(urlHostOf('https://user:pw@files.example.org'), { host: 'files.example.org', followedBy: 'end' });
  assert.deepEqual(urlHostOf('https://[::1]:8080/x'), { host: '[::1]', followedBy: 'delimiter' });
  assert.deepEqual(urlHostOf('https://api.example.com{path}'), { host: 'api.example.com', followedBy: 'unknown' });
  assert.deepEqual(urlHostOf('https://api.\u0001.com'), { host: 'api.', followedBy: 'unknown' });
  assert.equal(urlHostOf('api.example.com/v1'), undefined);
});
