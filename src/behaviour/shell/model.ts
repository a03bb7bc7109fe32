// The values the shell extractor computes per syntax node: words (arguments, assignments) and streams
// (what a command writes to stdout), both carrying the sources whose data they hold.
import type { SourceKind, Taint } from '../facts.js';

/** Marks a part of a word whose value is unknown (a variable without one constant value, `$(…)`, …). */
export const UNKNOWN = '\u0001';

/** Taints kept per value: enough for evidence, bounded for hostile input. */
const MAX_TAINTS = 64;

export interface Stream {
  taints: Taint[];
  /** The data comes from literals only (or a local tool run with literal arguments). */
  constant: boolean;
  /** How the data arrives when it is a command's stdin: a pipe, a here-document/string, or a file. */
  via?: 'pipe' | 'doc' | 'file';
  /** The line of a `/dev/tcp` connection the data was read from (reverse-shell wiring). */
  tcpLine?: number;
  /** The data is the path of a conversation store (a hook payload's `transcript_path`): reading that file is a conversation source. */
  conversationPath?: boolean;
}

export interface Word {
  /** The folded text: literals, constant variables, `~` for `$HOME`, UNKNOWN for everything else. */
  shape: string;
  constant: boolean;
  taints: Taint[];
  /** For `<(…)`: the stream the substitution's file yields. */
  proc?: Stream;
  /** The value is the path of a conversation store (see Stream). */
  conversationPath?: boolean;
  /** 1-based line and 0-based column of the word. */
  line: number;
  column: number;
}

export const EMPTY_STREAM: Stream = { taints: [], constant: true };

/** Adds `more` to `into` deduplicated by kind and line; a direct flow wins over one through a variable. */
export function addTaints(into: Taint[], more: readonly Taint[]): Taint[] {
  for (const t of more) {
    const same = into.find((x) => x.kind === t.kind && x.line === t.line);
    if (same) {
      if (!t.viaVariable) same.viaVariable = false;
    } else if (into.length < MAX_TAINTS) {
      into.push({ ...t });
    }
  }
  return into;
}

export function unionTaints(...lists: readonly (readonly Taint[])[]): Taint[] {
  const out: Taint[] = [];
  for (const l of lists) addTaints(out, l);
  return out;
}

/** The same taints as seen after passing through a variable, parameter or function. */
export function throughVariable(taints: readonly Taint[]): Taint[] {
  return taints.map((t) => ({ ...t, viaVariable: true }));
}

export function taint(kind: SourceKind, line: number, text: string): Taint {
  return { kind, line, text: text.length > 120 ? `${text.slice(0, 119)}…` : text, viaVariable: false };
}

export function unionStreams(streams: readonly Stream[]): Stream {
  const taints: Taint[] = [];
  let constant = true;
  let tcpLine: number | undefined;
  let conversationPath = false;
  for (const s of streams) {
    addTaints(taints, s.taints);
    constant &&= s.constant;
    tcpLine ??= s.tcpLine;
    conversationPath ||= s.conversationPath === true;
  }
  const out: Stream = tcpLine === undefined ? { taints, constant } : { taints, constant, tcpLine };
  if (conversationPath) out.conversationPath = true;
  return out;
}

/** A word's value as the data it makes a command print or read. */
export function streamOfWords(words: readonly Word[]): Stream {
  const out: Stream = { taints: unionTaints(...words.map((w) => w.taints)), constant: words.every((w) => w.constant) };
  if (words.some((w) => w.conversationPath)) out.conversationPath = true;
  return out;
}

/** The shape without unknown parts, for path classification (`$X/.bashrc` still names a `.bashrc`). */
export function pathText(w: Word): string {
  return w.shape.split(UNKNOWN).join('');
}

/** The literal value when the word is fully known. */
export function literal(w: Word): string | null {
  return w.shape.includes(UNKNOWN) ? null : w.shape;
}
