// How far a V8 heap may grow past what survived its last full collection before it collects again.
// V8 picks that factor from the heap's limit, not from what is live: on a host with a few GB of memory it
// lets the heap reach about four times its live data. A scan keeps its files' texts live (a 5,000-file
// bundle: ~130 MB) and promotes a steady trickle of per-file garbage, so with the default the process
// peaked at 510 MB on one thread, 946 MB with a worker; at 25 % it peaked at 360 and 480 MB at the same
// speed (a full collection of that heap takes 10–20 ms; docs/PERFORMANCE.md). Later work brought the bundle
// to 305–324 MB at 25 %; 12 % takes another 15–28 MB off the large workloads (287–298 MB) for about twice
// the full collections (on that bundle: 45 instead of 24, 470 instead of 270 ms of pauses). The flag is process-wide
// (every thread's heap) and only read when a collection sizes the next one, so setting it at start-up is safe
// (a V8 that no longer knew it would print one line on stderr, never on stdout). The CLI sets it; a library
// caller keeps its own process's settings.
//
// The young generation grows the same way: it starts at 1 MB per semi-space and doubles, up to 16 MB, each
// time a scavenge finds much of it still alive, which a scan's per-file work does within seconds. Its two
// semi-spaces then hold 32 MB for the rest of the process while saving little: on the bench workloads a
// young generation kept at its start size cut peak RSS by 30–50 MB with CPU time unchanged within noise
// (docs/PERFORMANCE.md). The growth factor, like the percent above, is read only when V8 resizes.
import { setFlagsFromString } from 'node:v8';

export const HEAP_GROWING_PERCENT = 12;
/** 1: a scavenge never enlarges the young generation past its start size. */
export const SEMI_SPACE_GROWTH_FACTOR = 1;

export function limitHeapGrowth(percent: number = HEAP_GROWING_PERCENT): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
  setFlagsFromString(`--semi-space-growth-factor=${SEMI_SPACE_GROWTH_FACTOR}`);
}
