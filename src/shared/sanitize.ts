// Every string from a scanned bundle is sanitised before it reaches a terminal or a report:
// ANSI/OSC sequences removed; C0/C1 controls (except tab and newline), bidi controls and the Unicode
// line/paragraph separators replaced. JSON output keeps the exact strings but escapes the same
// characters, so no format carries a raw control character to whoever prints or renders it.
import { stripVTControlCharacters } from 'node:util';

// Bidi embeddings, overrides, isolates and marks (U+061C, U+200E/F, U+202A–E, U+2066–9) reorder or
// disguise what a reader sees; U+2028/U+2029 break lines in terminals, editors and Markdown renderers
// (U+0085, the other separator, is a C1 control). One class each, so every string takes one pass.
const UNSAFE_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const UNSAFE_LINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// What JSON.stringify leaves raw (it escapes C0 and lone surrogates itself). These can only occur
// inside string literals, so escaping them is lossless: the output parses to the same value.
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function sanitizeText(s: string): string {
  return stripVTControlCharacters(s).replace(UNSAFE_TEXT, '\uFFFD');
}

/** Single-line form for paths and snippets in line-oriented output. */
export function sanitizeLine(s: string): string {
  return stripVTControlCharacters(s).replace(UNSAFE_LINE, (c) => (c === '\t' ? ' ' : '\uFFFD'));
}

/** JSON text with every control and bidi character escaped as \uXXXX; parses to exactly `value`. */
export function stringifyJsonSafe(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(UNSAFE_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
