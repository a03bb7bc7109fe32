// AE4's invisible-character count walks the text once with its memoised class table and looks at the
// neighbours of hidden characters only (issue 14). It must count exactly what the walk that classified
// every code point with its neighbours counted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { hiddenDensity } from './ae4-invisible-or-mixed-script.js';

const HIDDEN = /^[\p{Cf}\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u180f\u3164\uffa0\ufe00-\ufe0f]$/u;
const EMOJI = /^[\p{Extended_Pictographic}\p{Emoji_Component}]$/u;
const PICTOGRAPH = /^[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f]$/u;
const JOINING = /^[\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Tamil}]$/u;

/** The previous walk: every code point classified, each hidden one judged by the code points either side. */
function walk(text: string): { count: number; first: number; sample: number[] } {
  const tag = (cp: number): boolean => cp >= 0xe0020 && cp <= 0xe007f;
  const cls = (cp: number | undefined): { emoji: boolean; pict: boolean; join: boolean; tag: boolean } => {
    if (cp === undefined) return { emoji: false, pict: false, join: false, tag: false };
    const c = String.fromCodePoint(cp);
    return { emoji: EMOJI.test(c), pict: PICTOGRAPH.test(c), join: JOINING.test(c), tag: tag(cp) };
  };
  let count = 0;
  let first = -1;
  const sample = new Set<number>();
  let prev: number | undefined;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) ?? 0;
    const width = cp > 0xffff ? 2 : 1;
    if (HIDDEN.test(String.fromCodePoint(cp)) && !(cp === 0xfeff && i === 0)) {
      const b = cls(prev);
      const a = cls(text.codePointAt(i + width));
      const selector = (cp >= 0xfe00 && cp <= 0xfe0f) || tag(cp);
      const ordinary = selector ? b.emoji || b.tag : cp === 0x200d || cp === 0x200c ? (b.pict && a.pict) || (b.join && a.join) : false;
      if (!ordinary) {
        count += 1;
        if (first === -1) first = i;
        if (sample.size < 8) sample.add(cp);
      }
    }
    prev = cp;
    i += width;
  }
  return { count, first, sample: [...sample] };
}

const UNITS = [
  'a', ' ', '\n', '\u200b', '\u200c', '\u200d', '\u00ad', '\u2060', '\ufeff', '\ufe0f', '\ufe0e', '\u202e', '\u0007',
  '\u0085', '😀', '❤', '👨', '🏴', '\udb40\udc67', '\udb40\udc7f', 'ب', 'क', '1', '#', '\ud800', '\udc00', 'é', '中',
];

test('hiddenDensity counts what the walk over every code point counted, on random text', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...UNITS), { maxLength: 60 }), (units) => {
      const text = units.join('');
      const d = hiddenDensity(text);
      assert.deepEqual({ count: d.count, first: d.first, sample: [...d.sample] }, walk(text), JSON.stringify(text));
    }),
    { numRuns: 5000 },
  );
});
