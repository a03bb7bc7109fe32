// eachMixedScriptToken walks code units with a class table instead of running a Unicode word regex over
// the whole text (issue 14: a 16 MB mixed-script file spent seconds there). It must find exactly the
// tokens the regex found, in order, with the same scripts and homoglyph verdicts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { eachMixedScriptToken, mixedScriptTokens } from './metadata.js';
import type { MixedToken } from './metadata.js';

/** The previous implementation: words matched by `[\p{L}\p{M}\p{N}_]`, every one judged. */
function regexTokens(text: string): MixedToken[] {
  const out: MixedToken[] = [];
  const confusable = new Set([...'аеорсухіјѕԁԛԝһёїАВЕКМНОРСТХЅІЈУ', ...'αεοριτυχνκΑΒΕΖΗΙΚΜΝΟΡΤΥΧ']);
  for (const m of text.matchAll(/[\p{L}\p{M}\p{N}_]+/gu)) {
    const token = m[0];
    if (token.length < 2 || !/[^\u0000-\u036f]/.test(token)) continue;
    const scripts: string[] = [];
    if (/\p{Script=Latin}/u.test(token)) scripts.push('Latin');
    if (/\p{Script=Cyrillic}/u.test(token)) scripts.push('Cyrillic');
    if (/\p{Script=Greek}/u.test(token)) scripts.push('Greek');
    if (/\p{Script=Armenian}/u.test(token)) scripts.push('Armenian');
    if (scripts.length < 2) continue;
    let homoglyph = scripts[0] === 'Latin';
    for (const c of token) {
      if (homoglyph && /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}]/u.test(c) && !confusable.has(c)) homoglyph = false;
    }
    out.push({ token, index: m.index, scripts, homoglyph });
  }
  return out;
}

function tableTokens(text: string): MixedToken[] {
  const out: MixedToken[] = [];
  eachMixedScriptToken(text, (t) => {
    out.push(t);
  });
  return out;
}

// Latin (ASCII and accented), Cyrillic and Greek look-alikes and others, Armenian, CJK, Arabic, marks,
// digits, `_`, emoji and joiners, astral letters, lone surrogates, and separators.
const UNITS = [
  'a', 'Z', 'é', 'ß', 'ɡ', 'а', 'е', 'ж', 'Я', 'ο', 'λ', 'Ω', 'ա', 'Ք', '中', '文', 'ب', '\u0301', '\u0308', '7', '٣',
  '_', '😀', '\u200d', '\ufe0f', '𝐀', '𐐀', '\ud800', '\udc00', ' ', '.', '-', '\n', '’', '\u00a0',
];

test('eachMixedScriptToken finds exactly what the word regex found, on random mixed-script text', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...UNITS), { maxLength: 80 }), (units) => {
      const text = units.join('');
      assert.deepEqual(tableTokens(text), regexTokens(text), JSON.stringify(text));
    }),
    { numRuns: 5000 },
  );
});

test('eachMixedScriptToken judges words longer than any regex piece whole, and stops when asked', () => {
  const long = `${'a'.repeat(10_000)}а${'b'.repeat(10_000)}`;
  const text = `x ${long} ok саfe and рaypal\nΑlpha`;
  assert.deepEqual(tableTokens(text), regexTokens(text));
  assert.equal(tableTokens(text)[0]?.token.length, 20_001);
  assert.deepEqual(mixedScriptTokens(text, 2).map((t) => t.token.slice(0, 4)), ['aaaa', 'саfe']);
});
