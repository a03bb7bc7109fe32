// Which `scan_skill` targets a transport may scan (CONTRACT §8). Pure: a string in, a decision out.
//
// stdio serves one local user, so local paths are allowed (relative ones resolve against the server's
// working directory). Over HTTP the caller is whoever can reach the port, so no local target is ever
// accepted: absolute, relative, `~`, drive and UNC paths and `file://` URLs are all refused. Remote https
// URLs (archives and git repositories, CONTRACT §10) pass on every transport; src/remote/ fetches them and
// refuses plain http and private addresses itself (the MCP server never offers the allow option).
import { homedir } from 'node:os';
import { isAbsolute, join, posix, win32 } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TRANSPORTS = ['stdio', 'http'] as const;
export type McpTransport = (typeof TRANSPORTS)[number];

export interface TargetPolicy {
  /** stdio: true. HTTP: false (the default); true only for in-process tests. */
  allowLocalTargets: boolean;
}

/** What each transport accepts unless a test overrides it. */
export function defaultPolicy(transport: McpTransport): TargetPolicy {
  return { allowLocalTargets: transport === 'stdio' };
}

export type TargetClass = 'file-url' | 'remote-url' | 'unc' | 'drive' | 'home' | 'absolute' | 'relative';

export type TargetDecision =
  | { ok: true; /** The path handed to the engine, or the URL handed to src/remote/. */ path: string; remote?: true }
  | { ok: false; message: string };

const CONTROL = /[\u0000-\u001f\u007f]/;
const DRIVE = /^[A-Za-z]:/;
const UNC = /^(?:\\\\|\/\/|\\\/|\/\\)/;
const SCHEME_URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const SCP_LIKE = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:/;

/** Classifies a non-empty target string. Order matters: a UNC path is also POSIX-absolute. */
export function classifyTarget(target: string): TargetClass {
  if (/^file:/i.test(target)) return 'file-url';
  if (UNC.test(target)) return 'unc';
  if (DRIVE.test(target)) return 'drive';
  if (SCHEME_URL.test(target) || SCP_LIKE.test(target)) return 'remote-url';
  if (target.startsWith('~')) return 'home';
  if (isAbsolute(target) || posix.isAbsolute(target) || win32.isAbsolute(target)) return 'absolute';
  return 'relative';
}

const LOCAL_DESCRIPTION: Record<Exclude<TargetClass, 'remote-url'>, string> = {
  'file-url': 'a file:// URL',
  unc: 'a UNC network path',
  drive: 'a drive path',
  home: 'a home-directory (~) path',
  absolute: 'an absolute path',
  relative: 'a relative path',
};

function refuse(message: string): TargetDecision {
  return { ok: false, message };
}

function quote(target: string): string {
  const shown = target.length > 200 ? `${target.slice(0, 200)}…` : target;
  return JSON.stringify(shown);
}

/** `~` and `~/x` expand to the server user's home; `~other/x` is refused rather than guessed. */
function expandHome(target: string): TargetDecision {
  if (target === '~') return { ok: true, path: homedir() };
  if (target.startsWith('~/') || target.startsWith('~\\')) return { ok: true, path: join(homedir(), target.slice(2)) };
  return refuse(`target ${quote(target)} names another user's home directory; pass an explicit path instead.`);
}

function fromFileUrl(target: string): TargetDecision {
  try {
    return { ok: true, path: fileURLToPath(target) };
  } catch {
    return refuse(`target ${quote(target)} is not a usable local file:// URL; pass a plain path instead.`);
  }
}

export function checkTarget(raw: string, policy: TargetPolicy): TargetDecision {
  if (raw.trim() === '') return refuse('no target given: pass a skill directory, file or archive.');
  if (CONTROL.test(raw)) return refuse('target contains control characters; pass a plain path.');
  const target = raw;
  const kind = classifyTarget(target);
  if (kind === 'remote-url') return { ok: true, path: target, remote: true };
  if (!policy.allowLocalTargets) {
    return refuse(
      `local targets are disabled for the MCP HTTP transport (${quote(target)} is ${LOCAL_DESCRIPTION[kind]}); run \`skillspector mcp\` over stdio to scan local paths.`,
    );
  }
  if (kind === 'file-url') return fromFileUrl(target);
  if (kind === 'home') return expandHome(target);
  return { ok: true, path: target };
}
