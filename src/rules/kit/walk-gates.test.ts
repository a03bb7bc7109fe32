import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WHITESPACE } from './walk-gates.js';

test('WHITESPACE is exactly the code units \\s matches, in code-unit order', () => {
  const found: string[] = [];
  for (let c = 0; c < 0x10000; c += 1) if (/\s/.test(String.fromCharCode(c))) found.push(String.fromCharCode(c));
  assert.deepEqual([...WHITESPACE], found);
});
