import assert from 'node:assert/strict';
import { test } from 'node:test';
import { estimateTokens, planCalls } from './estimate.js';
import { blockChars } from './fence.js';
import { planBatches } from './semantic-batches.js';
import type { Batch } from './semantic-batches.js';

/** Rebuilds a file from its parts; a sliced line's parts share one lineOffset and join without a newline. */
function rebuild(batches: readonly Batch[], path: string): string {
  let out = '';
  let lastOffset = -1;
  for (const part of batches.flat().filter((p) => p.path === path)) {
    if (lastOffset !== -1) out += part.lineOffset === lastOffset ? '' : '\n';
    out += part.text;
    lastOffset = part.lineOffset + part.lines - 1;
  }
  return out;
}

test('small files share a request in order, like the estimate counts them', () => {
  const files = [
    { path: 'SKILL.md', text: 'a\nb' },
    { path: 'x.py', text: 'print(1)' },
  ];
  const batches = planBatches(files, 10_000, 100);
  assert.deepEqual(batches.map((b) => b.map((p) => [p.path, p.lineOffset, p.lines])), [[['SKILL.md', 0, 2], ['x.py', 0, 1]]]);
  assert.equal(batches.length, planCalls(files, { perCallTokenLimit: 10_000, instructionTokens: 100, outputTokensPerCall: 0 }).calls);
});

test('a file larger than one request is cut at line ends; parts fit and rebuild the file', () => {
  const text = Array.from({ length: 3000 }, (_, i) => `row ${i + 1}`).join('\n');
  const batches = planBatches([{ path: 'big.md', text }], 600, 100);
  assert.ok(batches.length > 1);
  for (const [part] of batches) {
    assert.ok(part);
    assert.ok(estimateTokens(blockChars(part)) <= 500, 'each part fits the capacity');
    assert.ok(part.text.startsWith(`row ${part.lineOffset + 1}\n`), 'offset names the part\'s first file line');
  }
  assert.equal(rebuild(batches, 'big.md'), text);
});

test('one minified line longer than a request is sliced, every slice placed at that line', () => {
  const text = `first\n${'x'.repeat(50_000)}\nlast`;
  const batches = planBatches([{ path: 'min.js', text }], 600, 100);
  const slices = batches.flat().filter((p) => p.lineOffset === 1);
  assert.ok(slices.length > 10);
  for (const s of slices) assert.equal(s.lines, 1);
  assert.equal(rebuild(batches, 'min.js'), text);
});

test('a 100k-line file plans in linear time', () => {
  const text = 'y = 1\n'.repeat(100_000);
  const started = performance.now();
  const batches = planBatches([{ path: 'huge.py', text }], 2000, 100);
  assert.ok(performance.now() - started < 2000);
  assert.equal(rebuild(batches, 'huge.py'), text);
});
