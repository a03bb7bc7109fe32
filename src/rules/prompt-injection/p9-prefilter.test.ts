// The prefilter may only skip files in which the full padding walk would find nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fileView } from '../../../test/helpers/rule-harness.js';
import { mayHoldPadding, scanText } from './p9-whitespace-padding.js';

const UNITS = ['a', 'b', '=', ' ', '\t', '\n', '\r', '\u00a0', '\u2028', '\u3000', '\f', '|', '```\n'];

// Texts made of runs, with lengths around every threshold (19/20 newlines, 20/80 pads, 512 repeats,
// 64 identical lines, the 2 KB block and the 4 KB/90 % density rule).
const runs = fc.array(
  fc.tuple(fc.constantFrom(...UNITS), fc.oneof(fc.integer({ min: 1, max: 25 }), fc.constantFrom(79, 80, 81, 511, 512, 513, 2050)), fc.boolean()),
  { maxLength: 40 },
).map((parts) => parts.map(([u, n, line]) => (line ? `${u.repeat(Math.min(n, 30))}\n`.repeat(Math.ceil(n / 8)) : u.repeat(n))).join(''));

test('P9 prefilter: a text it rules out yields no finding from the full walk', () => {
  fc.assert(
    fc.property(runs, fc.constantFrom('SKILL.md', 'notes.txt', 'run.py'), (text, path) => {
      if (mayHoldPadding(text)) return;
      assert.deepEqual(scanText(fileView({ path, text })), [], JSON.stringify(text.slice(0, 200)));
    }),
    { numRuns: 3000 },
  );
});

test('P9 prefilter: each trigger at its threshold reaches the walk', () => {
  const cases: [string, string][] = [
    ['20 padding characters', `x${' '.repeat(20)}y`],
    ['19 newlines', `x${'\n'.repeat(19)}y`],
    ['19 newlines with padding between', `x${'\n \t'.repeat(19)}y`],
    ['512 repeats', 'a'.repeat(512)],
    ['64 lines of one length', 'same line\n'.repeat(64)],
    ['a file over 4 KB that is over 90 % padding', Array.from({ length: 400 }, (_, i) => `a${' '.repeat(10 + (i % 9))}`).join('\n')],
  ];
  for (const [why, text] of cases) assert.equal(mayHoldPadding(text), true, why);
  // Runs are sampled, so each must be found wherever it starts.
  const lead = (n: number): string => 'xy'.repeat(n).slice(0, n);
  for (let at = 0; at < 600; at += 1) {
    assert.equal(mayHoldPadding(`${lead(at)}${'a'.repeat(512)}z`), true, `512 repeats at ${at}`);
    if (at < 40) {
      assert.equal(mayHoldPadding(`${lead(at)}${'\t'.repeat(20)}z`), true, `20 padding characters at ${at}`);
      assert.equal(mayHoldPadding(`${lead(at)}${'\n'.repeat(19)}z`), true, `19 newlines at ${at}`);
    }
  }
  for (const text of [`x${' '.repeat(19)}y`, `x${'\n'.repeat(18)}y`, 'a'.repeat(511), 'same line\n'.repeat(63), Array.from({ length: 300 }, (_, i) => `Line ${i % 2 ? 'one' : 'three'} of the quick brown fox.`).join('\n')]) {
    assert.equal(mayHoldPadding(text), false, JSON.stringify(text.slice(0, 40)));
  }
});
