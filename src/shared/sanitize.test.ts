import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sanitizeLine, sanitizeText, stringifyJsonSafe } from './sanitize.js';

test('ANSI CSI and OSC-8 sequences are removed', () => {
  assert.equal(sanitizeText('a\u001b[31mred\u001b[0m b'), 'ared b');
  assert.equal(sanitizeText('\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007'), 'click');
});

test('C0/C1 controls other than tab and newline are neutralised, including CR and backspace', () => {
  const out = sanitizeText('safe\rOVERWRITE\bX\u0085\u009bY\ttab\nline');
  assert.doesNotMatch(out, /[\r\b\u0085\u009b]/);
  assert.match(out, /\ttab\nline$/);
});

test('bidi controls cannot reorder what the reader sees', () => {
  assert.doesNotMatch(sanitizeText('x\u202eevil\u2066y'), /[\u202e\u2066]/);
});

test('single-line form keeps everything on one line', () => {
  assert.equal(sanitizeLine('a\nb\tc').includes('\n'), false);
  assert.equal(sanitizeLine('a\tb'), 'a b');
});

// Issue 9 item 15: every character that breaks a line or reorders text, one by one.
const C1 = ['\u0080', '\u0085', '\u009b', '\u009f'];
const BIDI = ['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const SEPARATORS = ['\u2028', '\u2029'];

test('line and paragraph separators and every bidi control are neutralised in both forms', () => {
  for (const c of [...SEPARATORS, ...BIDI, ...C1, '\u007f']) {
    const label = `U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    assert.equal(sanitizeText(`a${c}b`), 'a\uFFFDb', label);
    assert.equal(sanitizeLine(`a${c}b`), 'a\uFFFDb', label);
  }
});

test('JSON output escapes C1, DEL, bidi and separators and still parses to the same value', () => {
  const value = { path: `x${[...C1, '\u007f', ...BIDI, ...SEPARATORS].join('')}y`, list: ['\u202e', 'plain é ✓'] };
  const text = stringifyJsonSafe(value, 2);
  assert.doesNotMatch(text, /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
  assert.match(text, /\\u202e/);
  assert.deepEqual(JSON.parse(text), value);
  assert.match(text, /plain é ✓/, 'ordinary non-ASCII text stays readable');
});
