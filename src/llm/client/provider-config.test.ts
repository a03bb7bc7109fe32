import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { test } from 'node:test';
import { providerFromEnv } from './provider-config.js';

const KEY = 'sk-test-0123456789abcdefSECRET';

test('each provider gets its documented default base URL', () => {
  const cases = [
    ['openai', { OPENAI_API_KEY: KEY }, 'https://api.openai.com/v1'],
    ['nv_build', { NVIDIA_INFERENCE_KEY: KEY }, 'https://integrate.api.nvidia.com/v1'],
    ['anthropic', { ANTHROPIC_API_KEY: KEY }, 'https://api.anthropic.com'],
    ['ollama', {}, 'http://127.0.0.1:11434/v1'],
  ] as const;
  for (const [provider, keys, baseUrl] of cases) {
    const r = providerFromEnv({ SKILLSPECTOR_PROVIDER: provider, SKILLSPECTOR_MODEL: 'm1', ...keys });
    assert.ok(r.ok, provider);
    assert.deepEqual({ provider: r.config.provider, model: r.config.model, baseUrl: r.config.baseUrl }, { provider, model: 'm1', baseUrl });
  }
});

test('each provider reads its own key variable and no other', () => {
  const nv = providerFromEnv({ SKILLSPECTOR_PROVIDER: 'nv_build', SKILLSPECTOR_MODEL: 'm', NVIDIA_INFERENCE_KEY: 'nv-key', OPENAI_API_KEY: 'oa-key' });
  assert.ok(nv.ok);
  assert.equal(nv.config.apiKey, 'nv-key');
  const ollama = providerFromEnv({ SKILLSPECTOR_PROVIDER: 'ollama', SKILLSPECTOR_MODEL: 'm', OPENAI_API_KEY: 'oa-key' });
  assert.ok(ollama.ok);
  assert.equal(ollama.config.apiKey, undefined);
  const wrongKey = providerFromEnv({ SKILLSPECTOR_PROVIDER: 'anthropic', SKILLSPECTOR_MODEL: 'm', OPENAI_API_KEY: 'oa-key' });
  assert.ok(!wrongKey.ok);
  assert.equal(wrongKey.code, 'missing_key');
  assert.match(wrongKey.message, /ANTHROPIC_API_KEY/);
});

test('SKILLSPECTOR_BASE_URL overrides the default, loses trailing slashes, and is required for openai_compatible', () => {
  const custom = providerFromEnv({ SKILLSPECTOR_PROVIDER: 'openai_compatible', SKILLSPECTOR_MODEL: 'm', SKILLSPECTOR_BASE_URL: 'http://127.0.0.1:8000/v1//' });
  assert.ok(custom.ok);
  assert.equal(custom.config.baseUrl, 'http://127.0.0.1:8000/v1');
  assert.equal(custom.config.apiKey, undefined, 'a local compatible server needs no key');
  const missing = providerFromEnv({ SKILLSPECTOR_PROVIDER: 'openai_compatible', SKILLSPECTOR_MODEL: 'm', OPENAI_API_KEY: KEY });
  assert.ok(!missing.ok);
  assert.equal(missing.code, 'missing_base_url');
});

test('configuration errors are typed results with a plain message', () => {
  const expect = (env: Record<string, string>, code: string): void => {
    const r = providerFromEnv(env);
    assert.ok(!r.ok, JSON.stringify(env));
    assert.equal(r.code, code);
    assert.ok(r.message.length > 10);
  };
  expect({}, 'not_configured');
  expect({ SKILLSPECTOR_PROVIDER: '   ' }, 'not_configured');
  expect({ SKILLSPECTOR_PROVIDER: 'gemini', SKILLSPECTOR_MODEL: 'm' }, 'unknown_provider');
  expect({ SKILLSPECTOR_PROVIDER: 'openai', OPENAI_API_KEY: KEY }, 'missing_model');
  expect({ SKILLSPECTOR_PROVIDER: 'openai', SKILLSPECTOR_MODEL: 'm', OPENAI_API_KEY: '' }, 'missing_key');
  expect({ SKILLSPECTOR_PROVIDER: 'ollama', SKILLSPECTOR_MODEL: 'm', SKILLSPECTOR_BASE_URL: 'ftp://host/v1' }, 'invalid_base_url');
  expect({ SKILLSPECTOR_PROVIDER: 'ollama', SKILLSPECTOR_MODEL: 'm', SKILLSPECTOR_BASE_URL: 'not a url' }, 'invalid_base_url');
  expect({ SKILLSPECTOR_PROVIDER: 'ollama', SKILLSPECTOR_MODEL: 'm', SKILLSPECTOR_BASE_URL: 'http://user:pw@host/v1' }, 'invalid_base_url');
  expect({ SKILLSPECTOR_PROVIDER: 'ollama', SKILLSPECTOR_MODEL: 'm', SKILLSPECTOR_BASE_URL: 'http://host/v1?key=x' }, 'invalid_base_url');
});

test('provider names are case-insensitive and values are trimmed', () => {
  const r = providerFromEnv({ SKILLSPECTOR_PROVIDER: ' OpenAI ', SKILLSPECTOR_MODEL: ' gpt-x ', OPENAI_API_KEY: ` ${KEY}\n` });
  assert.ok(r.ok);
  assert.equal(r.config.provider, 'openai');
  assert.equal(r.config.model, 'gpt-x');
  assert.equal(r.config.apiKey, KEY);
});

test('the key never appears in an error message, a serialised config or an inspected config', () => {
  const bad = providerFromEnv({ SKILLSPECTOR_PROVIDER: KEY, SKILLSPECTOR_MODEL: 'm', OPENAI_API_KEY: KEY, ANTHROPIC_API_KEY: KEY });
  assert.ok(!bad.ok);
  assert.equal(bad.code, 'unknown_provider');
  assert.ok(!bad.message.includes(KEY), bad.message);
  for (const provider of ['openai', 'anthropic']) {
    const env = { SKILLSPECTOR_PROVIDER: provider, OPENAI_API_KEY: KEY, ANTHROPIC_API_KEY: KEY };
    const noModel = providerFromEnv(env);
    assert.ok(!noModel.ok && !noModel.message.includes(KEY));
    const good = providerFromEnv({ ...env, SKILLSPECTOR_MODEL: 'm' });
    assert.ok(good.ok);
    assert.equal(good.config.apiKey, KEY, 'the key is still usable');
    assert.ok(!JSON.stringify(good).includes(KEY));
    assert.ok(!inspect(good, { depth: 5 }).includes(KEY));
  }
});
