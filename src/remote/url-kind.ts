// Which remote target a string names (CONTRACT §10): an archive URL by its path suffix, a git repository by
// `.git`, and anything else is tried as git first, then as an archive by its bytes (./with-target.ts).
import { refused } from './errors.js';

export type RemoteKind = 'archive' | 'git' | 'unknown';

export interface RemoteTarget {
  /** The target as given (`skill.source`). */
  given: string;
  /** The URL fetched: no fragment. */
  url: string;
  kind: RemoteKind;
  /** git: the branch, tag or commit after `#`. */
  ref?: string;
  /** A safe file or folder name for the temporary copy, so the report names what the URL names. */
  name: string;
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const SCP_LIKE = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:/;
const ARCHIVE_SUFFIX = /\.(?:zip|tar|tar\.gz|tgz)$/i;
/** What `git check-ref-format` would accept, minus the rarer corners: enough to name a branch, tag or SHA. */
const SAFE_REF = /^(?!-)(?!.*\.\.)(?!.*\/\/)(?!.*@\{)[A-Za-z0-9._/+-]{1,255}$/;

/** A URL-like target (any `scheme://`, or git's `user@host:path`): never a local path. */
export function isRemoteTarget(target: string): boolean {
  return (SCHEME.test(target) && !/^file:/i.test(target)) || SCP_LIKE.test(target);
}

export function parseRemoteTarget(given: string): RemoteTarget {
  if (SCP_LIKE.test(given) && !SCHEME.test(given)) throw refused(given, 'only https:// URLs can be scanned (ssh and scp-style git addresses are not supported)');
  let parsed: URL;
  try {
    parsed = new URL(given);
  } catch {
    throw refused(given, 'not a valid URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw refused(given, `only https:// URLs can be scanned, not ${parsed.protocol}//`);
  }
  if (parsed.username !== '' || parsed.password !== '') {
    throw refused(given, 'credentials in the URL are not supported (scan public repositories and archives only)');
  }
  const ref = refOf(given, parsed.hash);
  parsed.hash = '';
  const path = decodePath(parsed.pathname);
  const kind: RemoteKind = ARCHIVE_SUFFIX.test(path) ? 'archive' : /\.git\/?$/i.test(path) ? 'git' : 'unknown';
  // git appends `/info/refs` to the repository URL: a trailing slash would double it.
  if (kind !== 'archive' && parsed.pathname.length > 1) parsed.pathname = parsed.pathname.replace(/\/+$/, '');
  if (kind === 'archive' && ref !== undefined) throw refused(given, '#ref names a git branch, tag or commit; an archive URL takes none');
  return { given, url: parsed.href, kind, ...(ref !== undefined ? { ref } : {}), name: nameOf(path, kind) };
}

function refOf(given: string, hash: string): string | undefined {
  if (hash === '' || hash === '#') return undefined;
  let ref: string;
  try {
    ref = decodeURIComponent(hash.slice(1));
  } catch {
    throw refused(given, 'the #ref is not valid percent-encoding');
  }
  if (!SAFE_REF.test(ref) || ref.endsWith('/') || ref.endsWith('.lock') || ref.endsWith('.')) {
    throw refused(given, `${JSON.stringify(ref)} is not a usable git branch, tag or commit name`);
  }
  return ref;
}

function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The last path segment, reduced to characters safe in a file name; `.git` dropped from a repository name. */
export function nameOf(path: string, kind: RemoteKind): string {
  const last = path.split('/').filter((s) => s !== '').pop() ?? '';
  const bare = kind === 'archive' ? last : last.replace(/\.git$/i, '');
  const safe = bare.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '').slice(0, 100);
  if (safe === '') return kind === 'archive' ? 'download' : 'repository';
  return safe;
}
