// Bounded, single-line strings for the compact MCP reply: every string that can come from a scanned bundle
// is cut to a fixed size so the reply stays small however hostile the bundle's paths and contents are.
import { sanitizeLine } from '../shared/sanitize.js';

/** Work on at most this many times the wanted length, so a 4 MiB match costs no more than a short one. */
const INPUT_FACTOR = 4;

function flatten(s: string, max: number): string {
  return sanitizeLine(s.slice(0, max * INPUT_FACTOR).replace(/\r\n|\r|\n/g, ' ⏎ ')).replace(/\s+/g, ' ').trim();
}

/** Drops a high surrogate left dangling by a cut, so the text stays well-formed. */
function wellFormed(s: string): string {
  return /[\uD800-\uDBFF]$/.test(s) ? s.slice(0, -1) : s;
}

/** One line of at most `max` characters, cut at a word boundary when one is near, line breaks shown as ⏎. */
export function clipText(s: string, max: number): string {
  const line = flatten(s, max);
  if (line.length <= max) return line;
  const head = wellFormed(line.slice(0, max - 1));
  const space = head.lastIndexOf(' ');
  return `${space >= max / 2 ? head.slice(0, space) : head}…`;
}

/** A path of at most `max` characters; a long one keeps its start and its end (the file name). */
export function clipPath(s: string, max: number): string {
  const line = sanitizeLine(s.length > max * INPUT_FACTOR ? `${s.slice(0, max)}…${s.slice(-max)}` : s);
  if (line.length <= max) return line;
  const tail = Math.floor((max - 1) * 0.6);
  const start = line.slice(0, max - 1 - tail);
  const end = line.slice(line.length - tail);
  return `${wellFormed(start)}…${/^[\uDC00-\uDFFF]/.test(end) ? end.slice(1) : end}`;
}
