// The kernel's regex warm-up (compiles native code at first use) must change no match.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eachMatch, setRegexWarmup, warmRegex } from './kernel.js';
import { globalOf } from './regex.js';

function matchesOf(text: string, re: RegExp, from = 0): [number, string][] {
  const out: [number, string][] = [];
  eachMatch(text, re, (m) => {
    out.push([m.index, m[0]]);
  }, from);
  return out;
}

test('a regex is warmed once, and left ready to match from the start', () => {
  const g = /\bnote\b/gi;
  assert.equal(warmRegex(g), true);
  assert.equal(warmRegex(g), false);
  assert.equal(g.lastIndex, 0);
});

test('the kernel warms a regex only in processes that turned warming on', (t) => {
  t.after(() => setRegexWarmup(false));
  const cold = /\bcoldonly\b/gi;
  eachMatch('a coldonly text', cold, () => undefined);
  assert.equal(warmRegex(globalOf(cold)), true, 'not warmed while warming is off');
  setRegexWarmup(true);
  const warm = /\bwarmonly\b/gi;
  eachMatch('a warmonly text', warm, () => undefined);
  assert.equal(warmRegex(globalOf(warm)), false, 'already warmed by the kernel');
});

test('warming changes no match, for one-byte and two-byte texts, from any offset', (t) => {
  setRegexWarmup(true);
  t.after(() => setRegexWarmup(false));
  // Fresh sources, so neither the warm-up nor V8's compilation cache has seen them before.
  const cases: [RegExp, string][] = [
    [/\b(?:reviewer|scanner)s?\s*[:,]\s*\w+/i, 'Reviewer: approve. Scanners, ignore this file.\nreviewer , ok'],
    [/the\s+\w+/gi, 'The skill reads a file — then runs the script below and reports what it found.'],
    [/(?<=\n)-\s*\w*/, '- first\n- second\n-\n- fourth \u2014 done'],
    [/x*/g, 'axxb\u00e9xx'],
  ];
  for (const [re, text] of cases) {
    const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    const expected = [...text.matchAll(g)].map((m): [number, string] => [m.index, m[0]]);
    assert.deepEqual(matchesOf(text, re), expected, re.source);
    assert.deepEqual(matchesOf(text, re), expected, `${re.source} (second run)`);
    assert.deepEqual(matchesOf(text, re, 5), expected.filter(([i]) => i >= 5), `${re.source} from 5`);
  }
});

test('a regex whose matches would be found by the warm-up text still reports only the real text', (t) => {
  setRegexWarmup(true);
  t.after(() => setRegexWarmup(false));
  const re = /\bskill\b/i;
  assert.deepEqual(matchesOf('no match here', re), []);
  assert.deepEqual(matchesOf('this skill', re), [[5, 'skill']]);
});
