import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, test } from 'node:test';
import { z } from 'zod';
import { openAiReply, startFakeLlm } from '../../../test/helpers/fake-llm.js';
import type { FakeLlm } from '../../../test/helpers/fake-llm.js';
import { createLlmClient } from './create-client.js';
import { providerFromEnv } from './provider-config.js';
import type { LlmClientOptions } from './types.js';

const KEY = 'sk-proj-SECRETKEY-abcdefghijklmnop';
const Reply = z.object({ ok: z.boolean() });
const request = { system: 's', user: 'u', schema: Reply, maxOutputTokens: 50, timeoutMs: 2000 };
const good = () => openAiReply({ ok: true });

let fake: FakeLlm;
let delays: number[];
before(async () => {
  fake = await startFakeLlm();
});
after(() => fake.close());
beforeEach(() => {
  fake.reset();
  delays = [];
});

function client(options: LlmClientOptions = {}, baseUrl = `${fake.url}/v1`) {
  const config = providerFromEnv({ SKILLSPECTOR_PROVIDER: 'openai', SKILLSPECTOR_MODEL: 'm', SKILLSPECTOR_BASE_URL: baseUrl, OPENAI_API_KEY: KEY });
  assert.ok(config.ok);
  return createLlmClient(config.config, { sleep: async (ms) => void delays.push(ms), random: () => 0.5, ...options });
}

test('503 then 200 succeeds with one retry after a back-off', async () => {
  fake.push({ status: 503, body: { error: 'busy' } }, good());
  const r = await client().complete(request);
  assert.ok(r.ok);
  assert.equal(r.retries, 1);
  assert.equal(fake.requests.length, 2);
  assert.deepEqual(delays, [375], 'base 500 ms, half fixed plus half jittered');
});

test('retries are bounded: three 5xx answers end as an http failure after three requests', async () => {
  fake.push({ status: 500 }, { status: 502 }, { status: 503, body: { error: { message: 'still down' } } }, good());
  const r = await client().complete(request);
  assert.ok(!r.ok);
  assert.deepEqual([r.kind, r.status, r.retries], ['http', 503, 2]);
  assert.match(r.message, /HTTP 503: still down/);
  assert.equal(fake.requests.length, 3);
  assert.deepEqual(delays, [375, 750], 'the back-off doubles');
  assert.ok((await client().complete(request)).ok, 'the unused scripted reply is still next');
});

test('maxAttempts 1 means no retry', async () => {
  fake.push({ status: 503 });
  const r = await client({ maxAttempts: 1 }).complete(request);
  assert.ok(!r.ok);
  assert.equal(r.retries, 0);
  assert.equal(fake.requests.length, 1);
  assert.deepEqual(delays, []);
});

test('jitter comes from the injected random source', async () => {
  fake.push({ status: 500 }, good());
  await client({ random: () => 0, baseDelayMs: 1000 }).complete(request);
  fake.push({ status: 500 }, good());
  await client({ random: () => 0.999, baseDelayMs: 1000 }).complete(request);
  assert.deepEqual(delays, [500, 1000]);
});

test('429 waits exactly what Retry-After asks, in seconds or as a date, up to the cap', async () => {
  fake.push({ status: 429, headers: { 'retry-after': '7' } }, good());
  const r = await client().complete(request);
  assert.ok(r.ok);
  assert.equal(r.retries, 1);
  fake.push({ status: 429, headers: { 'retry-after': '3600' } }, good());
  await client({ maxRetryAfterMs: 30_000 }).complete(request);
  fake.push({ status: 429, headers: { 'retry-after': new Date(Date.now() + 60_000).toUTCString() } }, good());
  await client().complete(request);
  fake.push({ status: 429, headers: { 'retry-after': 'soon' } }, good());
  await client().complete(request);
  assert.equal(delays.length, 4);
  assert.deepEqual(delays.slice(0, 2), [7000, 30_000]);
  assert.equal(delays[2], 20_000, 'a date a minute away is cut to the default 20 s cap');
  assert.equal(delays[3], 375, 'an unreadable Retry-After falls back to the back-off');
});

test('a timeout ends the call as timeout without a retry', async () => {
  fake.push({ delayMs: 1500, ...good() });
  const started = Date.now();
  const r = await client().complete({ ...request, timeoutMs: 150 });
  assert.ok(!r.ok);
  assert.equal(r.kind, 'timeout');
  assert.equal(r.retries, 0);
  assert.ok(Date.now() - started < 1200, 'the client stops waiting at the timeout');
  assert.equal(fake.requests.length, 1);
  fake.requests.length = 0;
  fake.push({ delayMs: 30, ...good() });
  assert.ok((await client().complete({ ...request, timeoutMs: 1000 })).ok, 'a reply inside the timeout is fine');
});

test('reply bodies above the cap are rejected, declared or streamed; a body just under it is read', async () => {
  const padded = (bytes: number) => {
    const head = '{"choices":[{"message":{"content":"{\\"ok\\":true}"}}],"pad":"';
    return head + 'x'.repeat(bytes - head.length - 2) + '"}';
  };
  fake.push({ rawBody: padded(5 * 1024 * 1024) });
  const big = await client().complete(request);
  assert.ok(!big.ok);
  assert.equal(big.kind, 'malformed');
  assert.match(big.message, /exceeds 4194304 bytes/);

  fake.push({ rawBody: padded(300_000), chunked: true });
  const streamed = await client({ maxBodyBytes: 200_000 }).complete(request);
  assert.ok(!streamed.ok);
  assert.equal(streamed.kind, 'malformed');

  fake.push({ rawBody: padded(190_000), chunked: true });
  const under = await client({ maxBodyBytes: 200_000 }).complete(request);
  assert.ok(under.ok, JSON.stringify(under));
});

test('a refused connection is a network failure and is not retried', async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const r = await client({}, `http://127.0.0.1:${port}/v1`).complete(request);
  assert.ok(!r.ok);
  assert.equal(r.kind, 'network');
  assert.equal(r.retries, 0);
  assert.deepEqual(delays, []);
});

test('redirects are not followed, so headers carrying the key never reach another address', async () => {
  fake.push({ status: 307, headers: { location: `${fake.url}/elsewhere` } });
  const r = await client().complete(request);
  assert.ok(!r.ok);
  assert.equal(r.kind, 'network');
  assert.deepEqual(fake.requests.map((q) => q.path), ['/v1/chat/completions']);
});

test('the key never appears in a failure message, even when the provider echoes it', async () => {
  const echoes = [
    `Incorrect API key provided: ${KEY}. You can find your API key at https://example.test.`,
    `Incorrect API key provided: ${KEY.slice(0, 12)}********${KEY.slice(-8)}.`,
    `key=${KEY}`,
  ];
  for (const echo of echoes) {
    fake.push({ status: 401, body: { error: { message: echo, type: 'invalid_request_error' } } });
    const r = await client().complete(request);
    assert.ok(!r.ok);
    assert.equal(r.status, 401);
    assert.ok(!r.message.includes(KEY), r.message);
    assert.ok(!r.message.includes(KEY.slice(0, 12)) && !r.message.includes(KEY.slice(-8)), r.message);
    assert.match(r.message, /\[redacted\]/);
  }
  fake.push({ status: 500, body: { error: KEY } }, { status: 500, body: { error: KEY } }, { status: 500, body: { error: KEY } });
  const retried = await client().complete(request);
  assert.ok(!retried.ok && !retried.message.includes(KEY));
  fake.push(openAiReply(null, { refusal: `I will not reveal ${KEY}` }));
  const refused = await client().complete(request);
  assert.ok(!refused.ok && !refused.message.includes(KEY));
  fake.push({ status: 401, body: { error: { message: 'Incorrect API key provided: sk-other.' } } });
  const unrelated = await client().complete(request);
  assert.ok(!unrelated.ok);
  assert.match(unrelated.message, /sk-other/, 'text unrelated to the key is kept');
});

test('failure messages are bounded and printable whatever the provider sends', async () => {
  fake.push({ status: 418, body: { error: { message: `\u001b[31mred\u202e${'y'.repeat(10_000)}` } } });
  const r = await client().complete(request);
  assert.ok(!r.ok);
  assert.ok(r.message.length <= 300);
  assert.ok(!/[\u001b\u202e]/.test(r.message));
});
