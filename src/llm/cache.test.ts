// The LLM reply cache: keyed by content, model and prompt version; links, corruption and oversize are misses.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { UsageError } from '../discovery/target.js';
import { LlmCache } from './cache.js';

function setup(): { dir: string; target: string; cache: LlmCache } {
  const root = mkdtempSync(join(tmpdir(), 'skillspector-llmcache-'));
  const target = join(root, 'skill');
  mkdirSync(target);
  const dir = join(root, 'cache');
  return { dir, target, cache: LlmCache.open({ dir, target }) };
}

const KEY = { content: 'SKILL.md text', model: 'gpt-4o', promptVersion: 'ssd-1' };

describe('LlmCache', () => {
  it('stores and returns a value for the same key only', () => {
    const { cache } = setup();
    assert.equal(cache.get(KEY), undefined);
    assert.equal(cache.put(KEY, { findings: [1] }), true);
    assert.deepEqual(cache.get(KEY), { findings: [1] });
    assert.equal(cache.get({ ...KEY, content: 'SKILL.md text!' }), undefined);
    assert.equal(cache.get({ ...KEY, model: 'gpt-4o-mini' }), undefined);
    assert.equal(cache.get({ ...KEY, promptVersion: 'ssd-2' }), undefined);
  });

  it('treats a corrupt or foreign entry as a miss', () => {
    const { dir, cache } = setup();
    cache.put(KEY, { ok: true });
    const [name] = readdirSync(dir);
    writeFileSync(join(dir, name ?? ''), '{not json');
    assert.equal(cache.get(KEY), undefined);
    writeFileSync(join(dir, name ?? ''), JSON.stringify({ format: 1, content_sha256: 'x', model: 'gpt-4o', prompt_version: 'ssd-1', value: 1 }));
    assert.equal(cache.get(KEY), undefined);
  });

  it('never follows a link planted as an entry, for reading or writing', () => {
    const { dir, cache } = setup();
    cache.put(KEY, 'real');
    const [name] = readdirSync(dir);
    const entry = join(dir, name ?? '');
    const elsewhere = join(dir, '..', 'elsewhere.json');
    writeFileSync(elsewhere, JSON.stringify({ format: 1 }));
    rmSync(entry);
    symlinkSync(elsewhere, entry);
    assert.equal(cache.get(KEY), undefined);
    assert.equal(cache.put(KEY, 'new'), false);
  });

  it('refuses values over the entry cap and reads no oversized entry', () => {
    const root = mkdtempSync(join(tmpdir(), 'skillspector-llmcache-'));
    const cache = LlmCache.open({ dir: join(root, 'c'), target: join(root, 't'), maxEntryBytes: 200 });
    assert.equal(cache.put(KEY, 'x'.repeat(500)), false);
    assert.equal(cache.get(KEY), undefined);
    assert.equal(cache.put(KEY, 'small'), true);
    assert.equal(cache.get(KEY), 'small');
  });

  it('refuses a linked directory or one inside the scan target', () => {
    const { dir, target } = setup();
    const link = join(dir, '..', 'link');
    symlinkSync(dir, link);
    assert.throws(() => LlmCache.open({ dir: link, target }), UsageError);
    assert.throws(() => LlmCache.open({ dir: join(target, 'cache'), target }), UsageError);
    assert.ok(LlmCache.open({ dir, target }) instanceof LlmCache);
  });
});
