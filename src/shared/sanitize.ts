// Every string from a scanned bundle is sanitised before it reaches a terminal or a report:
// ANSI/OSC sequences removed and C0/C1 controls (except tab and newline) replaced.
import { stripVTControlCharacters } from 'node:util';

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const CONTROL_ALL = /[\u0000-\u001f\u007f-\u009f]/g;
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g;

export function sanitizeText(s: string): string {
  return stripVTControlCharacters(s).replace(CONTROL, '\uFFFD').replace(BIDI, '\uFFFD');
}

/** Single-line form for paths and snippets in line-oriented output. */
export function sanitizeLine(s: string): string {
  return stripVTControlCharacters(s).replace(CONTROL_ALL, (c) => (c === '\t' ? ' ' : '\uFFFD')).replace(BIDI, '\uFFFD');
}
