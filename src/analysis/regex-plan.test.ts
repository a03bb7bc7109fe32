import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boundIn, planOf } from './regex-plan.js';

test('anchors are the literals every match must contain, lower-cased, rarest set chosen', () => {
  const plan = planOf(/\b(?:Send|post)(?:s|ing)?\s{1,3}(?:the\s+)?conversation\b/i);
  assert.ok(plan);
  // `conversation` (12 characters) beats {send, post} (4): a longer shortest literal is rarer.
  assert.deepEqual([...plan.anchors], ['conversation']);
  assert.equal(plan.singleLine, false);
});

test('adjacent literal elements combine into longer anchors', () => {
  const plan = planOf(/\bkey[34]\.db\b/);
  assert.ok(plan);
  assert.deepEqual([...plan.anchors].sort(), ['key3.db', 'key4.db']);
  assert.equal(boundIn(plan.longest, [0, 0, 0]), 7);
});

test('a regex with an optional-only or too-short literal gets no plan', () => {
  assert.equal(planOf(/(?:ab)?\d+/), null);
  assert.equal(planOf(/\bx\b/), null);
  // Alternatives must all hold an anchor.
  assert.equal(planOf(/alpha|\d{3}/), null);
});

test('unbounded whitespace is bounded by the text\'s longest whitespace run', () => {
  const plan = planOf(/\bignore\s+previous\s+instructions/);
  assert.ok(plan);
  // 6 + 8 + 12 literal characters plus two `\s+`, each at most the longest run.
  assert.equal(boundIn(plan.longest, [1, 0, 0]), 28);
  assert.equal(boundIn(plan.longest, [5, 0, 0]), 36);
});

test('a regex that cannot consume a line break may be unbounded on its line', () => {
  const plan = planOf(/curl[^\n|]*\|\s*sh/);
  assert.ok(plan);
  // `\s*` can consume a line break, so this one is not single-line …
  assert.equal(plan.singleLine, false);
  const line = planOf(/curl[^\n|]*\|[ \t]*sh\b/);
  assert.ok(line);
  assert.equal(line.singleLine, true);
});

test('lookarounds widen the slice by what they read', () => {
  const plan = planOf(/(?<!\bnot\s{1,3})\bsudo\b(?!\s{0,3}-n)/);
  assert.ok(plan);
  assert.deepEqual([...plan.anchors], ['sudo']);
  assert.ok(boundIn(plan.before, [0, 0, 0]) >= 1 + 3 + 3 + 1);
  assert.ok(boundIn(plan.after, [0, 0, 0]) >= 3 + 2);
});

test('input anchors without the m flag, backreferences and unbounded lookarounds are not planned', () => {
  assert.equal(planOf(/^secret_token/), null);
  assert.ok(planOf(/^secret_token/m));
  assert.equal(planOf(/(["'])password\1/), null);
  assert.equal(planOf(/(?<=eval[^;]*)payload/), null);
});

test('under the u and i flags an anchor holding k or s is refused (U+212A and U+017F fold to them)', () => {
  assert.equal(planOf(/\bsecret\b/iu), null);
  assert.ok(planOf(/\bsecret\b/i));
  assert.ok(planOf(/\bpayload\b/iu));
});
