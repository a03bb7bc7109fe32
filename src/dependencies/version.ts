// Small version comparison for PEP 440-ish and semver-ish release strings, enough to test a pinned
// dependency against an advisory range. Unparsable versions compare as unknown, never as affected.

export interface ParsedVersion {
  epoch: number;
  release: number[];
  /** -2 dev, -1 pre-release, 0 final, 1 post-release. */
  phase: number;
  /** Numbers and words after the release, compared in order within the same phase. */
  tail: (number | string)[];
}

const MAX_VERSION_CHARS = 128;
const VERSION_RE = /^(?:(\d{1,6})!)?(\d{1,12}(?:\.\d{1,12}){0,9})(.{0,100})$/;

export function parseVersion(input: string): ParsedVersion | null {
  const text = input.trim().toLowerCase().replace(/^(?:v|=)+/, '');
  if (text.length === 0 || text.length > MAX_VERSION_CHARS) return null;
  const m = VERSION_RE.exec(text);
  if (!m) return null;
  const release = (m[2] ?? '').split('.').map(Number);
  // Build metadata / local versions (`+abc`) never affect ordering for advisory purposes.
  const rest = (m[3] ?? '').split('+')[0] ?? '';
  if (rest.length > 0 && !/^[-._]?[a-z0-9]/.test(rest)) return null;
  const tail: (number | string)[] = [];
  for (const tok of rest.match(/[a-z]+|\d+/g) ?? []) tail.push(/^\d/.test(tok) ? Number(tok) : tok);
  const first = tail.find((t) => typeof t === 'string');
  let phase = 0;
  if (first === 'dev') phase = -2;
  else if (first === 'post' || first === 'rev' || first === 'r') phase = 1;
  else if (first !== undefined || /^-\d/.test(rest)) phase = -1;
  return { epoch: Number(m[1] ?? 0), release, phase, tail };
}

function cmpTail(a: (number | string)[], b: (number | string)[]): number {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (typeof x === 'number' && typeof y === 'number') return x < y ? -1 : 1;
    // Numbers sort before words; words alphabetically (alpha < beta < rc works for both schemes).
    if (typeof x === 'number') return -1;
    if (typeof y === 'number') return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

export function compareParsed(a: ParsedVersion, b: ParsedVersion): number {
  if (a.epoch !== b.epoch) return a.epoch < b.epoch ? -1 : 1;
  const n = Math.max(a.release.length, b.release.length);
  for (let i = 0; i < n; i += 1) {
    const x = a.release[i] ?? 0;
    const y = b.release[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  if (a.phase !== b.phase) return a.phase < b.phase ? -1 : 1;
  return a.phase === 0 ? 0 : cmpTail(a.tail, b.tail);
}

/** -1, 0 or 1; null when either side cannot be parsed. */
export function compareVersions(a: string, b: string): number | null {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  return pa && pb ? compareParsed(pa, pb) : null;
}

export interface AffectedRange {
  /** Inclusive lower bound; absent means "from the first release". */
  introduced?: string;
  /** Exclusive upper bound (first fixed release). */
  fixed?: string;
  /** Inclusive upper bound, for advisories with no fixed release. */
  lastAffected?: string;
  /** Exact affected releases (e.g. compromised uploads). */
  exact?: readonly string[];
}

export function inRange(version: string, range: AffectedRange): boolean {
  const v = parseVersion(version);
  if (!v) return false;
  if (range.exact) return range.exact.some((e) => { const p = parseVersion(e); return p !== null && compareParsed(v, p) === 0; });
  const bound = (s: string | undefined): ParsedVersion | null | undefined => (s === undefined ? undefined : parseVersion(s));
  const lo = bound(range.introduced);
  const hi = bound(range.fixed);
  const last = bound(range.lastAffected);
  if (lo === null || hi === null || last === null) return false;
  if (lo && compareParsed(v, lo) < 0) return false;
  if (hi && compareParsed(v, hi) >= 0) return false;
  if (last && compareParsed(v, last) > 0) return false;
  return hi !== undefined || last !== undefined || lo !== undefined;
}
