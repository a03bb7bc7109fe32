// The line-skipping repetition scan must report exactly what the plain per-period scan reports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { findRepetitions } from './mp2-context-flooding.js';

const HAS_LETTER = /\p{L}/u;
const HAS_SEPARATOR = /[^\p{L}\p{N}]/u;

/** The original whole-text scan, kept as the reference. */
function reference(text: string): { start: number; end: number; unit: string }[] {
  const out: { start: number; end: number; unit: string }[] = [];
  const run = new Int32Array(21);
  let lineStart = 0;
  for (let i = 1; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      run.fill(0);
      lineStart = i + 1;
      continue;
    }
    const maxP = Math.min(20, i - lineStart);
    for (let p = 2; p <= maxP; p += 1) {
      if (c !== text.charCodeAt(i - p)) {
        run[p] = 0;
        continue;
      }
      const r = (run[p] as number) + 1;
      run[p] = r;
      if (r !== 19 * p) continue;
      const start = i - r - p + 1;
      const unit = text.slice(start, start + p);
      if (unit.split('').every((ch) => ch === unit[0]) || !HAS_LETTER.test(unit) || !HAS_SEPARATOR.test(unit)) continue;
      let end = i + 1;
      while (end < text.length && text.charCodeAt(end) === text.charCodeAt(end - p)) end += 1;
      out.push({ start, end, unit });
      run.fill(0);
      i = end - 1;
      break;
    }
  }
  return out;
}

test('findRepetitions equals the reference scan on random and periodic text', () => {
  const unit = fc.array(fc.constantFrom('a', 'b', ' ', '-', '1', 'é'), { minLength: 1, maxLength: 22 }).map((u) => u.join(''));
  const piece = fc.oneof(
    fc.array(fc.constantFrom('a', 'b', 'c', ' ', '\n', '-', '1'), { maxLength: 60 }).map((cs) => cs.join('')),
    fc.tuple(unit, fc.integer({ min: 15, max: 45 })).map(([u, n]) => u.repeat(n)),
    fc.tuple(unit, fc.integer({ min: 15, max: 45 }), fc.constantFrom('x', '\n', ' ', 'a')).map(([u, n, c]) => {
      const s = u.repeat(n);
      const at = Math.floor(s.length / 2);
      return s.slice(0, at) + c + s.slice(at + 1);
    }),
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 8 }).map((ps) => ps.join('')), (text) => {
      assert.deepEqual(findRepetitions(text), reference(text));
    }),
    { numRuns: 2000 },
  );
  for (const text of ['\n' + 'ab '.repeat(30), 'ab '.repeat(30) + '\n' + 'cd, '.repeat(25), '-'.repeat(80) + 'ab '.repeat(20), 'x'.repeat(39),
    'a'.repeat(30) + 'ab '.repeat(25), ' '.repeat(50) + 'x' + 'ab '.repeat(20), 'ab '.repeat(21) + 'b'.repeat(40) + ' ab'.repeat(21)]) {
    assert.deepEqual(findRepetitions(text), reference(text));
  }
});
