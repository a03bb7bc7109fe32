// --exclude matching: `*` within a segment, `**` across segments, on bundle-relative POSIX paths
// (virtual member paths included).
import { minimatch } from 'minimatch';

const OPTIONS = { dot: true, nonegate: true, nocomment: true, noext: true } as const;

export class PathMatcher {
  constructor(private readonly patterns: readonly string[]) {}

  get empty(): boolean {
    return this.patterns.length === 0;
  }

  /** A directory path may be given with a trailing slash; `dir/**` then also covers it. */
  matches(path: string): boolean {
    return this.patterns.some((p) => minimatch(path, p, OPTIONS) || minimatch(path, p.replace(/\/$/, ''), OPTIONS));
  }
}
