// How far a V8 heap may grow past what survived its last full collection before it collects again.
// V8 picks that factor from the heap's limit, not from what is live: on a host with a few GB of memory it
// lets the heap reach about four times its live data. A scan keeps its files' texts live (a 5,000-file
// bundle: ~130 MB) and promotes a steady trickle of per-file garbage, so with the default the process
// peaked at 510 MB on one thread, 946 MB with a worker; at 25 % it peaks at 360 and 480 MB at the same
// speed (a full collection of that heap takes 10–20 ms; docs/PERFORMANCE.md). The flag is process-wide
// (every thread's heap) and only read when a collection sizes the next one, so setting it at start-up is safe
// (a V8 that no longer knew it would print one line on stderr, never on stdout). The CLI sets it; a library
// caller keeps its own process's settings.
import { setFlagsFromString } from 'node:v8';

export const HEAP_GROWING_PERCENT = 25;

export function limitHeapGrowth(percent: number = HEAP_GROWING_PERCENT): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
