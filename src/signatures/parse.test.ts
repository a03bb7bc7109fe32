import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRules, SignatureSyntaxError } from './parse.js';
import type { HexToken } from './types.js';

function errorOf(text: string, file = 'rules/x.yar'): SignatureSyntaxError {
  try {
    parseRules(text, file);
  } catch (e) {
    assert.ok(e instanceof SignatureSyntaxError, `not a SignatureSyntaxError: ${String(e)}`);
    return e;
  }
  assert.fail('parsed without error');
}

test('parses the accepted subset: tags, meta, text/hex/regex strings with modifiers, every condition form', () => {
  const src = `// leading comment /* not a block */
/* block
comment */ rule first : tag_a tagB
{
  meta:
    severity = "HIGH"
    description = "two \\"quoted\\" words"
    score = 7
    enabled = true
  strings:
    $t = "ab\\x41\\n\\t\\\\" nocase wide ascii fullword
    $h = { 4D 5A ?? ?0 0? [2] [1-16] FF }
    $r = /foo[0-9]+bar/is
    $a1 = "x"
    $a2 = "y"
  condition:
    ($t or not $h) and #a1 > 2 and filesize < 2KB and filesize <= 1MB and $a1 at 0 and $a2 in (0..filesize)
    and any of them and all of ($a*) and 1 of ($t, $h) and none of ($r) and #a2 == 0 or 2 of them
}
rule second { condition: true }
`;
  const rules = parseRules(src, 'f.yar');
  assert.equal(rules.length, 2);
  const r = rules[0];
  assert.ok(r);
  assert.equal(r.name, 'first');
  assert.deepEqual(r.tags, ['tag_a', 'tagB']);
  assert.deepEqual(r.meta, { severity: 'HIGH', description: 'two "quoted" words', score: 7, enabled: true });
  assert.equal(r.line, 3);
  const [t, h, re] = r.strings;
  assert.ok(t && t.kind === 'text');
  assert.deepEqual([...t.bytes], [0x61, 0x62, 0x41, 0x0a, 0x09, 0x5c]);
  assert.deepEqual([t.nocase, t.wide, t.ascii, t.fullword], [true, true, true, true]);
  assert.ok(h && h.kind === 'hex');
  const tok: HexToken[] = [
    { t: 'byte', value: 0x4d, mask: 0xff },
    { t: 'byte', value: 0x5a, mask: 0xff },
    { t: 'byte', value: 0, mask: 0 },
    { t: 'byte', value: 0x00, mask: 0x0f },
    { t: 'byte', value: 0x00, mask: 0xf0 },
    { t: 'jump', min: 2, max: 2 },
    { t: 'jump', min: 1, max: 16 },
    { t: 'byte', value: 0xff, mask: 0xff },
  ];
  assert.deepEqual(h.tokens, tok);
  assert.ok(re && re.kind === 'regex');
  assert.deepEqual([re.source, re.nocase, re.dotall], ['foo[0-9]+bar', true, true]);
  assert.equal(r.condition.k, 'or', '`or` binds looser than `and`');
  assert.equal(rules[1]?.name, 'second');
});

test('a text string without `wide` is ascii; with only `wide` it is not', () => {
  const [r] = parseRules('rule a { strings: $x = "ab" $y = "cd" wide condition: $x and $y }', 'f');
  const [x, y] = r?.strings ?? [];
  assert.ok(x?.kind === 'text' && y?.kind === 'text');
  assert.deepEqual([x.ascii, x.wide, y.ascii, y.wide], [true, false, false, true]);
});

test('filesize units: KB and MB multiply', () => {
  const [r] = parseRules('rule a { condition: filesize > 3KB and filesize < 2MB }', 'f');
  const c = r?.condition;
  assert.ok(c?.k === 'and' && c.l.k === 'cmp' && c.r.k === 'cmp');
  assert.deepEqual(c.l.r, { k: 'int', value: 3072 });
  assert.deepEqual(c.r.r, { k: 'int', value: 2 * 1024 * 1024 });
});

// Every error names file, line and column, and usageLine() is one line.
const ERRORS: [string, string, number, RegExp][] = [
  ['not a rule', 'rule a { condition: true }\nrul b { condition: true }', 2, /expected 'rule'/],
  ['import', '\n\nimport "pe"\nrule a { condition: true }', 3, /'import' is not supported/],
  ['private rule', 'private rule a { condition: true }', 1, /'private' rules are not supported/],
  ['keyword as name', 'rule and { condition: true }', 1, /'and' is a keyword/],
  ['duplicate rule', 'rule a { condition: true }\n\nrule a { condition: true }', 3, /duplicate rule name 'a'/],
  ['missing brace', 'rule a\n condition: true }', 2, /'\{' to open/],
  ['missing condition', 'rule a {\n meta:\n  x = 1\n}', 4, /expected 'condition:'/],
  ['bad meta value', 'rule a {\n meta:\n  x = nope\n condition: true }', 3, /expected a meta value/],
  ['unterminated string', 'rule a {\n strings:\n  $a = "abc\n condition: $a }', 3, /unterminated string/],
  ['unknown escape', 'rule a {\n strings:\n  $a = "a\\qb"\n condition: $a }', 3, /unknown escape '\\q'/],
  ['empty text', 'rule a {\n strings:\n  $a = ""\n condition: $a }', 3, /empty text string/],
  ['anonymous string', 'rule a {\n strings:\n  $ = "x"\n condition: any of them }', 3, /anonymous strings/],
  ['duplicate string', 'rule a {\n strings:\n  $a = "x"\n  $a = "y"\n condition: $a }', 4, /duplicate string identifier \$a/],
  ['bad hex token', 'rule a {\n strings:\n  $h = { 4D ZZ }\n condition: $h }', 3, /bad hex token 'ZZ'/],
  ['hex alternatives', 'rule a {\n strings:\n  $h = { 4D 5A ( 00 | 01 ) }\n condition: $h }', 3, /alternatives/],
  ['unbounded jump', 'rule a {\n strings:\n  $h = { 4D 5A [4-] 00 }\n condition: $h }', 3, /unbounded jump/],
  ['jump too long', 'rule a {\n strings:\n  $h = { 4D 5A [1-9999] 00 }\n condition: $h }', 3, /exceeds 256/],
  ['jump at end', 'rule a {\n strings:\n  $h = { 4D 5A [2] }\n condition: $h }', 3, /cannot end with a jump/],
  ['hex without anchor', 'rule a {\n strings:\n  $h = { 4D ?? 5A [2] 00 00 }\n condition: $h }', 3, /two adjacent fixed bytes/],
  ['unterminated hex', 'rule a {\n strings:\n  $h = { 4D 5A\n', 3, /unterminated hex/],
  ['xor modifier', 'rule a {\n strings:\n  $a = "x" xor\n condition: $a }', 3, /modifier 'xor' is not supported/],
  ['wide on regex', 'rule a {\n strings:\n  $r = /ab/ wide\n condition: $r }', 3, /'wide' is not supported on regex/],
  ['nocase on hex', 'rule a {\n strings:\n  $h = { 41 42 } nocase\n condition: $h }', 3, /does not apply to hex/],
  ['regex backreference', 'rule a {\n strings:\n  $r = /(a)\\1/\n condition: $r }', 3, /backreferences/],
  ['regex lookahead', 'rule a {\n strings:\n  $r = /a(?=b)/\n condition: $r }', 3, /lookaround/],
  ['regex big repetition', 'rule a {\n strings:\n  $r = /a.{0,500}b/\n condition: $r }', 3, /linear time/],
  ['regex bad syntax', 'rule a {\n strings:\n  $r = /a(b/\n condition: $r }', 3, /not accepted/],
  ['regex flag', 'rule a {\n strings:\n  $r = /ab/g\n condition: $r }', 3, /flag 'g'/],
  ['regex unterminated', 'rule a {\n strings:\n  $r = /ab\n condition: $r }', 3, /unterminated regular/],
  ['undefined string', 'rule a {\n strings:\n  $a = "x"\n condition:\n  $a and $b }', 5, /undefined string \$b/],
  ['undefined count', 'rule a {\n strings:\n  $a = "x"\n condition:\n  #c > 1 and $a }', 5, /undefined string #c/],
  ['unused string', 'rule a {\n strings:\n  $a = "x"\n  $b = "y"\n condition: $a }', 4, /\$b is never used/],
  ['no match for wildcard', 'rule a {\n strings:\n  $a = "x"\n condition:\n  any of ($z*) }', 5, /no string matches \$z\*/],
  ['N of too many', 'rule a {\n strings:\n  $a = "x"\n condition:\n  3 of them }', 5, /can never be true/],
  ['for loop', 'rule a {\n condition:\n  for any i in (1..2) : (true) }', 3, /'for' loops/],
  ['offset operator', 'rule a {\n strings:\n  $a = "x"\n condition:\n  @a[1] == 0 }', 5, /offsets\/lengths are not supported/],
  ['integer as boolean', 'rule a {\n strings:\n  $a = "x"\n condition:\n  #a }', 5, /integer where a boolean/],
  ['compare booleans', 'rule a {\n strings:\n  $a = "x"\n condition:\n  $a > 1 }', 5, /compares integers/],
  ['unknown identifier', 'rule a {\n condition:\n  pe.is_dll() }', 3, /unknown identifier 'pe'/],
  ['unclosed paren', 'rule a {\n condition:\n  (true and false\n}', 4, /expected '\)'/],
  ['trailing garbage', 'rule a {\n condition:\n  true false }', 3, /'\}' to close the rule/],
  ['unterminated comment', 'rule a { condition: true }\n/* never\nends', 2, /unterminated comment/],
  ['at needs an integer', 'rule a {\n strings:\n  $a = "x"\n condition:\n  $a at $a }', 5, /expected an integer/],
];

for (const [name, text, line, re] of ERRORS) {
  test(`error: ${name} → line ${line}`, () => {
    const e = errorOf(text);
    assert.equal(e.file, 'rules/x.yar');
    assert.equal(e.line, line, e.message);
    assert.match(e.detail, re);
    assert.ok(e.column >= 1);
    assert.match(e.message, new RegExp(`^rules/x\\.yar:${line}:${e.column}: `));
    const usage = e.usageLine();
    assert.ok(!usage.includes('\n'));
    assert.match(usage, new RegExp(`^signature file rules/x\\.yar, line ${line}, column ${e.column}: `));
  });
}

test('error columns point at the offending token', () => {
  const e = errorOf('rule a {\n strings:\n  $a = "x"\n condition:\n  $a and   $zz }');
  assert.equal(e.line, 5);
  assert.equal(e.column, 12);
});

test('too many strings in a rule is refused with a line', () => {
  const strings = Array.from({ length: 257 }, (_, i) => `  $s${i} = "v${i}"`).join('\n');
  const e = errorOf(`rule a {\n strings:\n${strings}\n condition: any of them }`);
  assert.match(e.detail, /more than 256 strings/);
  assert.equal(e.line, 259);
});

test('condition size and nesting are bounded with a positioned error, not a stack overflow', () => {
  const long = Array.from({ length: 1001 }, () => 'true').join(' and ');
  assert.match(errorOf(`rule a {\n condition:\n  ${long} }`).detail, /longer than 1000 terms/);
  assert.match(errorOf(`rule a { condition: ${'not '.repeat(100000)} true }`).detail, /nested too deeply/);
  assert.match(errorOf(`rule a { condition: ${'('.repeat(100000)} true }`).detail, /nested too deeply/);
  const ok = Array.from({ length: 1000 }, () => 'true').join(' and ');
  assert.equal(parseRules(`rule a { condition: ${ok} }`, 'f').length, 1);
});
