import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { z } from 'zod';
import { anthropicReply, startFakeLlm } from '../../../test/helpers/fake-llm.js';
import type { FakeLlm } from '../../../test/helpers/fake-llm.js';
import { ANTHROPIC_VERSION } from './anthropic-adapter.js';
import { createLlmClient } from './create-client.js';
import { providerFromEnv } from './provider-config.js';

const KEY = 'sk-ant-test-key-9876543210';
const Verdict = z.object({ verdict: z.enum(['benign', 'malicious']), line: z.number().int() });
const request = { system: 'You review skills.', user: 'Skill text', schema: Verdict, maxOutputTokens: 300, timeoutMs: 5000 };

let fake: FakeLlm;
before(async () => {
  fake = await startFakeLlm();
});
after(() => fake.close());
beforeEach(() => {
  fake.reset();
});

function client() {
  const config = providerFromEnv({ SKILLSPECTOR_PROVIDER: 'anthropic', SKILLSPECTOR_MODEL: 'claude-test', SKILLSPECTOR_BASE_URL: fake.url, ANTHROPIC_API_KEY: KEY });
  assert.ok(config.ok);
  return createLlmClient(config.config, { sleep: async () => undefined });
}

test('sends a Messages request with one forced tool carrying the JSON schema', async () => {
  fake.push(anthropicReply({ verdict: 'benign', line: 1 }));
  await client().complete(request);
  const [req] = fake.requests;
  assert.ok(req);
  assert.equal(req.method, 'POST');
  assert.equal(req.path, '/v1/messages');
  assert.equal(req.headers['x-api-key'], KEY);
  assert.equal(req.headers['anthropic-version'], ANTHROPIC_VERSION);
  assert.equal(req.headers.authorization, undefined, 'Anthropic takes the key in x-api-key only');
  const body = req.body as Record<string, unknown>;
  assert.equal(body.model, 'claude-test');
  assert.equal(body.max_tokens, 300);
  assert.equal(body.system, 'You review skills.');
  assert.deepEqual(body.messages, [{ role: 'user', content: 'Skill text' }]);
  assert.deepEqual(body.tool_choice, { type: 'tool', name: 'reply' });
  const tools = body.tools as { name: string; input_schema: Record<string, unknown> }[];
  assert.equal(tools.length, 1);
  assert.equal(tools[0]?.name, 'reply');
  assert.deepEqual(tools[0]?.input_schema.required, ['verdict', 'line']);
  assert.equal(tools[0]?.input_schema.type, 'object');
  assert.equal(tools[0]?.input_schema.$schema, undefined);
});

test('the tool input is the validated reply, with usage and model', async () => {
  fake.push(anthropicReply({ verdict: 'malicious', line: 12 }, 'reply', { model: 'claude-test-20260101' }));
  const r = await client().complete(request);
  assert.deepEqual(r, { ok: true, value: { verdict: 'malicious', line: 12 }, usage: { inputTokens: 200, outputTokens: 40 }, model: 'claude-test-20260101', retries: 0 });
});

test('tool input that breaks the schema is malformed', async () => {
  fake.push(anthropicReply({ verdict: 'malicious', line: 'twelve' }));
  const r = await client().complete(request);
  assert.ok(!r.ok);
  assert.equal(r.kind, 'malformed');
  assert.match(r.message, /at line/);
});

test('a refusal stop, a text-only answer or a call to another tool is refused', async () => {
  const cases = [
    anthropicReply({ verdict: 'benign', line: 1 }, 'reply', { stopReason: 'refusal' }),
    anthropicReply(null, null),
    anthropicReply({ verdict: 'benign', line: 1 }, 'some_other_tool'),
  ];
  for (const reply of cases) {
    fake.push(reply);
    const r = await client().complete(request);
    assert.ok(!r.ok);
    assert.equal(r.kind, 'refused', JSON.stringify(reply.body));
  }
});

test('an answer cut off before the tool call is malformed, not refused', async () => {
  fake.push(anthropicReply(null, null, { stopReason: 'max_tokens' }));
  const r = await client().complete(request);
  assert.ok(!r.ok);
  assert.equal(r.kind, 'malformed');
});

test('a reply that is not a Messages response is malformed', async () => {
  fake.push({ body: { type: 'message', content: 'just text' } });
  const r = await client().complete(request);
  assert.ok(!r.ok);
  assert.equal(r.kind, 'malformed');
});

test('400 is not retried; 529 overloaded is', async () => {
  fake.push({ status: 400, body: { type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens too large' } } });
  const bad = await client().complete(request);
  assert.ok(!bad.ok);
  assert.deepEqual([bad.kind, bad.status, bad.retries, fake.requests.length], ['http', 400, 0, 1]);
  assert.match(bad.message, /max_tokens too large/);

  fake.requests.length = 0;
  fake.push({ status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } }, anthropicReply({ verdict: 'benign', line: 3 }));
  const good = await client().complete(request);
  assert.ok(good.ok);
  assert.equal(good.retries, 1);
  assert.equal(fake.requests.length, 2);
});
