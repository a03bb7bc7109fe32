// The one entry for adapters (CLI scan, batch, MCP): a local path passes straight through; a remote URL is
// fetched into a fresh temporary directory, handed over as a local path plus the ScanOptions that make the
// report name the URL (`skill.source`, `metadata.source`), and removed again whatever `use` does.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isOpenableContainerBytes } from '../container/openable.js';
import { UsageError } from '../discovery/target.js';
import type { ScanOptions } from '../engine/scan.js';
import type { RemoteSource } from '../model/remote-source.js';
import { fetchFailed } from './errors.js';
import { startTree, subdirSegments, writeCheckout } from './git-checkout.js';
import { fetchRepo, NotGitRepository } from './git-fetch.js';
import { guardedGet, newSession } from './guarded-get.js';
import type { FetchSession } from './guarded-get.js';
import { remoteLimits } from './limits.js';
import type { RemoteOptions } from './limits.js';
import { isRemoteTarget, parseRemoteTarget } from './url-kind.js';
import type { RemoteTarget } from './url-kind.js';

export type { RemoteLimits, RemoteOptions } from './limits.js';
export { isRemoteTarget } from './url-kind.js';

export interface LocalTarget {
  /** What to scan: the target itself, or the temporary copy of a remote one. */
  path: string;
  /** Merge into the ScanOptions of that scan (empty for a local target). */
  scanExtras: Partial<ScanOptions>;
}

export interface RemoteFetchOptions extends RemoteOptions {
  /** Where the temporary directory is made (default: the OS temp dir); tests check it is left empty. */
  tempDir?: string;
}

export async function withLocalTarget<T>(target: string, opts: RemoteFetchOptions, use: (t: LocalTarget) => Promise<T>): Promise<T> {
  if (!isRemoteTarget(target)) {
    if (opts.subdir !== undefined) throw new UsageError('--subdir applies to git repository URLs only; for a local target, scan the folder itself');
    return use({ path: target, scanExtras: {} });
  }
  const remote = parseRemoteTarget(target);
  const session = newSession(target, remoteLimits(opts), opts.allowPrivateNetwork === true);
  const temp = mkdtempSync(join(opts.tempDir ?? tmpdir(), 'skillspector-remote-'));
  try {
    const fetched = await fetchInto(remote, session, opts, temp);
    return await use({ path: fetched.path, scanExtras: { remote: fetched.source } });
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** A repository host's web page for a folder or file, not the repository itself. */
const BROWSE_PAGE = /\/(?:tree|blob|src)\//;

interface Fetched {
  path: string;
  source: RemoteSource;
}

async function fetchInto(remote: RemoteTarget, session: FetchSession, opts: RemoteOptions, temp: string): Promise<Fetched> {
  if (remote.kind === 'archive') return fetchArchive(remote, session, opts, temp);
  try {
    return await fetchGit(remote, session, opts, temp);
  } catch (err) {
    // Neither `.git` nor an archive suffix: a URL that is not a git repository may still serve an archive.
    if (remote.kind === 'unknown' && remote.ref === undefined && err instanceof NotGitRepository) {
      return fetchArchive({ ...remote, name: remote.name }, session, opts, temp, err.message);
    }
    throw err;
  }
}

async function fetchArchive(remote: RemoteTarget, session: FetchSession, opts: RemoteOptions, temp: string, notGit?: string): Promise<Fetched> {
  if (opts.subdir !== undefined) throw new UsageError('--subdir applies to git repository URLs only, not to archive downloads');
  const { body, sha256 } = await guardedGet(session, remote.url);
  if (!isOpenableContainerBytes(body)) {
    throw fetchFailed(remote.given, notGit !== undefined
      ? `it is neither a git repository nor a ZIP, tar or tar.gz archive${BROWSE_PAGE.test(remote.url) ? ' (for a folder of a repository, pass the repository URL and --subdir PATH)' : ''}`
      : 'the download is not a ZIP, tar or tar.gz archive');
  }
  const path = join(temp, remote.name);
  writeFileSync(path, body, { flag: 'wx', mode: 0o600 });
  return { path, source: { source: remote.given, metadata: { kind: 'url', url: remote.url, sha256 } } };
}

async function fetchGit(remote: RemoteTarget, session: FetchSession, opts: RemoteOptions, temp: string): Promise<Fetched> {
  const subdir = opts.subdir !== undefined ? subdirSegments(remote.given, opts.subdir) : [];
  const repo = await fetchRepo(session, remote.url, remote.ref);
  const tree = await startTree(repo, session, subdir);
  const path = join(temp, subdir.at(-1) ?? remote.name);
  mkdirSync(path, { mode: 0o700 });
  const checkout = await writeCheckout(repo, session, tree, path);
  return {
    path,
    source: {
      source: remote.given,
      metadata: { kind: 'git', url: remote.url, resolved_ref: repo.commit },
      ...(checkout.notRegular.length > 0 ? { notRegular: checkout.notRegular } : {}),
      ...(checkout.limitations.length > 0 ? { limitations: checkout.limitations } : {}),
    },
  };
}
