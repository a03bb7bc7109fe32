// The fingerprint's inputs (CONTRACT §9): rule id, path and the whitespace-normalised lines with one
// neighbour each side; never the line number, the rest of the file or the scanner version.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FileLines } from './file-lines.js';
import { findingFingerprint, findingSpan, MAX_SPAN_LINES } from './fingerprint.js';
import { finding } from './test-support.js';

const digest = (d: string) => () => d;

function fp(text: string | undefined, over: Parameters<typeof finding>[0] = {}, fileDigest = 'd1'): string {
  return findingFingerprint(finding(over), text === undefined ? undefined : new FileLines(text), digest(fileDigest));
}

test('the same lines elsewhere in the file give the same fingerprint; the line number is not part of it', () => {
  const a = fp('x\nbad line\ny\n', { line: 2 });
  assert.equal(fp('new\nlines\nabove\nx\nbad line\ny\nand below\n', { line: 5 }), a);
  assert.equal(fp('x\n  bad \t line \r\ny\n', { line: 2 }), a, 'whitespace is normalised');
});

test('rule id, path, the matched line and each neighbour are bound', () => {
  const a = fp('x\nbad line\ny\n', { line: 2 });
  assert.notEqual(fp('x\nbad line\ny\n', { line: 2, id: 'P2' }), a);
  assert.notEqual(fp('x\nbad line\ny\n', { line: 2, file: 'other.md' }), a);
  assert.notEqual(fp('x\nbad line!\ny\n', { line: 2 }), a);
  assert.notEqual(fp('z\nbad line\ny\n', { line: 2 }), a);
  assert.notEqual(fp('x\nbad line\nz\n', { line: 2 }), a);
  assert.equal(fp('x\nbad line\ny\n', { line: 2, severity: 'LOW', matched: 'other text', label: 'other label' }), a, 'scanner wording and severity may change across upgrades');
});

test('a multi-line span binds every line of it; outside the file reads as an empty line', () => {
  assert.deepEqual(findingSpan(finding({ line: 1, endLine: 2 }), new FileLines('a\nb\nc')), { start: 1, end: 2 });
  assert.deepEqual(findingSpan(finding({ line: 3, endLine: 9 }), new FileLines('a\nb\nc')), { start: 3, end: 3 }, 'clamped to the file');
  assert.notEqual(fp('a\nb\nc', { line: 1, endLine: 2 }), fp('a\nB\nc', { line: 1, endLine: 2 }), 'a changed line inside the span');
  assert.notEqual(fp('a\nb\nc', { line: 1, endLine: 2 }), fp('a\nb\nC', { line: 1, endLine: 2 }), 'the neighbour below');
  assert.equal(fp('a\nb', { line: 2 }), fp('a\nb\n', { line: 2 }), 'a final newline added: beyond the last line reads as empty');
  assert.equal(fp('b\nc', { line: 1 }), fp('\nb\nc', { line: 2 }), 'before the first line reads as empty');
  assert.notEqual(fp('a\nb', { line: 2 }), fp('a\nb\nc', { line: 2 }), 'a line appended after it is a new neighbour');
});

test('no text, no such line, or a span too long to bind line by line: the whole file\'s digest decides', () => {
  assert.equal(findingSpan(finding({ line: 1 }), undefined), undefined);
  assert.equal(fp(undefined, {}, 'd1'), fp(undefined, {}, 'd1'));
  assert.notEqual(fp(undefined, {}, 'd1'), fp(undefined, {}, 'd2'));
  for (const line of [0, -1, 99, 1.5]) assert.equal(findingSpan(finding({ line }), new FileLines('a\nb')), undefined, String(line));
  const long = Array.from({ length: MAX_SPAN_LINES + 5 }, (_, i) => `line ${i}`).join('\n');
  assert.equal(findingSpan(finding({ line: 1, endLine: MAX_SPAN_LINES + 1 }), new FileLines(long)), undefined);
  assert.deepEqual(findingSpan(finding({ line: 1, endLine: MAX_SPAN_LINES }), new FileLines(long)), { start: 1, end: MAX_SPAN_LINES });
});

test('many findings on one 4 MiB line stay fast (the line is hashed once)', () => {
  const lines = new FileLines(`${'x'.repeat(4 * 1024 * 1024)}\nnext`);
  const started = performance.now();
  for (let i = 0; i < 2_000; i++) findingFingerprint(finding({ id: `R${i}`, line: 1 }), lines, digest('d'));
  assert.ok(performance.now() - started < 5_000);
});

test('many findings in a 100k-line file stay fast (each line indexed and hashed once)', () => {
  const text = Array.from({ length: 100_000 }, (_, i) => `  value ${i}  `).join('\n');
  const lines = new FileLines(text);
  const started = performance.now();
  const seen = new Set<string>();
  for (let n = 1; n <= 100_000; n += 10) seen.add(findingFingerprint(finding({ line: n }), lines, digest('d')));
  assert.equal(seen.size, 10_000);
  assert.ok(performance.now() - started < 5_000);
});
