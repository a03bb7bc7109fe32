// A baseline fingerprint binds a finding to its rule id, its path and the text it matched together with
// one line on either side, whitespace-normalised (CONTRACT §9). The line number, the rest of the file and
// the scanner version are left out, so an accepted finding stays accepted when lines are added above it,
// when its block moves, and across scanner upgrades; it re-activates when its own text or a neighbouring
// line changes. Findings without a line in a text view (binary content, file-level hits, spans longer
// than MAX_SPAN_LINES) bind to the SHA-256 of the whole file instead: any edit re-activates them.
import { createHash } from 'node:crypto';
import type { Finding } from '../analysis/finding.js';
import type { FileLines, LineStore } from './file-lines.js';

export const FINGERPRINT_SCHEMA = 'skillspector-baseline-fingerprint-v2';
/** Beyond this many lines a span is hashed as the whole file: keeps the work per finding bounded. */
export const MAX_SPAN_LINES = 200;

export function contentDigest(bytes: Buffer | undefined): string {
  return createHash('sha256').update(bytes ?? Buffer.alloc(0)).digest('hex');
}

/** The lines a finding is bound to (its span plus one line either side), or undefined for the whole file. */
export function findingSpan(f: Finding, lines: FileLines | undefined): { start: number; end: number } | undefined {
  if (lines === undefined) return undefined;
  const count = lines.count;
  const start = f.startLine;
  const end = Math.min(Math.max(start, f.endLine), count);
  if (!Number.isInteger(start) || start < 1 || start > count || end - start + 1 > MAX_SPAN_LINES) return undefined;
  return { start, end };
}

/** `sha256:<hex>` of the finding's rule id, path and the digests of its normalised lines (or the file's digest). */
export function findingFingerprint(f: Finding, lines: FileLines | undefined, fileDigest: () => string): string {
  const span = findingSpan(f, lines);
  const body = [FINGERPRINT_SCHEMA, f.rule.id, f.file];
  if (span === undefined || lines === undefined) body.push('file', fileDigest());
  else {
    // Line 0 and the line after the last read as empty: adding a final newline changes nothing.
    for (let n = span.start - 1; n <= span.end + 1; n++) body.push(lines.lineDigest(n));
  }
  return `sha256:${createHash('sha256').update(JSON.stringify(body)).digest('hex')}`;
}

/** Fingerprints findings of one scan: text from its file views, whole-file digests from its bytes. */
export function fingerprinter(lines: LineStore, digestOf: (path: string) => string): (f: Finding) => string {
  return (f) => findingFingerprint(f, lines.get(f.file), () => digestOf(f.file));
}
