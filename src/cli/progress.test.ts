import { test } from 'node:test';
import assert from 'node:assert/strict';
import { progressLine } from './progress.js';

function fakeStream(): { stream: NodeJS.WriteStream; written: string[] } {
  const written: string[] = [];
  return { stream: { write: (s: string) => written.push(s) > 0 } as unknown as NodeJS.WriteStream, written };
}

test('no progress output when disabled (stderr not a TTY)', () => {
  const { stream, written } = fakeStream();
  const p = progressLine(stream, false, 0);
  p.update(1, 2);
  p.done();
  assert.deepEqual(written, []);
});

test('progress appears only after the delay, and is cleared at the end', () => {
  const { stream, written } = fakeStream();
  const quick = progressLine(stream, true, 60_000);
  quick.update(1, 2);
  quick.done();
  assert.deepEqual(written, [], 'short scans print nothing');
  const slow = progressLine(stream, true, 0);
  slow.update(3, 10);
  slow.done();
  assert.match(written[0] ?? '', /analyzing 3\/10 files/);
  assert.equal(written.length, 2);
});
