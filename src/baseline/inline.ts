// Inline suppression directives: `skillspector-ignore: ID[, ID…]` in a scanned file, on the finding's
// first line or the line just above it, in whatever comment syntax the file uses. The skill's author
// writes these, so they count only under `--trust-inline-suppressions` (or the config's
// `trust_inline_suppressions`), never for a CRITICAL finding, and always with the fixed reason "inline"
// (the author's own words never reach a report as a suppression reason).
import type { Finding } from '../analysis/finding.js';
import type { FileLines } from './file-lines.js';

export const INLINE_REASON = 'inline';

const DIRECTIVE = /skillspector-ignore:[ \t]*([A-Za-z0-9_-]+(?:[ \t]*,[ \t]*[A-Za-z0-9_-]+)*)/gi;
/** Directives beyond this many on one line are not read (a line can be megabytes long). */
const MAX_DIRECTIVES_PER_LINE = 32;

const cache = new WeakMap<FileLines, Map<number, ReadonlySet<string>>>();

/** The rule ids (upper case) that directives on line `n` name. */
export function directiveIds(lines: FileLines, n: number): ReadonlySet<string> {
  let perFile = cache.get(lines);
  if (!perFile) cache.set(lines, (perFile = new Map()));
  let ids = perFile.get(n);
  if (ids) return ids;
  const found = new Set<string>();
  let seen = 0;
  for (const m of lines.line(n).matchAll(DIRECTIVE)) {
    for (const id of (m[1] ?? '').split(',')) found.add(id.trim().toUpperCase());
    if (++seen >= MAX_DIRECTIVES_PER_LINE) break;
  }
  perFile.set(n, (ids = found));
  return ids;
}

/** True when a directive on the finding's first line, or the line above, names its rule. */
export function hasInlineDirective(f: Finding, lines: FileLines | undefined): boolean {
  if (lines === undefined || !Number.isInteger(f.startLine) || f.startLine < 1 || f.startLine > lines.count) return false;
  const id = f.rule.id.toUpperCase();
  return directiveIds(lines, f.startLine).has(id) || (f.startLine > 1 && directiveIds(lines, f.startLine - 1).has(id));
}
