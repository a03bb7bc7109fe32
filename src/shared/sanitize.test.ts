import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sanitizeLine, sanitizeText } from './sanitize.js';

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
