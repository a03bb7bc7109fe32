// Per-statement summaries, computed bottom-up: what a statement prints, whether its stdin reaches its
// stdout, and the loop facts (exits, throttles, spawns) the runaway-loop pattern needs.
import type { Invocation } from './commands.js';
import { EMPTY_STREAM, unionStreams } from './model.js';
import type { Stream } from './model.js';

const MAX_NAMES = 16;

export interface Spot {
  line: number;
  column: number;
  text: string;
}

/** A simple command at the head of a statement. */
export interface Head extends Spot {
  inv: Invocation;
}

export interface Summary {
  out: Stream;
  passes: boolean;
  readsStdin: boolean;
  /** The statement runs `break`. */
  breaks: boolean;
  /** The statement runs `exit`, `return` or `exec`s another program. */
  exits: boolean;
  /** The statement waits (`sleep`, `wait`, `read`), which rate-limits a loop. */
  throttled: boolean;
  /** Where the statement spawns a background job or grows a file or variable. */
  spawn: Spot | null;
  /** Commands this statement runs in the background or pipes into themselves, with their lines (fork bombs). */
  spawnedNames: Map<string, number>;
  /** Names of the commands this statement runs directly (a command; a pipeline's stages). */
  names: Map<string, number>;
  head: Head | null;
  /** For a pipeline (also inside a redirection): the head of every stage, nested pipelines flattened. */
  stages: (Head | null)[];
}

export function emptySummary(out: Stream = EMPTY_STREAM): Summary {
  return {
    out, passes: false, readsStdin: false, breaks: false, exits: false, throttled: false, spawn: null,
    spawnedNames: new Map(), names: new Map(), head: null, stages: [],
  };
}

export function addName(names: Map<string, number>, name: string, line: number): void {
  if (names.size < MAX_NAMES && !names.has(name)) names.set(name, line);
}

/** Merges `s` into `into` as a sequential or alternative part (lists, bodies, branches). */
export function mergeInto(into: Summary, s: Summary): void {
  into.out = unionStreams([into.out, s.out]);
  into.passes ||= s.passes;
  into.readsStdin ||= s.readsStdin;
  into.breaks ||= s.breaks;
  into.exits ||= s.exits;
  into.throttled ||= s.throttled;
  into.spawn ??= s.spawn;
  for (const [n, l] of s.spawnedNames) addName(into.spawnedNames, n, l);
}

/** Marks `s` as run in the background (`cmd &`). */
export function background(s: Summary, at: Spot): void {
  s.spawn ??= at;
  for (const [n, l] of s.names) addName(s.spawnedNames, n, l);
}
