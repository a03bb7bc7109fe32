// What `batch` scans: the skills under a directory (find-skills.ts), or the targets a list file names,
// one per line (blank lines and `#` comments ignored). Paths in a list file are taken as written, i.e.
// relative to the current directory like any command-line argument; remote URLs are kept as given.
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../discovery/target.js';
import { readSideFile } from '../shared/side-file.js';
import { findSkills } from './find-skills.js';

/** A list file larger than this is refused (about a million targets). */
export const MAX_LIST_BYTES = 128 * 1024 * 1024;

export interface BatchTargets {
  targets: string[];
  /** Said on stderr: why the list may be short (search cut off, directories unreadable). */
  warnings: string[];
  /** 'directory' when the skills were discovered, 'list' when a list file named them. */
  source: 'directory' | 'list';
}

export function parseTargetList(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    out.push(line);
  }
  return out;
}

/** The targets of `batch <DIR | LIST_FILE>`. A directory that holds no skill gives an empty list. */
export function batchTargets(arg: string): BatchTargets {
  let isDir: boolean;
  try {
    const st = lstatSync(arg);
    if (st.isSymbolicLink()) throw new UsageError(`${JSON.stringify(arg)} is a symlink; links are never followed, name the real path`);
    isDir = st.isDirectory();
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`batch target not found: ${JSON.stringify(arg)} (pass a directory of skills or a list file)`);
  }
  if (!isDir) {
    const text = readSideFile(arg, { what: 'target list', maxBytes: MAX_LIST_BYTES }).toString('utf8');
    return { targets: [...new Set(parseTargetList(text))], warnings: [], source: 'list' };
  }
  const found = findSkills(arg);
  const warnings: string[] = [];
  if (found.truncated) warnings.push(`the skill search under ${JSON.stringify(arg)} stopped after too many directories; some skills may be missing`);
  if (found.unreadable.length > 0) warnings.push(`${found.unreadable.length} director${found.unreadable.length === 1 ? 'y' : 'ies'} could not be listed (first: ${JSON.stringify(found.unreadable[0])})`);
  return { targets: found.skills.map((rel) => (rel === '' ? arg : join(arg, rel))), warnings, source: 'directory' };
}

/** A target fetched over the network (CONTRACT §10) rather than read from disk. */
export function isRemoteTarget(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(target);
}
