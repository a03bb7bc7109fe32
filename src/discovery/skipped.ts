// Census of a skipped dependency or cache directory (node_modules, .venv, …): its content is out of
// scope, but the report still says how many files and bytes it holds. The count is bounded by a share
// of the entry budget; it never opens a file and never follows a link.
import { closeDir, listRaw, lstatChild, openChild } from './dirfd.js';
import type { DirHandle } from './dirfd.js';

export interface Census {
  files: number;
  bytes: number;
  /** False when the count stopped early (bound, depth, deadline or an unreadable subdirectory). */
  complete: boolean;
}

export interface CensusBounds {
  /** Entries still allowed across every census of the scan; decremented here. */
  left: { value: number };
  maxDepth: number;
  expired: () => boolean;
}

export function takeCensus(dir: DirHandle, bounds: CensusBounds): Census {
  const census: Census = { files: 0, bytes: 0, complete: true };
  count(dir, bounds, census, 0);
  return census;
}

function count(dir: DirHandle, bounds: CensusBounds, census: Census, depth: number): void {
  let entries;
  try {
    entries = listRaw(dir);
  } catch {
    census.complete = false;
    return;
  }
  for (const entry of entries) {
    if (bounds.left.value <= 0 || bounds.expired()) {
      census.complete = false;
      return;
    }
    bounds.left.value -= 1;
    if (entry.isDirectory()) {
      if (depth + 1 >= bounds.maxDepth) {
        census.complete = false;
        continue;
      }
      let child: DirHandle;
      try {
        child = openChild(dir, entry.name);
      } catch {
        census.complete = false;
        continue;
      }
      try {
        count(child, bounds, census, depth + 1);
      } finally {
        closeDir(child);
      }
    } else if (entry.isFile()) {
      census.files += 1;
      try {
        census.bytes += lstatChild(dir, entry.name).size;
      } catch {
        census.complete = false;
      }
    }
  }
}

export function describeCensus(c: Census): string {
  const files = `${c.files.toLocaleString('en-US')} file${c.files === 1 ? '' : 's'}`;
  const bytes = `${c.bytes.toLocaleString('en-US')} bytes`;
  return c.complete ? `${files}, ${bytes}` : `at least ${files}, ${bytes} (the count stopped at its bound)`;
}
