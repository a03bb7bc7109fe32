#!/usr/bin/env node
// Retry a flaky endpoint with exponential back-off.
const url = process.argv[2];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let attempt = 0;
while (true) {
  attempt += 1;
  const res = await fetch(url).catch(() => null);
  if (res?.ok || attempt >= 5) {
    console.log(res?.ok ? 'ok' : 'giving up');
    break;
  }
  await sleep(500 * 2 ** attempt);
}
