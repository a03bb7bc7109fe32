// The batch cache's division of labour: a scan thread hashes and looks up but never writes; the main
// thread's CacheWriter stores lines asynchronously, bounded, and `flush` leaves nothing half done.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeTree } from '../../test/helpers/tree.js';
import { CacheWriter, cacheKey, readCached } from './cache.js';
import { errorLine } from './line.js';
import type { BatchLine } from './line.js';
import { runTask } from './scan-task.js';

const SKILL = '---\nname: cached\ndescription: a test skill\n---\nSummarise the file the user names.\n';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
}

function scannedLine(target: string, score: number): BatchLine {
  return { target, recommendation: 'SAFE', score, status: 'scanned', execution_successful: true, is_complete: true, issues: [], duration_ms: 1 };
}

test('a scan task looks the cache up but leaves storing to the main thread: it returns the key and writes nothing', async () => {
  const skill = writeTree({ 'SKILL.md': SKILL }, 'skillspector-cache-skill-');
  const cacheDir = mkdtempSync(join(tmpdir(), 'skillspector-cache-'));
  const miss = await runTask({ target: skill, settings: {}, cacheDir });
  assert.equal(miss.line.status, 'scanned');
  assert.equal(miss.store, cacheKey(skill, {}));
  assert.deepEqual(filesUnder(cacheDir), []);

  const writer = new CacheWriter(cacheDir);
  await writer.store(miss.store as string, miss.line);
  await writer.flush();
  const hit = await runTask({ target: skill, settings: {}, cacheDir });
  assert.equal(hit.line.status, 'cached');
  assert.equal(hit.store, undefined);
  assert.equal(hit.line.score, miss.line.score);
});

test('CacheWriter: every stored line is readable after flush, beyond the writes it allows at once; errors are never stored', async () => {
  const cacheDir = mkdtempSync(join(tmpdir(), 'skillspector-cache-'));
  const writer = new CacheWriter(cacheDir);
  const keys = Array.from({ length: 100 }, (_, i) => `${(i % 7).toString(16).padStart(2, '0')}${String(i).padStart(62, '0')}`);
  for (const [i, key] of keys.entries()) await writer.store(key, scannedLine(`t${i}`, i));
  await writer.store('ff'.padEnd(64, '1'), errorLine('broken', 'worker failed', 5));
  await writer.flush();
  for (const [i, key] of keys.entries()) assert.equal(readCached(cacheDir, key, `elsewhere-${i}`)?.score, i, key);
  assert.equal(readCached(cacheDir, 'ff'.padEnd(64, '1'), 'broken'), null);
  // Temporary files are renamed into place or removed: only entries remain.
  assert.ok(filesUnder(cacheDir).every((n) => n.endsWith('.json')));
  assert.equal(filesUnder(cacheDir).length, keys.length);
});

test('CacheWriter never throws: a cache directory that cannot take an entry loses the entry, not the batch', async () => {
  const cacheDir = mkdtempSync(join(tmpdir(), 'skillspector-cache-'));
  // A file where the key's fan-out directory belongs.
  writeFileSync(join(cacheDir, 'ab'), 'not a directory');
  const writer = new CacheWriter(cacheDir);
  await writer.store(`ab${'0'.repeat(62)}`, scannedLine('t', 1));
  await writer.flush();
  assert.equal(readCached(cacheDir, `ab${'0'.repeat(62)}`, 't'), null);
  assert.deepEqual(filesUnder(cacheDir), ['ab']);
});
