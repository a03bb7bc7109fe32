import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { z } from 'zod';
import { openAiReply, startFakeLlm } from '../../../test/helpers/fake-llm.js';
import type { FakeLlm } from '../../../test/helpers/fake-llm.js';
import { createLlmClient } from './create-client.js';
import { providerFromEnv } from './provider-config.js';
import type { ProviderName } from './provider-config.js';

const KEY = 'sk-openai-test-key-0123456789';
const Verdict = z.object({ verdict: z.enum(['benign', 'malicious']), reasons: z.array(z.string()) });
const request = { system: 'You review skills.', user: 'Skill text here', schema: Verdict, schemaName: 'verdict', maxOutputTokens: 512, timeoutMs: 5000 };

let fake: FakeLlm;
before(async () => {
  fake = await startFakeLlm();
});
after(() => fake.close());

function client(provider: ProviderName = 'openai') {
  const env = { SKILLSPECTOR_PROVIDER: provider, SKILLSPECTOR_MODEL: 'gpt-test', SKILLSPECTOR_BASE_URL: `${fake.url}/v1`, OPENAI_API_KEY: KEY, NVIDIA_INFERENCE_KEY: KEY };
  const config = providerFromEnv(env);
  assert.ok(config.ok);
  return createLlmClient(config.config, { sleep: async () => undefined });
}

function fresh(): void {
  fake.reset();
}

test('sends a chat completion with a strict json_schema built from the zod schema', async () => {
  fresh();
  fake.push(openAiReply({ verdict: 'benign', reasons: [] }));
  await client().complete(request);
  const [req] = fake.requests;
  assert.ok(req);
  assert.equal(req.method, 'POST');
  assert.equal(req.path, '/v1/chat/completions');
  assert.equal(req.headers.authorization, `Bearer ${KEY}`);
  assert.match(String(req.headers['content-type']), /application\/json/);
  assert.deepEqual(req.body, {
    model: 'gpt-test',
    messages: [
      { role: 'system', content: 'You review skills.' },
      { role: 'user', content: 'Skill text here' },
    ],
    max_completion_tokens: 512,
    response_format: {
      type: 'json_schema',
      json_schema: {
        name: 'verdict',
        strict: true,
        schema: {
          type: 'object',
          properties: { verdict: { type: 'string', enum: ['benign', 'malicious'] }, reasons: { type: 'array', items: { type: 'string' } } },
          required: ['verdict', 'reasons'],
          additionalProperties: false,
        },
      },
    },
  });
});

test('compatible servers get max_tokens, and no authorization header without a key', async () => {
  fresh();
  fake.push(openAiReply({ verdict: 'benign', reasons: [] }));
  await client('nv_build').complete(request);
  const body = fake.requests[0]?.body as Record<string, unknown>;
  assert.equal(body.max_tokens, 512);
  assert.equal(body.max_completion_tokens, undefined);

  fresh();
  fake.push(openAiReply({ verdict: 'benign', reasons: [] }));
  const config = providerFromEnv({ SKILLSPECTOR_PROVIDER: 'ollama', SKILLSPECTOR_MODEL: 'llama', SKILLSPECTOR_BASE_URL: `${fake.url}/v1` });
  assert.ok(config.ok);
  await createLlmClient(config.config).complete(request);
  assert.equal(fake.requests[0]?.headers.authorization, undefined);
});

test('a valid reply comes back validated, with usage and the reported model', async () => {
  fresh();
  fake.push(openAiReply({ verdict: 'malicious', reasons: ['uploads ~/.ssh'] }, { model: 'gpt-test-2026' }));
  const r = await client().complete(request);
  assert.deepEqual(r, { ok: true, value: { verdict: 'malicious', reasons: ['uploads ~/.ssh'] }, usage: { inputTokens: 120, outputTokens: 30 }, model: 'gpt-test-2026', retries: 0 });
});

test('replies that break the schema or are not JSON are malformed', async () => {
  const cases = [
    [openAiReply({ verdict: 'probably fine', reasons: [] }), /schema at verdict/],
    [openAiReply({ verdict: 'benign' }), /schema at reasons/],
    [openAiReply('{"verdict": "benign", "reasons": ['), /not JSON/],
    [openAiReply('{"verdict": "benign", "rea', { finishReason: 'length' }), /cut off/],
    [{ body: { choices: [] } }, /not a chat completion/],
    [{ body: ['not', 'an', 'object'] }, /not a chat completion/],
    [{ rawBody: '<html>gateway</html>' }, /not JSON/],
  ] as const;
  for (const [reply, why] of cases) {
    fresh();
    fake.push(reply);
    const r = await client().complete(request);
    assert.ok(!r.ok, JSON.stringify(reply));
    assert.equal(r.kind, 'malformed');
    assert.match(r.message, why);
    assert.equal(fake.requests.length, 1, 'a malformed reply is not retried');
  }
});

test('a refusal or a content filter stop is refused; a null refusal beside content is not', async () => {
  fresh();
  fake.push(openAiReply(null, { refusal: "I can't help with that." }));
  const refused = await client().complete(request);
  assert.ok(!refused.ok);
  assert.equal(refused.kind, 'refused');
  assert.match(refused.message, /can't help/);

  fake.push(openAiReply('', { finishReason: 'content_filter' }));
  const filtered = await client().complete(request);
  assert.ok(!filtered.ok);
  assert.equal(filtered.kind, 'refused');

  const twin = openAiReply({ verdict: 'benign', reasons: [] });
  const choice = (twin.body as { choices: { message: Record<string, unknown> }[] }).choices[0];
  if (choice) choice.message.refusal = null;
  fake.push(twin);
  assert.equal((await client().complete(request)).ok, true);
});

test('a 400 to json_schema falls back once to json_object, and the client remembers', async () => {
  fresh();
  fake.push({ status: 400, body: { error: { message: "response_format 'json_schema' is not supported" } } }, openAiReply({ verdict: 'benign', reasons: ['ok'] }));
  const c = client('openai_compatible');
  const r = await c.complete(request);
  assert.ok(r.ok);
  assert.equal(r.retries, 1);
  assert.equal(fake.requests.length, 2);
  const second = fake.requests[1]?.body as { response_format: unknown; messages: { content: string }[] };
  assert.deepEqual(second.response_format, { type: 'json_object' });
  assert.match(second.messages[0]?.content ?? '', /JSON Schema:\n\{"type":"object"/);

  fresh();
  fake.push(openAiReply({ verdict: 'benign', reasons: [] }));
  assert.ok((await c.complete(request)).ok);
  assert.equal(fake.requests.length, 1);
  assert.deepEqual((fake.requests[0]?.body as { response_format: unknown }).response_format, { type: 'json_object' });
});

test('a 400 in json_object mode is final: no third request', async () => {
  fresh();
  fake.push({ status: 400, body: { error: { message: 'bad schema' } } }, { status: 400, body: { error: { message: 'context too long' } } });
  const r = await client().complete(request);
  assert.ok(!r.ok);
  assert.deepEqual([r.kind, r.status, r.retries], ['http', 400, 1]);
  assert.match(r.message, /context too long/);
  assert.equal(fake.requests.length, 2);
});

test('other 4xx answers are not retried and trigger no fallback', async () => {
  for (const status of [401, 403, 404, 422]) {
    fresh();
    fake.push({ status, body: { error: { message: 'nope' } } });
    const r = await client().complete(request);
    assert.ok(!r.ok);
    assert.deepEqual([r.kind, r.status, r.retries, fake.requests.length], ['http', status, 0, 1]);
  }
});
