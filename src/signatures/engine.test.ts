import { globalOf } from '../analysis/regex.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileSignatures, lineLocator, lineOfOffset, type ScanResult } from './engine.js';
import { SIGNATURE_LIMITS } from './limits.js';
import { SignatureSyntaxError } from './parse.js';
import { buildRegex, caseFold, gateLiterals, requiredLiteral } from './regex.js';

function run(rules: string, input: string | Uint8Array): ScanResult {
  const set = compileSignatures([{ file: 't.yar', text: rules }]);
  return set.scan(typeof input === 'string' ? Buffer.from(input, 'latin1') : input);
}
const fired = (rules: string, input: string | Uint8Array): string[] => run(rules, input).matches.map((m) => m.rule);

test('text strings are case-sensitive unless nocase', () => {
  const r = 'rule a { strings: $s = "EvilThing" condition: $s }';
  assert.deepEqual(fired(r, 'x EvilThing y'), ['a']);
  assert.deepEqual(fired(r, 'x evilthing y'), []);
  const n = 'rule a { strings: $s = "EvilThing" nocase condition: $s }';
  assert.deepEqual(fired(n, 'x eViLtHiNg y'), ['a']);
  assert.deepEqual(fired(n, 'x evil thing y'), []);
});

test('wide matches UTF-16LE only; wide ascii matches both; counts are per occurrence', () => {
  const utf16 = Buffer.from('..secret..', 'utf16le');
  assert.deepEqual(fired('rule a { strings: $s = "secret" wide condition: $s }', utf16), ['a']);
  assert.deepEqual(fired('rule a { strings: $s = "secret" wide condition: $s }', 'secret'), []);
  assert.deepEqual(fired('rule a { strings: $s = "secret" condition: $s }', utf16), []);
  const both = run('rule a { strings: $s = "secret" wide ascii condition: #s == 2 }', Buffer.concat([Buffer.from('secret '), utf16]));
  assert.deepEqual(both.matches.map((m) => m.strings[0]?.offsets), [[0, 11]]);
  assert.deepEqual(fired('rule a { strings: $s = "SECRET" wide nocase condition: $s }', utf16), ['a']);
});

test('fullword needs non-word bytes around the match', () => {
  const r = 'rule a { strings: $s = "key" fullword condition: $s }';
  assert.deepEqual(fired(r, 'the key.'), ['a']);
  assert.deepEqual(fired(r, 'monkeys'), []);
  assert.deepEqual(fired(r, 'key_id'), []);
});

test('hex strings: exact bytes, ?? and nibble wildcards, jumps', () => {
  const r = 'rule a { strings: $h = { 4D 5A ?? 0? [1-3] FF E? } condition: $h }';
  assert.deepEqual(fired(r, Buffer.from([0, 0x4d, 0x5a, 0x99, 0x07, 1, 2, 0xff, 0xe8])), ['a']);
  assert.deepEqual(fired(r, Buffer.from([0x4d, 0x5a, 0x99, 0x07, 1, 0xff, 0xe0])), ['a'], 'jump of 1');
  assert.deepEqual(fired(r, Buffer.from([0x4d, 0x5a, 0x99, 0x17, 1, 0xff, 0xe0])), [], 'nibble 0? refuses 0x17');
  assert.deepEqual(fired(r, Buffer.from([0x4d, 0x5a, 0x99, 0x07, 1, 2, 3, 4, 0xff, 0xe0])), [], 'jump longer than 3');
  assert.deepEqual(fired(r, Buffer.from([0x4d, 0x5a, 0x99, 0x07, 0xff, 0xe0])), [], 'jump shorter than 1');
  assert.deepEqual(fired(r, Buffer.from([0x6d, 0x7a, 0x99, 0x07, 1, 0xff, 0xe0])), [], 'hex is exact even though the automaton folds case');
  // Anchor in the middle: wildcards before the atom are verified backwards from the implied start.
  const mid = run('rule a { strings: $h = { ?? 01 02 03 } condition: $h at 5 }', Buffer.from([9, 9, 9, 9, 9, 0x42, 1, 2, 3]));
  assert.deepEqual(mid.matches.map((m) => m.rule), ['a']);
});

test('regex strings: flags i and s, nocase modifier, fullword', () => {
  assert.deepEqual(fired('rule a { strings: $r = /ev[a-z]l\\(/ condition: $r }', 'x evil('), ['a']);
  assert.deepEqual(fired('rule a { strings: $r = /ev[a-z]l\\(/ condition: $r }', 'x EVIL('), []);
  assert.deepEqual(fired('rule a { strings: $r = /ev[a-z]l\\(/i condition: $r }', 'x EVIL('), ['a']);
  assert.deepEqual(fired('rule a { strings: $r = /ev[a-z]l\\(/ nocase condition: $r }', 'x EvIl('), ['a']);
  assert.deepEqual(fired('rule a { strings: $r = /a.b/ condition: $r }', 'a\nb'), []);
  assert.deepEqual(fired('rule a { strings: $r = /a.b/s condition: $r }', 'a\nb'), ['a']);
  assert.deepEqual(fired('rule a { strings: $r = /\\x41\\x42/ nocase condition: $r }', 'AB'), ['a'], '\\x escapes are not case-folded');
  assert.deepEqual(fired('rule a { strings: $r = /tok[0-9]+/ fullword condition: $r }', 'tok12 xtok3'), ['a']);
  assert.deepEqual(fired('rule a { strings: $r = /tok[0-9]+/ fullword condition: $r }', 'xtok3'), []);
});

test('caseFold rewrites letters, class ranges and leaves escapes', () => {
  assert.equal(caseFold('a[b-d]\\w\\x4A'), '[aA][b-dB-D]\\w\\x4A');
});

test('nocase regexes carry no i flag, so V8 can fall back to the linear engine', () => {
  const re = buildRegex('ab[c-d]', true, true);
  assert.ok(re instanceof RegExp);
  assert.equal(re.flags, 'gs');
  assert.equal(re.source, '[aA][bB][c-dC-D]');
});

test('conditions: and/or/not, parentheses, of-forms, counts, filesize, at, in', () => {
  const rules = `
rule and_or { strings: $a = "AAA" $b = "BBB" $c = "CCC" condition: ($a or $b) and not $c }
rule any_them { strings: $a = "AAA" $b = "ZZZ" condition: any of them }
rule all_them { strings: $a = "AAA" $b = "BBB" condition: all of them }
rule two_of { strings: $a = "AAA" $b = "BBB" $c = "CCC" condition: 2 of them }
rule prefix_set { strings: $x1 = "AAA" $x2 = "QQQ" $y = "BBB" condition: all of ($x*) or none of ($y) }
rule count { strings: $a = "AAA" condition: #a > 1 }
rule count_eq { strings: $a = "AAA" condition: #a == 2 }
rule small { condition: filesize < 1KB }
rule big { condition: filesize >= 1KB }
rule at0 { strings: $a = "AAA" condition: $a at 0 }
rule at3 { strings: $a = "AAA" condition: $a at 3 }
rule in_range { strings: $b = "BBB" condition: $b in (4..10) }
rule out_range { strings: $b = "BBB" condition: $b in (0..3) }
rule constant { condition: not false }
`;
  const got = fired(rules, 'AAA BBB AAA').sort();
  assert.deepEqual(got, ['all_them', 'and_or', 'any_them', 'at0', 'constant', 'count', 'count_eq', 'in_range', 'small', 'two_of'].sort());
  assert.deepEqual(fired(rules, 'CCCAAA').sort(), ['any_them', 'at3', 'constant', 'prefix_set', 'small', 'two_of'].sort());
  assert.ok(fired(rules, Buffer.alloc(2048, 0x20)).includes('big'));
});

test('a match reports the rule, its file, meta, tags, matched strings and the first offset; lineOfOffset maps it', () => {
  const r = run('rule a : t1 { meta: severity = "HIGH" strings: $x = "needle" $y = "absent" condition: $x or $y }', 'one\ntwo\nthe needle\n');
  const m = r.matches[0];
  assert.ok(m);
  assert.deepEqual([m.rule, m.file, m.tags, m.meta.severity], ['a', 't.yar', ['t1'], 'HIGH']);
  assert.deepEqual(m.strings.map((s) => s.id), ['$x']);
  assert.equal(m.firstOffset, 12);
  assert.equal(lineOfOffset(Buffer.from('one\ntwo\nthe needle\n'), 12), 3);
  const at = lineLocator(Buffer.from('one\ntwo\nthe needle\n'));
  assert.deepEqual([at(0), at(3), at(4), at(8), at(12), at(18), at(19)], [1, 1, 2, 3, 3, 3, 4]);
  for (let o = 0; o <= 19; o++) assert.equal(at(o), lineOfOffset(Buffer.from('one\ntwo\nthe needle\n'), o));
  assert.equal(r.limited, false);
});

test('overlapping patterns sharing suffixes are all found (failure and dictionary links)', () => {
  const rules = 'rule a { strings: $s1 = "she" $s2 = "he" $s3 = "hers" $s4 = "e" condition: all of them and #s4 == 2 }';
  assert.deepEqual(fired(rules, 'ushers e'), ['a']);
});

test('matches per string are capped and the cap is flagged', () => {
  const input = 'ab'.repeat(SIGNATURE_LIMITS.maxMatchesPerString + 10);
  const r = run('rule a { strings: $s = "ab" condition: #s > 10 }', input);
  assert.equal(r.matches[0]?.strings[0]?.count, SIGNATURE_LIMITS.maxMatchesPerString);
  assert.equal(r.matches[0]?.strings[0]?.capped, true);
  assert.deepEqual(r.limits.cappedStrings, ['a:$s']);
  assert.equal(r.limited, true);
  const rx = run('rule b { strings: $r = /ab/ condition: $r }', input);
  assert.deepEqual(rx.limits.cappedStrings, ['b:$r']);
});

test('a regex the linear engine refuses at compile time is a syntax error naming the file', () => {
  assert.throws(
    () => compileSignatures([{ file: 'user/r.yar', text: 'rule a {\n strings:\n  $r = /x.{0,900}y/\n condition: $r }' }]),
    (e: unknown) => e instanceof SignatureSyntaxError && e.file === 'user/r.yar' && e.line === 3,
  );
});

test('linear work on 1 MB adversarial input: automaton steps ≤ 2n, verifications bounded by candidates', () => {
  const n = 1024 * 1024;
  // Many near-miss candidates: case-sensitive atoms that match only after folding, nested prefixes,
  // hex anchors followed by failing jumps, and a catastrophic-backtracking-shaped regex.
  const rules = `
rule adversarial {
  strings:
    $a = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAb"
    $b = "aaaab"
    $c = "Aa"
    $h = { 61 61 [1-16] 62 62 }
    $r = /(a+)+c/
  condition:
    any of them
}`;
  // $r would backtrack exponentially on the default engine; it finishes only because V8 falls back to
  // the linear engine after BACKTRACKS_BEFORE_FALLBACK backtracks (regex.ts).
  const input = Buffer.alloc(n, 0x61); // 'a' × 1 MiB
  const r = run(rules, input);
  assert.deepEqual(r.matches, []);
  assert.ok(r.stats.automatonSteps <= 2 * n, `automaton steps ${r.stats.automatonSteps}`);
  // Every position is a candidate for $a (folded), $c and $h: at most one verification per atom per position.
  assert.ok(r.stats.verifications <= 3 * n, `verifications ${r.stats.verifications}`);
  // $a fails at its first byte (case), $c at its first byte, $h after 2 bytes plus a 256-wide jump that
  // dies at the next byte test: verification work per candidate is bounded by pattern size × jump span.
  assert.ok(r.stats.verifySteps <= n * (1 + 1 + 2 + 16 + 16), `verify steps ${r.stats.verifySteps}`);
  assert.equal(r.limited, false);
});

test('hex jumps on adversarial input stop at the verification work cap, flagged', () => {
  const r = run('rule a { strings: $h = { 61 61 [1-256] 62 62 } condition: $h }', Buffer.alloc(1024 * 1024, 0x61));
  assert.deepEqual(r.matches, []);
  assert.ok(r.stats.verifySteps >= SIGNATURE_LIMITS.maxVerifySteps);
  assert.ok(r.stats.verifySteps <= SIGNATURE_LIMITS.maxVerifySteps + 2 + 256 * 2, 'stops within one verification of the cap');
  assert.equal(r.limits.verificationCap, true);
  assert.equal(r.limited, true);
});

test('verification stops at its cap and flags it', () => {
  const set = compileSignatures([{ file: 't', text: 'rule a { strings: $s = "aA" condition: $s }' }]);
  const r = set.scan(Buffer.alloc(SIGNATURE_LIMITS.maxVerifications + 100, 0x61));
  assert.equal(r.stats.verifications, SIGNATURE_LIMITS.maxVerifications);
  assert.equal(r.limits.verificationCap, true);
  assert.equal(r.limited, true);
});

test('a regex with a required literal runs only when the input contains it; the result is unchanged', () => {
  const rules = 'rule a { strings: $r = /evil[0-9]+x/ nocase condition: $r }';
  assert.deepEqual(fired(rules, 'EVIL42X'), ['a']);
  assert.deepEqual(fired(rules, 'evi 42x'), []);
  const set = compileSignatures([{ file: 't', text: rules }]);
  let execs = 0;
  const source = (set as unknown as { strings: { regex?: RegExp }[] }).strings[0]?.regex;
  assert.ok(source);
  // Matching runs through the kernel, which executes the regex's `g` twin.
  const re = globalOf(source);
  const orig = re.exec.bind(re);
  re.exec = (s: string) => {
    execs++;
    return orig(s);
  };
  set.scan(Buffer.from('nothing to see here'));
  assert.equal(execs, 0, 'gated regex skipped');
  set.scan(Buffer.from('some Evil here'));
  assert.ok(execs > 0, 'gate seen, regex ran');
});

test('requiredLiteral: top-level literals only, optional items dropped, top-level alternation gives none', () => {
  assert.equal(requiredLiteral('stratum\\+(tcp|ssl):\\/\\/[a-z]+'), 'stratum+');
  assert.equal(requiredLiteral('(ba)?sh\\s+-i\\s*>&\\s*\\/dev\\/tcp'), '/dev/tcp');
  assert.equal(requiredLiteral('abcd?e'), 'abc');
  assert.equal(requiredLiteral('ab{2,3}cdef'), 'cdef');
  assert.equal(requiredLiteral('xyz+w'), 'xyz');
  assert.equal(requiredLiteral('\\x41\\x42C'), 'ABC');
  assert.equal(requiredLiteral('abc|def'), null);
  assert.equal(requiredLiteral('(abc|def)'), null);
  assert.equal(requiredLiteral('[abc]+\\d'), null);
});

test('gateLiterals: the required literal, else a leading plain-word group; none under a top-level alternation or an optional group', () => {
  assert.deepEqual(gateLiterals('stratum\\+(tcp|ssl):\\/\\/[a-z]+'), ['stratum+']);
  assert.deepEqual(gateLiterals('(xmrig|cpuminer)(\\.exe)?\\s+-o'), ['xmrig', 'cpuminer']);
  assert.deepEqual(gateLiterals('\\b(iex|Invoke-Expression)\\b'), ['iex', 'Invoke-Expression']);
  assert.deepEqual(gateLiterals('(xmrig|cpuminer)?\\s+-o'), []);
  assert.deepEqual(gateLiterals('(xmrig|cpuminer)\\s|zz'), []);
  assert.deepEqual(gateLiterals('(nc|ncat)\\s'), []);
});

test('a regex gated on a leading group runs only when one alternative is present, and still matches', () => {
  const set = compileSignatures([{ file: 'g.yar', text: 'rule g { strings: $a = /(xmrig|cpuminer)\\s+-o\\s+[a-z]+/ nocase condition: $a }' }]);
  assert.deepEqual(set.scan(Buffer.from('run CPUMINER -o pool now')).matches.map((m) => m.rule), ['g']);
  assert.deepEqual(set.scan(Buffer.from('run minerd -o pool now')).matches, []);
});
