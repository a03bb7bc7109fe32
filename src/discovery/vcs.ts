// Version-control metadata (.git/, .hg/, .svn/, and the `.git` file of a worktree or submodule) is a
// scope exclusion: object stores and git's stock `*.sample` hooks are not the skill. What can make the
// tool run a command stays in scope and is analysed like any file: git configuration (`core.fsmonitor`,
// `core.hooksPath`, `core.sshCommand`, filters, aliases) and active git hooks, in the repository and in
// submodule git directories (`.git/modules/…`), and Mercurial's `.hg/hgrc` (where its hooks live).
// Subversion working copies hold no client-side hooks.
import type { Artifact } from '../shared/artifact.js';
import { isExecutable } from './classify.js';

export const VCS_DIRECTORIES: ReadonlySet<string> = new Set(['.git', '.hg', '.svn']);
/** Files in a git directory that configure it (a submodule's or worktree's included). */
export const GIT_CONFIG_NAMES: ReadonlySet<string> = new Set(['config', 'config.worktree']);
/** Bulk data of a git directory: never holds configuration or hooks, so it is not even listed. */
export const GIT_DATA_DIRECTORIES: ReadonlySet<string> = new Set(['objects', 'refs', 'logs', 'lfs']);
/** Bytes read to judge a hook (a shebang or a binary executable magic). */
export const HOOK_PROBE_BYTES = 4;

/** Git runs a hook that is not a `*.sample` and is executable (mode bits, a shebang, binary magic, or an executable suffix). */
export function isActiveHook(name: string, bytes: Buffer | undefined, mode: number): boolean {
  return !name.endsWith('.sample') && isExecutable(name, bytes, mode);
}

export type VcsRole = 'config' | 'hook' | 'metadata';

/**
 * What a bundle path inside version-control metadata is (null when it is not inside any), judged from
 * the path alone: `hook` means a file directly in a git `hooks/` directory, still to be checked with
 * `isActiveHook`. Used for archive members, whose paths arrive complete.
 */
export function vcsRoleOf(path: string): VcsRole | null {
  const segments = path.split('/');
  const at = segments.findIndex((s, i) => (VCS_DIRECTORIES.has(s) && i < segments.length - 1) || (s === '.git' && i === segments.length - 1));
  if (at === -1) return null;
  const inside = segments.slice(at + 1);
  const name = inside[inside.length - 1] ?? '';
  if (segments[at] === '.svn' || inside.length === 0) return 'metadata';
  if (segments[at] === '.hg') return inside.length === 1 && name === 'hgrc' ? 'config' : 'metadata';
  if (inside.some((s) => GIT_DATA_DIRECTORIES.has(s))) return 'metadata';
  if (inside.length >= 2 && inside[inside.length - 2] === 'hooks') return 'hook';
  return GIT_CONFIG_NAMES.has(name) ? 'config' : 'metadata';
}

/** The VCS directory a path lies in (`sub/.git/`), for one scope row per directory. */
export function vcsDirectoryOf(path: string): string {
  const segments = path.split('/');
  const at = segments.findIndex((s) => VCS_DIRECTORIES.has(s));
  return at === segments.length - 1 ? path : `${segments.slice(0, at + 1).join('/')}/`;
}

/**
 * An artifact inside version-control metadata that is not configuration or an active hook. The disk walk
 * admits only those two; archive members (a zipped checkout) arrive with every path and are judged here.
 */
export function isVcsMetadata(artifact: Pick<Artifact, 'path' | 'bytes' | 'mode'>): boolean {
  const role = vcsRoleOf(artifact.path);
  if (role === null || role === 'config') return false;
  return role === 'metadata' || !isActiveHook(artifact.path.slice(artifact.path.lastIndexOf('/') + 1), artifact.bytes, artifact.mode);
}
