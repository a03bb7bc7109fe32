// Issue 14: the security view of a large mixed-script file. Confusables and line terminators are mapped in
// one pass over code units (a `replace` with a callback per character took seconds on 16 MB), text that
// normalisation leaves as it is gets no second copy, and the shared views give what the eager functions give.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { performance } from 'node:perf_hooks';
import { LINEAR_TIME_BUDGET_MS } from '../../test/helpers/adversarial.js';
import { boundedSecurityView, mapChars, needsSecurityView, securityView } from './normalize.js';
import { beginFile, releaseViews } from './views.js';

const CONFUSABLES = 'авеёкмнорстуxѕіїјһԁԛԝɡАВЕКМНОРСТХЅІЈУαονιкτυχεѵΑΒΕΖΗΙΚΜΝΟΡΤΥΧıȷℓ⁄∕‐‑‒–—−\u2018\u2019\u201c\u201d\u00a0\u2007\u202f';

test('mapChars maps exactly what the per-character replace mapped, across chunk boundaries', () => {
  const table: Record<string, string> = {};
  // The mapping the view applies, read back from mapChars one character at a time.
  for (const c of CONFUSABLES) table[c] = mapChars(c);
  const oracle = (s: string): string => s.replace(new RegExp(`[${Object.keys(table).join('')}]`, 'g'), (c) => table[c] ?? c).replace(/[\r\u2028\u2029\u0085]/g, ' ');
  const unit = fc.constantFrom(...CONFUSABLES, 'a', 'é', '中', '😀', '\ud800', '\r', '\n', '\u2028', '\u0085', ' ');
  fc.assert(
    fc.property(fc.array(unit, { maxLength: 40 }), fc.integer({ min: 0, max: 20_000 }), (units, pad) => {
      const text = 'x'.repeat(pad) + units.join('') + 'y'.repeat(pad % 7);
      assert.equal(mapChars(text), oracle(text));
    }),
    { numRuns: 300 },
  );
  assert.equal(mapChars('\u0441\u0430fe'), 'cafe');
  assert.equal(mapChars('a\r\nb\u2028c'), 'a \nb c');
});

// Mixed scripts, look-alikes, invisibles, compatibility characters, entities and the ASCII shapes.
const PIECES = [
  'ignore', ' ', '\n', 'аll', 'рrevious', 'ı', 'ﬁle', 'Ｉｇｎｏｒｅ', 'i g n o r e  a l l', '1gn0re', 'Ig**nore**', '&#73;',
  '\u200b', '\u00ad', 'café', 'Straße', 'Привет мир', 'Καλημέρα', '中文文本', 'مرحبا', '😀', '👨\u200d👩', '\r', '\u2028',
  '’', '—', '\u00a0', '\ufdfa', 'x\u0301',
];

test('the shared views give the eager security view on random mixed-script text (lazy and eager agree)', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }), (pieces) => {
      const text = pieces.join('');
      const eager = securityView(text);
      const views = beginFile(text);
      try {
        // ASCII without a word-breaking shape never builds a view (a lone `\r` is left to the raw text).
        if (!needsSecurityView(text)) return assert.equal(views.security, undefined);
        assert.equal(views.security?.text ?? text, eager, JSON.stringify(text));
        // The view exists exactly when it says something else.
        assert.equal(views.security === undefined, eager === text);
      } finally {
        releaseViews();
      }
    }),
    { numRuns: 2000 },
  );
});

test('a large text that normalisation leaves unchanged gets no security view and no cut', () => {
  // Over the NFKC chunk size, already in NFKC: accented Latin, Cyrillic words without look-alikes, CJK, emoji.
  const line = 'Größe und Maß — no: Größe und Maß; Яжщ Йцф; 中文文本处理; 😀 👍\n'.replace('—', '-');
  const text = line.repeat(Math.ceil(300_000 / line.length));
  assert.equal(securityView(text), text);
  const bounded = boundedSecurityView(text, 0);
  assert.equal(bounded.text, text);
  assert.equal(bounded.cut, undefined);
  const views = beginFile(text);
  assert.equal(views.security, undefined);
  assert.deepEqual(views.all.map((v) => v.derived), [false]);
  releaseViews();
});

test('the security view of 1 MB mixed-script lines is built in linear time', () => {
  for (const seed of ['аa', 'Привет мир ', 'ﬁ', '\ufdfa', 'a\u200b', 'Ｉ', '’—', '\r\n', '😀\u200d']) {
    const text = seed.repeat(Math.ceil(1_000_000 / seed.length)).slice(0, 1_000_000);
    const t = performance.now();
    const views = beginFile(text);
    void views.security?.index;
    releaseViews();
    const ms = performance.now() - t;
    assert.ok(ms < LINEAR_TIME_BUDGET_MS, `the security view took ${ms.toFixed(0)} ms on a 1 MB run of ${JSON.stringify(seed)}`);
  }
});

test('lowerOf gives what lower-casing the slice gives, for any slice of any text', () => {
  const unit = fc.constantFrom('A', 'z', 'É', 'Σ', 'σ', 'ς', 'İ', 'I', 'ı', 'Ω', 'Д', 'ǅ', 'ẞ', '\u212a', ' ', '\n', '😀', '\ud800', '中', '𐐀', '𞤀');
  fc.assert(
    fc.property(fc.array(unit, { maxLength: 40 }), fc.nat(), fc.nat(), (units, a, b) => {
      const text = units.join('');
      const start = a % (text.length + 1);
      const end = start + (b % (text.length - start + 1));
      const views = beginFile(text);
      try {
        assert.equal(views.raw.lowerOf(start, end), text.slice(start, end).toLowerCase(), JSON.stringify([text, start, end]));
      } finally {
        releaseViews();
      }
    }),
    { numRuns: 5000 },
  );
});
