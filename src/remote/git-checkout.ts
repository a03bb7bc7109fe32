// Writes the regular files of one commit's tree (or of one folder of it, `--subdir`) into a fresh
// temporary directory for the engine's walk. Symlinks (mode 120000) and submodule links (160000) are
// never written or read: their paths are returned for the inventory as `not_regular_file`. LFS pointer
// files stay the small pointer text git stores. Caps on files, bytes and time cut the checkout short with
// a limitation, never silently.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import git from 'isomorphic-git';
import { fetchFailed } from './errors.js';
import type { FetchedRepo } from './git-fetch.js';
import type { FetchSession } from './guarded-get.js';
import { mib } from './limits.js';

export interface Checkout {
  notRegular: string[];
  limitations: string[];
  files: number;
  bytes: number;
}

const MODE_TREE = '040000';
const MODE_LINK = '120000';
const MODE_GITLINK = '160000';
const MODE_EXECUTABLE = '100755';

/** A tree entry name that is a single, ordinary path segment. */
function safeName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !name.includes('/') && !name.includes('\0');
}

/** `--subdir a/b`: plain segments only, never leaving the repository. */
export function subdirSegments(given: string, subdir: string): string[] {
  const segments = subdir.replace(/\\/g, '/').split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..' || s.includes('\0'))) throw fetchFailed(given, `--subdir ${JSON.stringify(subdir)} must be a path inside the repository`);
  return segments;
}

interface TreeEntry {
  mode: string;
  path: string;
  oid: string;
}

/**
 * A tree's entries parsed from the raw object (`<mode> <name>\0<20-byte id>`…), so a forged name is ours to
 * report and skip: isomorphic-git's own parser throws on the whole tree, which would hide its other entries.
 */
async function treeOf(repo: FetchedRepo, oid: string): Promise<TreeEntry[]> {
  const obj = await git.readObject({ fs: repo.fs, cache: repo.cache, gitdir: repo.gitdir, oid, format: 'content' });
  if (obj.type !== 'tree' || !(obj.object instanceof Uint8Array)) throw new Error(`object ${oid} is a ${obj.type}, not a tree`);
  const raw = Buffer.from(obj.object);
  const entries: TreeEntry[] = [];
  let at = 0;
  while (at < raw.length) {
    const space = raw.indexOf(0x20, at);
    const nul = raw.indexOf(0, space + 1);
    if (space === -1 || nul === -1 || nul + 21 > raw.length) throw new Error(`tree ${oid} is malformed`);
    const mode = raw.toString('latin1', at, space).padStart(6, '0');
    entries.push({ mode, path: raw.toString('utf8', space + 1, nul), oid: raw.toString('hex', nul + 1, nul + 21) });
    at = nul + 21;
  }
  return entries;
}

/** The tree to write: the commit's root, or the folder `--subdir` names in it. */
export async function startTree(repo: FetchedRepo, session: FetchSession, subdir: readonly string[]): Promise<string> {
  let oid = (await git.readCommit({ fs: repo.fs, cache: repo.cache, gitdir: repo.gitdir, oid: repo.commit })).commit.tree;
  for (let i = 0; i < subdir.length; i += 1) {
    const entry = (await treeOf(repo, oid)).find((e) => e.path === subdir[i]);
    const shown = subdir.slice(0, i + 1).join('/');
    if (!entry) throw fetchFailed(session.given, `--subdir ${shown} does not exist at commit ${repo.commit}`);
    if (entry.mode !== MODE_TREE) {
      throw fetchFailed(session.given, `--subdir ${shown} is ${entry.mode === MODE_LINK ? 'a symlink' : entry.mode === MODE_GITLINK ? 'a submodule' : 'a file'}, not a folder, at commit ${repo.commit}`);
    }
    oid = entry.oid;
  }
  return oid;
}

export async function writeCheckout(repo: FetchedRepo, session: FetchSession, treeOid: string, root: string): Promise<Checkout> {
  const out: Checkout = { notRegular: [], limitations: [], files: 0, bytes: 0 };
  const { limits } = session;
  const stop = (why: string): void => {
    out.limitations.push(`The remote checkout was only partly written: ${why}; files after that point were not inspected.`);
  };
  const walk = async (oid: string, rel: string, dir: string): Promise<boolean> => {
    let entries: TreeEntry[];
    try {
      entries = await treeOf(repo, oid);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      out.limitations.push(`The remote checkout folder ${JSON.stringify(rel === '' ? '.' : rel.slice(0, 200))} could not be read (${why.slice(0, 200)}); it was not inspected.`);
      return true;
    }
    for (const entry of entries) {
      const path = rel === '' ? entry.path : `${rel}/${entry.path}`;
      if (!safeName(entry.path)) {
        out.limitations.push(`The remote checkout holds an entry with an unsafe name (${JSON.stringify(path.slice(0, 200))}); it was not written or inspected.`);
        continue;
      }
      if (performance.now() > session.deadline) return (stop(`the ${limits.ms / 1000} s time limit was reached`), false);
      // Folders count too: a forged tree of nested folders must not cost more than the same number of files.
      if (out.files + 1 > limits.files) return (stop(`the ${limits.files}-file limit (files and folders) was reached`), false);
      out.files += 1;
      if (entry.mode === MODE_TREE) {
        if (!created(() => mkdirSync(join(dir, entry.path), { mode: 0o700 }), path, out)) continue;
        if (!(await walk(entry.oid, path, join(dir, entry.path)))) return false;
        continue;
      }
      if (entry.mode === MODE_LINK || entry.mode === MODE_GITLINK) {
        // Never followed, never materialised: a link's blob is not even read.
        out.notRegular.push(path);
        continue;
      }
      const blob = await blobOf(repo, entry.oid);
      if (blob === null) {
        out.limitations.push(`The remote checkout entry ${JSON.stringify(path.slice(0, 200))} (mode ${entry.mode}) is not a readable file; it was not inspected.`);
        continue;
      }
      if (out.bytes + blob.length > limits.bytes) return (stop(`the ${mib(limits.bytes)} checkout limit was reached`), false);
      out.bytes += blob.length;
      // 'wx': this directory was made empty a moment ago; nothing in it may be overwritten.
      created(() => writeFileSync(join(dir, entry.path), blob, { flag: 'wx', mode: entry.mode === MODE_EXECUTABLE ? 0o700 : 0o600 }), path, out);
    }
    return true;
  };
  await walk(treeOid, '', root);
  return out;
}

/** A tree that names one entry twice (only a forged one can) keeps the first; that, or a name the disk refuses, is reported. */
function created(make: () => void, path: string, out: Checkout): boolean {
  try {
    make();
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    out.limitations.push(code === 'EEXIST'
      ? `The remote checkout names ${JSON.stringify(path.slice(0, 200))} twice; only the first was written and inspected.`
      : `The remote checkout entry ${JSON.stringify(path.slice(0, 200))} could not be written (${code}); it was not inspected.`);
    return false;
  }
}

/** A blob's bytes; null when the id names no blob in the fetched pack (a forged or shallow-cut entry). */
async function blobOf(repo: FetchedRepo, oid: string): Promise<Uint8Array | null> {
  try {
    return (await git.readBlob({ fs: repo.fs, cache: repo.cache, gitdir: repo.gitdir, oid })).blob;
  } catch {
    return null;
  }
}
