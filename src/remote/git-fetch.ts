// Fetches one commit of a git repository into memory (./mem-fs.ts) with isomorphic-git over the guarded
// HTTP plugin: depth 1 and a single branch or tag where the ref allows, no tags, no checkout. isomorphic-git
// runs no hooks and fetches no submodules or LFS objects; nothing it receives is ever executed.
import git from 'isomorphic-git';
import { fetchFailed, RemoteError } from './errors.js';
import { guardedGitHttp } from './git-http.js';
import type { FetchSession } from './guarded-get.js';
import { mib } from './limits.js';
import { MemoryFs } from './mem-fs.js';

export interface FetchedRepo {
  fs: MemoryFs;
  gitdir: string;
  /** The commit to scan. */
  commit: string;
  /** isomorphic-git's parsed-pack cache: without it every object read would reload the pack index. */
  cache: object;
}

/** The URL answered, but not as a git repository: the caller may try it as an archive download. */
export class NotGitRepository extends RemoteError {
}

const GITDIR = '/repo.git';
const FULL_SHA = /^[0-9a-f]{40}$/i;

export async function fetchRepo(session: FetchSession, url: string, ref: string | undefined): Promise<FetchedRepo> {
  // The pack and its index live in memory; twice the download cap leaves room for the index git builds.
  const fs = new MemoryFs(session.limits.bytes * 2);
  const http = guardedGitHttp(session);
  const cache = {};
  const sha = ref !== undefined && FULL_SHA.test(ref) ? ref.toLowerCase() : undefined;
  try {
    await git.init({ fs, dir: GITDIR, bare: true });
    await git.addRemote({ fs, gitdir: GITDIR, remote: 'origin', url });
    // A commit id cannot be asked for by id over smart HTTP. When a branch or tag points at it, that ref is
    // fetched at depth 1; otherwise the default branch's history (still under the byte cap) is searched.
    const tip = sha !== undefined ? await refAt(http, url, sha) : undefined;
    const bySha = sha !== undefined && tip === undefined;
    const named = tip ?? (sha === undefined ? ref : undefined);
    const result = await git.fetch({
      fs, cache, http, gitdir: GITDIR, remote: 'origin', singleBranch: true, tags: false,
      ...(bySha ? {} : { depth: 1 }),
      ...(named !== undefined ? { ref: named } : {}),
    });
    if (result.fetchHead === null) throw fetchFailed(session.given, 'the repository is empty');
    const commit = sha ?? (await peel(fs, cache, result.fetchHead));
    if (bySha && !(await isCommit(fs, cache, commit))) {
      throw fetchFailed(session.given, `commit ${commit} is not on the default branch's history (name a branch or tag that contains it)`);
    }
    return { fs, gitdir: GITDIR, commit, cache };
  } catch (err) {
    throw gitFailure(session, fs, err, ref);
  }
}

/** The branch or tag whose tip (or peeled tag) is `sha`, from the server's ref list; undefined when none is. */
async function refAt(http: ReturnType<typeof guardedGitHttp>, url: string, sha: string): Promise<string | undefined> {
  const refs = await git.listServerRefs({ http, url, protocolVersion: 1, peelTags: true });
  const hit = refs.find((r) => (r.oid === sha || r.peeled === sha) && (r.ref.startsWith('refs/heads/') || r.ref.startsWith('refs/tags/')));
  return hit?.ref;
}

async function isCommit(fs: MemoryFs, cache: object, oid: string): Promise<boolean> {
  try {
    await git.readCommit({ fs, cache, gitdir: GITDIR, oid });
    return true;
  } catch {
    return false;
  }
}

/** An annotated tag names a tag object: follow it to the commit (bounded: tags of tags are rare). */
async function peel(fs: MemoryFs, cache: object, oid: string): Promise<string> {
  let current = oid;
  for (let i = 0; i < 8; i += 1) {
    const obj = await git.readObject({ fs, cache, gitdir: GITDIR, oid: current, format: 'parsed' });
    if (obj.type === 'commit') return current;
    if (obj.type !== 'tag') throw new Error(`the ref names a ${obj.type}, not a commit`);
    current = (obj.object as { object: string }).object;
  }
  throw new Error('the ref is a chain of tags too long to follow');
}

function gitFailure(session: FetchSession, fs: MemoryFs, err: unknown, ref: string | undefined): RemoteError {
  if (err instanceof RemoteError) return err;
  if (fs.exceeded) return fetchFailed(session.given, `the repository exceeds the ${mib(session.limits.bytes)} limit`);
  const code = (err as { code?: unknown }).code;
  const message = err instanceof Error ? err.message : String(err);
  if (code === 'HttpError' || code === 'SmartHttpError' || code === 'EmptyServerResponseError' || code === 'ParseError') {
    return new NotGitRepository(`cannot fetch ${session.given}: not a git repository over smart HTTP (${oneLine(message)})`);
  }
  if (code === 'NotFoundError' && ref !== undefined) return fetchFailed(session.given, `no branch or tag named ${JSON.stringify(ref)}`);
  return fetchFailed(session.given, `git fetch failed (${oneLine(message)})`);
}

function oneLine(s: string): string {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
