// What the SARIF writer needs beyond the report, worked out at the CLI's edge. Code scanning resolves an
// artifact URI from the repository root, so files are named relative to the enclosing git checkout (or
// `--sarif-root DIR`), recorded as the file:// URI of SRCROOT; `--docs-url` is where rule help links point.
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UsageError } from '../../discovery/target.js';
import type { ScanReport } from '../types.js';

export interface SarifOptions {
  /** Where artifact URIs resolve from; without one (an MCP reply) SRCROOT is the target's directory, with no URI. */
  root?: SarifRoot;
  /** Absolute http(s) URL of this SkillSpector version's files, without a trailing `/` (see parseDocsUrl). */
  docsUrl?: string;
}

export interface SarifRoot {
  /** file:// URI of the directory every artifact URI is relative to; ends in `/`. */
  uri: string;
  /** The target's own path under that directory, `/`-separated; '' when the target is that directory. */
  targetPath: string;
}

/** Version-control markers of a checkout root: `.git` is a directory, or a file in a worktree or submodule. */
const CHECKOUT_MARKER = '.git';

/** The nearest directory at or above `start` that holds `.git`; one stat per ancestor, no git binary. */
export function findCheckoutRoot(start: string): string | undefined {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(resolve(dir, CHECKOUT_MARKER))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function contains(root: string, path: string): string | undefined {
  const rel = relative(root, path);
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return rel.split(sep).join('/');
}

function directoryUri(dir: string): string {
  const href = pathToFileURL(dir).href;
  return href.endsWith('/') ? href : `${href}/`;
}

/**
 * The root for a local target: `explicitRoot` when given (it must contain the target), else the checkout
 * that holds the target, else the target directory itself (a file or archive target: its directory).
 */
export function sarifRootFor(target: string, isDirectory: boolean, explicitRoot?: string): SarifRoot {
  const absolute = resolve(target);
  const home = isDirectory ? absolute : dirname(absolute);
  const root = explicitRoot !== undefined ? resolve(explicitRoot) : (findCheckoutRoot(home) ?? home);
  const targetPath = contains(root, absolute);
  if (targetPath === undefined) {
    throw new UsageError(`--sarif-root ${JSON.stringify(explicitRoot)} does not contain the target ${JSON.stringify(target)}`);
  }
  return { uri: directoryUri(root), targetPath };
}

/** Characters a documentation URL never needs; they could break out of a Markdown link or a log line. */
const UNSAFE_URL_TEXT = /[\s<>"`\\\p{Cc}]/u;

/**
 * `--docs-url`: an absolute http(s) URL under which this version's `docs/RULES.md` and `README.md` are
 * browsable (for example a repository's tree at a release tag). Returned without a trailing `/`.
 */
export function parseDocsUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = UNSAFE_URL_TEXT.test(value) ? undefined : new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new UsageError(`--docs-url expects an absolute http(s) URL without query, fragment or credentials; got ${JSON.stringify(value)}`);
  }
  let href = url.href;
  while (href.endsWith('/')) href = href.slice(0, -1);
  return href;
}

export interface SarifFlags {
  sarifRoot?: string;
  docsUrl?: string;
}

/**
 * Checks `--sarif-root` and `--docs-url` before anything is scanned (a bad value exits 2 at once) and
 * returns what completes the options once the report says whether the target was a directory.
 */
export function prepareSarifOptions(target: string, flags: SarifFlags): (report: ScanReport) => SarifOptions {
  const docsUrl = flags.docsUrl !== undefined ? parseDocsUrl(flags.docsUrl) : undefined;
  if (flags.sarifRoot !== undefined) sarifRootFor(target, true, flags.sarifRoot);
  return (report) => ({
    root: sarifRootFor(target, report.metadata.target_kind === 'directory', flags.sarifRoot),
    ...(docsUrl !== undefined ? { docsUrl } : {}),
  });
}
