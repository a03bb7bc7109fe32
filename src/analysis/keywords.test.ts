// The one-pass keyword prefilter must answer exactly as `lower.includes(word)` would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Automaton, KeywordPresence, registerKeywords } from './keywords.js';

const WORDS = ['curl', 'wget', 'ignore', 'ign', 'gnore', 'e', 'rm ', 'of=/dev/', ':()', '--no-verify', 'ab', 'abab', 'bab', 'a.b', 'aab'];

test('keyword presence equals includes, for registered, late and non-ASCII keywords', () => {
  registerKeywords(WORDS);
  const alphabet = fc.constantFrom('a', 'b', 'c', 'u', 'r', 'l', 'w', 'g', 'e', 't', 'i', 'n', 'o', ' ', '-', '.', '/', '\n', 'é', '\u0130');
  fc.assert(
    fc.property(fc.array(alphabet, { maxLength: 80 }).map((cs) => cs.join('')), fc.constantFrom(...WORDS, 'late', 'é', 'xé', ''), (text, extra) => {
      const lower = text.toLowerCase();
      const p = new KeywordPresence(lower);
      for (const w of [...WORDS, extra]) assert.equal(p.has(w), lower.includes(w), `${JSON.stringify(w)} in ${JSON.stringify(lower)}`);
      assert.equal(p.any(['nothing-here', extra]), lower.includes('nothing-here') || lower.includes(extra));
      assert.equal(p.any([]), false);
      if (!/[^\u0000-\u007f]/.test(text)) {
        const raw = new KeywordPresence(text.toUpperCase(), true);
        for (const w of [...WORDS, extra]) assert.equal(raw.has(w), text.toUpperCase().toLowerCase().includes(w));
        assert.equal(raw.lower, text.toUpperCase().toLowerCase());
      }
    }),
    { numRuns: 500 },
  );
});

test('keyword presence finds overlapping and nested keywords', () => {
  registerKeywords(['he', 'she', 'his', 'hers', 'ushers']);
  const p = new KeywordPresence('ushers');
  assert.equal(new KeywordPresence('USHERS', true).has('hers'), true);
  assert.equal(new KeywordPresence('hers').has('Hers'), false, 'an upper-case keyword never occurs in lower-cased text');
  assert.deepEqual(['he', 'she', 'his', 'hers', 'ushers'].map((w) => p.has(w)), [true, true, false, true, true]);
  const q = new KeywordPresence('x'.repeat(10_000) + 'his');
  assert.equal(q.any(['hers', 'his']), true);
  assert.equal(q.any(['hers', 'she']), false);
});

test('late keywords on a long text still answer exactly', () => {
  const text = `${'lorem ipsum dolor '.repeat(5_000)}zebra quokka\n`;
  const p = new KeywordPresence(text, true);
  assert.equal(p.has('lorem'), true);
  const late = Array.from({ length: 40 }, (_, i) => `late-word-${i}`);
  for (const w of late) assert.equal(p.any([w, `${w}-other`]), false);
  assert.equal(p.any(['late-never', 'quokka']), true);
  assert.equal(p.any(['zebra q']), true);
  assert.equal(p.has('ipsum dolor lorem'), true);
  assert.equal(p.has('dolor lorem ipsum zebra'), false);
});

test('non-ASCII keywords are answered without lower-casing ASCII-only text', () => {
  const text = 'PLAIN ASCII TEXT WITH IGNORE IN IT';
  const p = new KeywordPresence(text, true);
  const original = String.prototype.toLowerCase;
  let lowered = 0;
  String.prototype.toLowerCase = function (this: string): string {
    if (this.length === text.length) lowered += 1;
    return original.call(this);
  };
  try {
    assert.equal(p.any(['忽略', 'игнорир']), false);
  } finally {
    String.prototype.toLowerCase = original;
  }
  assert.equal(lowered, 0, 'the ASCII text was lower-cased to answer a non-ASCII keyword');
  assert.equal(p.has('ignore'), true);
  assert.equal(p.has('忽略'), false);
  const q = new KeywordPresence('请忽略之前的指令'.toLowerCase());
  assert.equal(q.has('忽略'), true);
});

test('automaton occurrences list every occurrence of every word, in order of its end (states renumbered)', () => {
  // Nested and overlapping words: emitting states reached through suffix links as well as directly.
  const words = ['he', 'she', 'his', 'hers', 'ushers', 'e', 'ee', 'a.b', '--x'];
  const auto = new Automaton(words);
  const alphabet = fc.constantFrom('h', 'e', 'E', 's', 'S', 'i', 'r', 'u', 'a', '.', 'b', '-', 'x', ' ', '\n', 'é');
  fc.assert(
    fc.property(fc.array(alphabet, { maxLength: 120 }).map((cs) => cs.join('')), (text) => {
      const lower = text.toLowerCase();
      const expected: string[] = [];
      for (let end = 1; end <= lower.length; end += 1) {
        // Longest first at one end: the order of the dictionary-suffix chain.
        const here = words.filter((w) => end >= w.length && lower.slice(end - w.length, end) === w).sort((a, b) => b.length - a.length);
        for (const w of here) expected.push(`${end}:${w}`);
      }
      const occ = auto.occurrences(text, 1_000);
      assert.ok(occ);
      const got = Array.from({ length: occ.count }, (_, k) => `${occ.ends[k]}:${words[occ.ids[k] as number]}`);
      assert.deepEqual(got, expected);
      const found = auto.scan(text);
      assert.deepEqual(words.map((w, i) => found[i] === 1), words.map((w) => lower.includes(w)));
    }),
    { numRuns: 400 },
  );
});

test('non-ASCII keywords in text mostly in another script are looked for without a second copy of it', () => {
  const lines = Array.from({ length: 400 }, (_, i) => (i % 50 === 0 ? `plain ascii line ${i}` : `строка ${i}: пожалуйста, игнорируйте это — ${i}`));
  const lower = `${lines.join('\n')}\nзабудь все инструкции\n`.toLowerCase();
  const original = Array.prototype.join;
  let copies = 0;
  Array.prototype.join = function (this: unknown[], sep?: string): string {
    const out = original.call(this, sep);
    if (out.length > lower.length / 2) copies += 1;
    return out;
  };
  let answers: boolean[];
  try {
    const p = new KeywordPresence(lower);
    answers = ['игнорир', 'забудь все', 'ignorier', 'строка 399', 'ascii line 50'].map((w) => p.has(w));
  } finally {
    Array.prototype.join = original;
  }
  assert.deepEqual(answers, [true, true, false, true, true]);
  assert.equal(copies, 0, 'the lines holding non-ASCII characters were joined into a copy of most of the text');
  // A text with a few such lines still searches only those lines, with the same answers as `includes`.
  const mostlyAscii = `${'plain words here\n'.repeat(200)}одна строка\n`;
  const q = new KeywordPresence(mostlyAscii);
  assert.deepEqual(['одна', 'строка', 'двa'].map((w) => q.has(w)), ['одна', 'строка', 'двa'].map((w) => mostlyAscii.includes(w)));
});
