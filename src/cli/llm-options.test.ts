// The LLM rules of `scan`: environment and flags in, "on / off / usage error" out, before anything runs.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { UsageError } from '../discovery/target.js';
import { DEFAULT_LLM_TOKEN_BUDGET, DEFAULT_MAX_LLM_CALLS } from '../engine/llm-stage.js';
import { budgetsOf, decideLlm, LLM_HELP, llmNotice, scanLlmSettings } from './llm-options.js';
import type { Environment, LlmFlags } from './llm-options.js';

const KEY = 'sk-test-cli-0123456789abcdef';
const CONFIGURED = { SKILLSPECTOR_PROVIDER: 'openai', SKILLSPECTOR_MODEL: 'gpt-4o', OPENAI_API_KEY: KEY };
/** SKILLSPECTOR_PROVIDER set, the key missing. */
const MISCONFIGURED = { SKILLSPECTOR_PROVIDER: 'openai', SKILLSPECTOR_MODEL: 'gpt-4o' };
const DEFAULTS = { maxCalls: DEFAULT_MAX_LLM_CALLS, tokenBudget: DEFAULT_LLM_TOKEN_BUDGET };

const scratch = mkdtempSync(join(tmpdir(), 'skillspector-llm-options-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** The one-line message of the UsageError `fn` throws. */
function usageLine(fn: () => unknown): string {
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  assert.ok(caught instanceof UsageError, `expected a UsageError, got ${String(caught)}`);
  assert.ok(!caught.message.includes('\n'), caught.message);
  return caught.message;
}

function decide(flags: LlmFlags, env: Environment): ReturnType<typeof decideLlm> {
  return decideLlm(flags, env);
}

describe('decideLlm', () => {
  it('no provider configured: static-only by default and with --no-llm', () => {
    const unset: Environment[] = [{}, { SKILLSPECTOR_PROVIDER: '  ' }, { OPENAI_API_KEY: KEY, SKILLSPECTOR_MODEL: 'gpt-4o' }];
    for (const env of unset) {
      assert.deepEqual(decide({}, env), { on: false, provider: null, budgets: DEFAULTS });
      assert.deepEqual(decide({ llm: false }, env), { on: false, provider: null, budgets: DEFAULTS });
    }
  });

  it('no provider configured and --llm: one line naming the variables to set', () => {
    const line = usageLine(() => decide({ llm: true }, {}));
    for (const variable of ['SKILLSPECTOR_PROVIDER', 'SKILLSPECTOR_MODEL', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'NVIDIA_INFERENCE_KEY']) assert.ok(line.includes(variable), variable);
    assert.match(line, /^--llm requires an LLM provider/);
  });

  it('a configured provider turns LLM analysis on unless --no-llm', () => {
    for (const flags of [{}, { llm: true }]) {
      const d = decide(flags, CONFIGURED);
      assert.equal(d.on, true);
      assert.equal(d.provider?.provider, 'openai');
      assert.equal(d.provider?.model, 'gpt-4o');
    }
    assert.deepEqual(decide({ llm: false }, CONFIGURED), { on: false, provider: null, budgets: DEFAULTS });
  });

  it('a misconfigured provider is a usage error naming the problem, unless --no-llm', () => {
    for (const flags of [{}, { llm: true }, { estimate: true }]) {
      const line = usageLine(() => decide(flags, MISCONFIGURED));
      assert.equal(line, 'LLM provider misconfigured: provider openai needs OPENAI_API_KEY (or pass --no-llm for a static-only scan)');
    }
    assert.deepEqual(decide({ llm: false }, MISCONFIGURED), { on: false, provider: null, budgets: DEFAULTS });
  });

  it('never echoes a value: a key pasted into SKILLSPECTOR_PROVIDER stays out of the message', () => {
    const line = usageLine(() => decide({}, { SKILLSPECTOR_PROVIDER: KEY, SKILLSPECTOR_MODEL: 'gpt-4o' }));
    assert.ok(!line.includes(KEY));
    assert.match(line, /SKILLSPECTOR_PROVIDER must be one of/);
  });

  it('--estimate reads the provider but never turns sending on; with --no-llm it is a usage error', () => {
    const d = decide({ estimate: true }, CONFIGURED);
    assert.equal(d.on, false);
    assert.equal(d.provider?.model, 'gpt-4o');
    assert.deepEqual(decide({ estimate: true }, {}), { on: false, provider: null, budgets: DEFAULTS });
    assert.match(usageLine(() => decide({ estimate: true, llm: false }, CONFIGURED)), /--estimate .* --no-llm/);
    assert.match(usageLine(() => decide({ estimate: true, llm: true }, {})), /^--llm requires an LLM provider/);
  });

  it('--llm-cache travels only with LLM analysis on', () => {
    const on = decide({ llmCache: 'cache-dir' }, CONFIGURED);
    assert.ok(on.on && on.cacheDir === 'cache-dir');
    assert.ok(!('cacheDir' in decide({ llmCache: 'cache-dir' }, {})));
    assert.ok(!('cacheDir' in decide({ llmCache: 'cache-dir', llm: false }, CONFIGURED)));
  });
});

describe('budgetsOf', () => {
  it('defaults, and positive whole numbers as given', () => {
    assert.deepEqual(budgetsOf({}), DEFAULTS);
    assert.deepEqual(budgetsOf({ maxLlmCalls: '1', llmTokenBudget: '250000' }), { maxCalls: 1, tokenBudget: 250_000 });
    assert.deepEqual(budgetsOf({ maxLlmCalls: ' 7 ' }), { ...DEFAULTS, maxCalls: 7 });
  });

  it('anything else is a one-line usage error naming the flag, checked even when LLM analysis is off', () => {
    for (const bad of ['0', '-1', '1.5', 'abc', '', '1e3', '0x10', '99999999999999999999']) {
      assert.equal(usageLine(() => budgetsOf({ maxLlmCalls: bad })), `--max-llm-calls expects a positive whole number; got ${JSON.stringify(bad)}`);
      assert.match(usageLine(() => budgetsOf({ llmTokenBudget: bad })), /^--llm-token-budget expects a positive whole number/);
    }
    assert.match(usageLine(() => decide({ llm: false, maxLlmCalls: 'lots' }, {})), /^--max-llm-calls/);
  });
});

describe('scanLlmSettings', () => {
  it('static-only: no settings and no cache directory created', () => {
    const dir = join(scratch, 'never-created');
    assert.equal(scanLlmSettings(decide({ llmCache: dir }, {}), scratch), undefined);
    assert.equal(existsSync(dir), false);
  });

  it('LLM on: provider, model and budgets from the decision; the cache opens (and is created) only when asked', () => {
    const target = mkdtempSync(join(scratch, 'target-'));
    const plain = scanLlmSettings(decide({ maxLlmCalls: '3', llmTokenBudget: '9000' }, CONFIGURED), target);
    assert.deepEqual(plain && [plain.provider, plain.model, plain.maxCalls, plain.tokenBudget, plain.cache], ['openai', 'gpt-4o', 3, 9000, undefined]);
    const cached = scanLlmSettings(decide({ llmCache: join(scratch, 'cache') }, CONFIGURED), target);
    assert.ok(cached?.cache);
    const key = { content: 'c', model: 'gpt-4o', promptVersion: 'v' };
    assert.equal(cached.cache.put(key, { findings: [] }), true);
    assert.deepEqual(cached.cache.get(key), { findings: [] });
  });

  it('a cache inside the scanned target is a usage error raised before any scan', () => {
    const target = mkdtempSync(join(scratch, 'target-'));
    assert.match(usageLine(() => scanLlmSettings(decide({ llmCache: join(target, 'cache') }, CONFIGURED), target)), /LLM cache/);
  });
});

describe('help and notice', () => {
  it('--help spells out every rule', () => {
    for (const fragment of ['SKILLSPECTOR_PROVIDER', 'SENDS', '--no-llm always forces', '--llm requires', 'exit 2', '--max-llm-calls (default 32)',
      '--llm-token-budget (default 400000)', '--llm-cache DIR', '--estimate', 'exits 0', '`baseline` is always static-only']) {
      assert.ok(LLM_HELP.includes(fragment), fragment);
    }
  });

  it('the notice names provider and model and the way out, on one line', () => {
    const notice = llmNotice({ provider: 'anthropic', model: 'claude-sonnet-4' });
    assert.match(notice, /^skillspector: LLM analysis is on \(provider anthropic, model claude-sonnet-4\).*--no-llm.*\n$/);
    assert.equal(notice.split('\n').length, 2);
  });
});
