// Skill discovery for `scan --recursive` and `batch DIR` (CONTRACT §11): a skill is a directory holding
// SKILL.md or skill.md, and everything below it belongs to it, so a skill nested in another is not a
// skill of its own. Links are never followed (a Dirent describes the entry itself, not its target).
import { readdirSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import { join } from 'node:path';
import { SKIPPED_DIRECTORIES } from '../discovery/walk.js';
import { VCS_DIRECTORIES } from '../discovery/vcs.js';

/** The file names that make a directory a skill. */
export const SKILL_MANIFESTS: readonly string[] = ['SKILL.md', 'skill.md'];

/**
 * Directories never searched for skills: version-control metadata and the dependency/cache directories
 * a scan leaves out (node_modules, .venv, …). Other hidden directories are searched, because agents keep
 * skills in places like `.claude/skills/`.
 */
export const NOT_SEARCHED: ReadonlySet<string> = new Set([...VCS_DIRECTORIES, ...SKIPPED_DIRECTORIES]);

/** Bounds the search of a hostile or huge tree: directories visited (skills and non-skills alike). */
export const MAX_DIRECTORIES_SEARCHED = 200_000;

export interface FoundSkills {
  /** Skill directories relative to the root, `/`-separated and ordered by path; '' when the root is a skill. */
  skills: string[];
  /** True when the search stopped at MAX_DIRECTORIES_SEARCHED: the list may miss skills. */
  truncated: boolean;
  /** Directories that could not be listed (permission, vanished), relative to the root. */
  unreadable: string[];
}

function isSkill(entries: readonly Dirent[]): boolean {
  return entries.some((e) => e.isFile() && SKILL_MANIFESTS.includes(e.name));
}

/** Code-unit order of path segments, so `a/b` sorts before `a-b/` the way a tree lists them. */
export function comparePaths(a: string, b: string): number {
  const sa = a.split('/');
  const sb = b.split('/');
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const x = sa[i] as string;
    const y = sb[i] as string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return sa.length - sb.length;
}

export function findSkills(root: string, maxDirectories = MAX_DIRECTORIES_SEARCHED): FoundSkills {
  const found: FoundSkills = { skills: [], truncated: false, unreadable: [] };
  const pending: string[] = [''];
  let visited = 0;
  while (pending.length > 0) {
    const rel = pending.pop() as string;
    if (visited++ >= maxDirectories) {
      found.truncated = true;
      break;
    }
    let entries: Dirent[];
    try {
      entries = readdirSync(rel === '' ? root : join(root, rel), { withFileTypes: true });
    } catch {
      found.unreadable.push(rel);
      continue;
    }
    if (isSkill(entries)) {
      found.skills.push(rel);
      continue;
    }
    for (const e of entries) {
      if (e.isDirectory() && !NOT_SEARCHED.has(e.name)) pending.push(rel === '' ? e.name : `${rel}/${e.name}`);
    }
  }
  found.skills.sort(comparePaths);
  found.unreadable.sort(comparePaths);
  return found;
}
