// A git smart-HTTP server for remote-target tests: a tiny node:http server on 127.0.0.1 that runs
// `git http-backend` as CGI over bare repositories the test builds with the real git CLI. Tests skip with
// a clear message when git is missing (`gitAvailable()`); always `await server.close()`.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';

export function gitAvailable(): boolean {
  return spawnSync('git', ['--version'], { encoding: 'utf8' }).status === 0;
}

export const GIT_MISSING = 'git CLI not found on PATH: the git smart-HTTP tests need it';

/** Environment for the git CLI that ignores the developer's own config and hooks. */
const GIT_ENV = {
  GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 't@example.test',
  GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 't@example.test', GIT_TERMINAL_PROMPT: '0',
};

export type RepoFile = string | Buffer | { symlink: string } | { data: string; executable: true };

/** One working tree being built: write files, commit, tag, branch. */
export class RepoBuilder {
  /** Submodule links to stage again after `add -A` (which drops them: their folders do not exist). */
  private readonly links = new Map<string, string>();

  constructor(readonly work: string) {}

  git(...args: string[]): string {
    return this.gitWithInput('', ...args);
  }

  /** `git` with text on stdin (`hash-object --stdin`, `mktree`). */
  gitWithInput(input: string, ...args: string[]): string {
    const r = spawnSync('git', args, { cwd: this.work, encoding: 'utf8', input, env: { ...process.env, ...GIT_ENV } });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr}`);
    return r.stdout.trim();
  }

  write(files: Record<string, RepoFile>): this {
    for (const [rel, entry] of Object.entries(files)) {
      const abs = join(this.work, rel);
      mkdirSync(dirname(abs), { recursive: true });
      rmSync(abs, { force: true });
      if (typeof entry === 'object' && 'symlink' in entry) symlinkSync(entry.symlink, abs);
      else if (typeof entry === 'object' && 'executable' in entry) writeFileSync(abs, entry.data, { mode: 0o755 });
      else writeFileSync(abs, entry);
    }
    return this;
  }

  /** Commits everything in the working tree; returns the commit id. */
  commit(message: string): string {
    this.git('add', '-A');
    for (const [path, sha] of this.links) this.git('update-index', '--add', '--cacheinfo', `160000,${sha},${path}`);
    this.git('commit', '-q', '--no-verify', '-m', message);
    return this.git('rev-parse', 'HEAD');
  }

  /**
   * Points `main` at a commit whose root tree lists `entries` verbatim (`name` → blob text): names git would
   * never write itself (`..`, duplicates) are how a hostile server could forge one.
   */
  forgeTree(entries: readonly [string, string][]): string {
    const lines = entries.map(([name, text]) => `100644 blob ${this.gitWithInput(text, 'hash-object', '-w', '--stdin')}\t${name}\n`).join('');
    const tree = this.gitWithInput(lines, 'mktree');
    const commit = this.gitWithInput('forged\n', 'commit-tree', tree);
    this.git('update-ref', 'refs/heads/main', commit);
    return commit;
  }

  /** Adds a submodule link (mode 160000) pointing at `sha` without fetching anything. */
  gitlink(path: string, sha: string): this {
    this.links.set(path, sha);
    return this;
  }
}

/** Builds `<root>/<name>.git` (bare) from a working tree on branch `main`. */
export function makeBareRepo(root: string, name: string, build: (repo: RepoBuilder) => void): string {
  const work = join(root, `work-${name}`);
  mkdirSync(work, { recursive: true });
  const repo = new RepoBuilder(work);
  repo.git('init', '-q', '-b', 'main');
  build(repo);
  const bare = join(root, `${name}.git`);
  const r = spawnSync('git', ['clone', '-q', '--bare', work, bare], { encoding: 'utf8', env: { ...process.env, ...GIT_ENV } });
  if (r.status !== 0) throw new Error(`git clone --bare failed: ${r.stderr}`);
  return bare;
}

export interface GitServer {
  /** `http://127.0.0.1:PORT/<name>.git` */
  url(name: string): string;
  base: string;
  close(): Promise<void>;
}

/** Serves every bare repository under `root` read-only over smart HTTP. */
export async function startGitServer(root: string): Promise<GitServer> {
  const children = new Set<ChildProcess>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const child = spawn('git', ['http-backend'], {
      env: {
        ...process.env, ...GIT_ENV, GIT_PROJECT_ROOT: root, GIT_HTTP_EXPORT_ALL: '1', PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.replace(/^\?/, ''), REQUEST_METHOD: req.method ?? 'GET', CONTENT_TYPE: req.headers['content-type'] ?? '',
        REMOTE_ADDR: '127.0.0.1', GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
        ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) } : {}),
      },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    children.add(child);
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.on('close', () => {
      children.delete(child);
      const all = Buffer.concat(out);
      const sep = all.indexOf('\r\n\r\n') !== -1 ? '\r\n\r\n' : '\n\n';
      const end = all.indexOf(sep);
      if (end === -1) return void res.writeHead(500).end('bad CGI output');
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of all.subarray(0, end).toString('latin1').split(/\r?\n/)) {
        const colon = line.indexOf(':');
        if (colon === -1) continue;
        const key = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (key.toLowerCase() === 'status') status = parseInt(value, 10);
        else headers[key] = value;
      }
      res.writeHead(status, headers).end(all.subarray(end + sep.length));
    });
    child.stdin.on('error', () => undefined);
    req.pipe(child.stdin);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    url: (name) => `${base}/${name}.git`,
    close: () => new Promise<void>((resolve) => {
      for (const c of children) c.kill('SIGKILL');
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
