// Estimates: chars/4 tokens over the fenced rendering, call packing under a limit, dated prices.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { estimateCost, estimateTokens, planCalls, priceFor, PRICE_TABLE_DATE } from './estimate.js';
import { fenceFiles } from './fence.js';

const OPTS = { perCallTokenLimit: 10_000, instructionTokens: 500, outputTokensPerCall: 1000 };

describe('estimateTokens', () => {
  it('rounds chars/4 up', () => {
    assert.equal(estimateTokens(0), 0);
    assert.equal(estimateTokens(1), 1);
    assert.equal(estimateTokens(8), 2);
    assert.equal(estimateTokens(9), 3);
  });
});

describe('planCalls', () => {
  it('counts the fenced rendering, not the bare text', () => {
    const file = { path: 'SKILL.md', text: 'a\n'.repeat(1000) };
    const plan = planCalls([file], OPTS);
    assert.equal(plan.calls, 1);
    const rendered = fenceFiles([file]).text.length;
    assert.ok(plan.files[0]!.tokens > estimateTokens(file.text.length));
    assert.ok(Math.abs(plan.inputTokens - (500 + estimateTokens(rendered))) <= 1);
  });

  it('packs small files together and splits a file larger than one call', () => {
    const small = (p: string) => ({ path: p, text: 'x'.repeat(16_000) });
    assert.equal(planCalls([small('a'), small('b')], OPTS).calls, 1);
    assert.equal(planCalls([small('a'), small('b'), small('c')], OPTS).calls, 2);
    const huge = { path: 'h', text: 'x'.repeat(100_000) };
    const plan = planCalls([huge], OPTS);
    assert.ok(plan.calls >= 3 && plan.calls <= 4, String(plan.calls));
    assert.equal(plan.outputTokens, plan.calls * 1000);
  });

  it('plans nothing for no files and never divides by zero', () => {
    assert.deepEqual(planCalls([], OPTS), { calls: 0, inputTokens: 0, outputTokens: 0, files: [] });
    const tight = planCalls([{ path: 'a', text: 'xxxx' }], { ...OPTS, perCallTokenLimit: 1 });
    assert.ok(Number.isFinite(tight.calls) && tight.calls >= 1);
  });
});

describe('prices', () => {
  it('has a dated table and prices known models, snapshots included', () => {
    assert.match(PRICE_TABLE_DATE, /^\d{4}-\d{2}-\d{2}$/);
    assert.deepEqual(priceFor('gpt-4o'), { input: 2.5, output: 10 });
    assert.deepEqual(priceFor('GPT-4o-2024-08-06'), priceFor('gpt-4o'));
    assert.deepEqual(priceFor('claude-sonnet-4-20250514'), { input: 3, output: 15 });
    assert.equal(estimateCost('gpt-4o', 1_000_000, 1_000_000), 12.5);
  });

  it('returns null for unknown or look-alike models', () => {
    assert.equal(priceFor('llama3.1:8b'), null);
    assert.equal(priceFor('gpt-4o-turbo-preview'), null);
    assert.equal(priceFor('claude-sonnet-4-5'), null);
    assert.equal(estimateCost('my-local-model', 1000, 1000), null);
  });
});
