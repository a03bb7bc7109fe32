// --exclude matching: `*` within a segment, `**` across segments, on bundle-relative POSIX paths
// (virtual member paths included). Patterns are anchored at the bundle root; a pattern that names a
// directory (`scripts`, `scripts/`, `docs/*`) covers everything beneath it, as a user expects.
import { Minimatch } from 'minimatch';

const OPTIONS = { dot: true, nonegate: true, nocomment: true, noext: true } as const;

/** `./scripts/` → `scripts`: a leading `./` and a trailing `/` change nothing about what is meant. */
export function normalizePattern(pattern: string): string {
  let p = pattern;
  while (p.startsWith('./')) p = p.slice(2);
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

export class PathMatcher {
  private readonly compiled: readonly Minimatch[];
  /** Directory prefixes already judged; every file below a directory asks about it again. */
  private readonly directories = new Map<string, boolean>();

  constructor(patterns: readonly string[]) {
    this.compiled = patterns.map(normalizePattern).filter((p) => p !== '' && p !== '.').map((p) => new Minimatch(p, OPTIONS));
  }

  get empty(): boolean {
    return this.compiled.length === 0;
  }

  /** The path itself, or a directory above it, matches a pattern. */
  matches(path: string): boolean {
    if (this.compiled.length === 0) return false;
    if (this.direct(path)) return true;
    for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) {
      if (this.matchesDirectory(path.slice(0, i))) return true;
    }
    return false;
  }

  /** A directory (given without its trailing slash) is excluded, and with it everything beneath. */
  matchesDirectory(dir: string): boolean {
    let hit = this.directories.get(dir);
    if (hit === undefined) {
      hit = this.direct(dir);
      this.directories.set(dir, hit);
    }
    return hit;
  }

  private direct(path: string): boolean {
    return this.compiled.some((m) => m.match(path));
  }
}
