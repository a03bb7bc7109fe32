// Capability categories seen in executable code, and how manifest declarations map onto them.
import { eachMatch } from '../../analysis/kernel.js';
import type { LineIndex } from '../../analysis/lines.js';
import { viewsOf } from '../../analysis/views.js';
import type { FileType } from '../../shared/types.js';
import type { FileView } from '../../model/bundle.js';

export const CAPABILITIES = ['shell', 'network', 'file_read', 'file_write', 'env', 'mcp'] as const;
export type Capability = (typeof CAPABILITIES)[number];

interface CapPattern {
  re: RegExp;
  /** Only for these file types (shell syntax would be noise in Python and vice versa). */
  types?: readonly FileType[];
}

const SHELLISH: readonly FileType[] = ['shell', 'powershell', 'batch', 'other'];

// One alternation per category keeps a file scan to a handful of passes. Every branch starts with a
// literal word, and gaps are bounded.
const PATTERNS: Record<Capability, readonly CapPattern[]> = {
  shell: [
    { re: /\bsubprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)\b|^[ \t]*(?:import|from)[ \t]+subprocess\b|\bos\.(?:system|popen|exec[lv]p?e?|spawn[lv]p?e?)[ \t]*\(|\bpty\.spawn\b|\bchild_process\b|\b(?:execSync|execFileSync|spawnSync)[ \t]*\(|\bBun\.spawn|\bDeno\.(?:run|Command)\b|\bRuntime\.getRuntime\(\)\.exec|\bexec\.Command\(|\bstd::process::Command\b|\bOpen3\.|\bKernel\.system\b|\b(?:shell_exec|proc_open|passthru)[ \t]*\(|\b(?:Start-Process|Invoke-Expression)\b/gm },
    { re: /\beval[ \t]+["'$]|\b(?:ba|z)?sh[ \t]+-c\b|\bxargs\b|\bsudo[ \t]/gm, types: SHELLISH },
  ],
  network: [
    { re: /^[ \t]*(?:import|from)[ \t]+(?:requests|httpx|aiohttp|urllib3?|http\.client|socket|websockets?|ftplib|smtplib|paramiko)\b|\burllib\.request\b|\brequests\.(?:get|post|put|delete|patch|head|request|Session)\b|\bsocket\.(?:socket|create_connection)\b|\bfetch[ \t]*\(|\bXMLHttpRequest\b|\baxios\b|\brequire\([ \t]*['"](?:node:)?(?:https?|net|tls|dgram|node-fetch|axios|got|undici|ws)['"]|\bfrom[ \t]+['"](?:node:)?(?:https?|net|tls|dgram|node-fetch|axios|got|undici|ws)['"]|\bnew[ \t]+WebSocket\(|\bhttps?\.(?:get|request)[ \t]*\(|\bNet::HTTP\b|"net\/http"|\breqwest::|\b(?:Invoke-WebRequest|Invoke-RestMethod)\b/gm },
    { re: /\b(?:curl|wget)[ \t]|\bnc[ \t]+-|\/dev\/tcp\/|\b(?:ssh|scp|rsync)[ \t]/gm, types: SHELLISH },
  ],
  file_read: [
    { re: /\.read_(?:text|bytes)[ \t]*\(|\bos\.(?:listdir|scandir|walk)\b|\bglob\.i?glob\b|\bfs(?:\.promises)?\.(?:readFile|readFileSync|readdir|readdirSync|createReadStream|opendir)\b|\bFile\.(?:read|readlines|foreach)\b|\b(?:os|ioutil)\.ReadFile\b|\bstd::fs::read|\bGet-Content\b|\bDir\.(?:glob|entries)\b/gm },
    { re: /(?<![\w.])open[ \t]*\((?![^)\n]{0,200}?,[ \t]*(?:mode[ \t]*=[ \t]*)?['"][rbt]*[wax+])/gm, types: ['python'] },
    { re: /\bcat[ \t]+[~/$."'\w]|\bfind[ \t]+[~/$."']/gm, types: SHELLISH },
  ],
  file_write: [
    { re: /\.write_(?:text|bytes)[ \t]*\(|\bshutil\.(?:copy\w{0,8}|move|rmtree|make_archive)\b|\bos\.(?:rename|replace|remove|unlink|mkdir|makedirs|rmdir|chmod)[ \t]*\(|\bfs(?:\.promises)?\.(?:writeFile|writeFileSync|appendFile|appendFileSync|mkdir|mkdirSync|rm|rmSync|unlink|unlinkSync|rename|renameSync|createWriteStream|copyFile)\b|\bFile\.(?:write|delete)\b|\bFileUtils\.|\bos\.(?:WriteFile|Create|Remove|RemoveAll|MkdirAll)\b|\bstd::fs::(?:write|create_dir|remove)|\b(?:Set-Content|Out-File|Remove-Item|New-Item)\b/gm },
    { re: /(?<![\w.])open[ \t]*\([^)\n]{0,200}?,[ \t]*(?:mode[ \t]*=[ \t]*)?['"][rbt]*[wax+]/gm, types: ['python'] },
    { re: /\brm[ \t]+-[a-zA-Z]*[rf]|\b(?:mkdir|tee|chmod|mv|cp)[ \t]|>>?[ \t]*(?!\/dev\/null|&)["']?[~$\w./]/gm, types: SHELLISH },
  ],
  env: [
    { re: /\bos\.environ\b|\bos\.getenv[ \t]*\(|\bprocess\.env\b|\bdotenv\b|\bENV\[|\bos\.(?:Getenv|LookupEnv)\b|\bstd::env::var|\$env:|\bgetenv[ \t]*\(|\b(?:Deno|Bun)\.env\b|\bSystem\.getenv\b/gm },
    { re: /\bprintenv\b/gm, types: SHELLISH },
  ],
  mcp: [
    { re: /^[ \t]*(?:from|import)[ \t]+mcp\b|\bmcp\.client\b|\bClientSession\b|\bstdio_client\b|\bMCPClient\b|@modelcontextprotocol\/sdk|\bmcp__\w|\bFastMCP\b/gm },
  ],
};

export interface Detection {
  capability: Capability;
  file: string;
  line: number;
  matched: string;
}

const COMMENT = /^[ \t]*(?:#(?!!)|\/\/|\/\*|\*|--|REM\b|::)/i;

function firstMatch(file: FileView, p: CapPattern, index: () => LineIndex): Omit<Detection, 'capability' | 'file'> | null {
  if (p.types && !p.types.includes(file.type)) return null;
  let found: Omit<Detection, 'capability' | 'file'> | null = null;
  eachMatch(file.text, p.re, (m) => {
    const idx = index();
    const line = idx.lineOf(m.index);
    const start = idx.lineStart(line);
    if (COMMENT.test(file.text.slice(start, start + 200))) {
      // Skip the rest of a commented line so a long comment cannot cost one look-up per match.
      const nl = file.text.indexOf('\n', m.index);
      return nl === -1 ? false : nl + 1;
    }
    found = { line, matched: m[0].trim().slice(0, 120) };
    return false;
  });
  return found;
}

/** The first line showing each capability in one executable file. */
export function detectCapabilities(file: FileView): Detection[] {
  let idx: LineIndex | undefined;
  const index = (): LineIndex => (idx ??= viewsOf(file.text).raw.index);
  const out: Detection[] = [];
  for (const cap of CAPABILITIES) {
    let best: Omit<Detection, 'capability' | 'file'> | null = null;
    for (const p of PATTERNS[cap]) {
      const hit = firstMatch(file, p, index);
      if (hit && (!best || hit.line < best.line)) best = hit;
    }
    if (best) out.push({ capability: cap, file: file.path, ...best });
  }
  return out;
}

// A write whose target is outside the skill and the working tree: the home directory, shell start-up
// files, system directories. Write and path on one line, in either order, with a bounded gap.
const WRITE_VERB = String.raw`(?:\.write_(?:text|bytes)\b|(?<![\w.])open[ \t]*\([^\n]{0,200}?,[ \t]*(?:mode[ \t]*=[ \t]*)?["'][rbt]*[wax+]|\bfs(?:\.promises)?\.(?:writeFile|appendFile|copyFile|rename|mkdir|createWriteStream|symlink)\w*|\bshutil\.(?:copy\w{0,8}|move)\b|\b(?:cp|mv|tee|ln|install)[ \t]+|>>?[ \t]*["']?(?=[~$/%])|\b(?:Set-Content|Add-Content|Out-File|Copy-Item|New-Item)\b)`;
const OUTSIDE_PATH = String.raw`(?:~\/|\$\{?HOME\}?\/|\bexpanduser[ \t]*\(|\bPath\.home[ \t]*\(|\bos\.homedir[ \t]*\(|\$env:(?:USERPROFILE|APPDATA|HOME)\b|%(?:USERPROFILE|APPDATA)%|(?<![\w.~-])\/(?:etc|usr\/local|usr\/lib|Library|System)\/)`;
const WRITE_RE = new RegExp(WRITE_VERB, 'g');
const OUTSIDE_RE = new RegExp(OUTSIDE_PATH);
/** Characters of a line examined for an outside path once a write is seen on it. */
const LINE_WINDOW = 2_000;

/**
 * The first line of one executable file that writes outside the skill (home, shell rc files, system
 * paths): a line with a write (`open(…, "w")`, `>>`, `cp`, `fs.writeFile` …) and an outside path. Each
 * line is examined at most once, so the scan is linear.
 */
export function detectOutsideWrite(file: FileView): Detection | null {
  const text = file.text;
  let idx: LineIndex | undefined;
  const index = (): LineIndex => (idx ??= viewsOf(text).raw.index);
  const re = new RegExp(WRITE_RE.source, 'g');
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0].length === 0) re.lastIndex += 1;
    const line = index().lineOf(m.index);
    const start = index().lineStart(line);
    const nl = text.indexOf('\n', m.index);
    const end = nl === -1 ? text.length : nl;
    const window = text.slice(start, Math.min(end, start + LINE_WINDOW));
    if (!COMMENT.test(window.slice(0, 200))) {
      const o = OUTSIDE_RE.exec(window);
      if (o) return { capability: 'file_write', file: file.path, line, matched: window.trim().slice(0, 120) };
    }
    if (nl === -1) break;
    re.lastIndex = nl + 1;
  }
  return null;
}

const PERMISSION_WORDS: Record<string, readonly Capability[]> = {
  bash: ['shell'], shell: ['shell'], terminal: ['shell'], command: ['shell'], commands: ['shell'], exec: ['shell'],
  execute: ['shell'], subprocess: ['shell'], process: ['shell'], cmd: ['shell'],
  network: ['network'], net: ['network'], http: ['network'], https: ['network'], fetch: ['network'], api: ['network'],
  internet: ['network'], web: ['network'], webfetch: ['network'], socket: ['network'], outbound: ['network'], egress: ['network'],
  read: ['file_read'], glob: ['file_read'], grep: ['file_read'],
  write: ['file_write'], edit: ['file_write'], delete: ['file_write'],
  fs: ['file_read', 'file_write'], filesystem: ['file_read', 'file_write'], file: ['file_read', 'file_write'], files: ['file_read', 'file_write'],
  env: ['env'], environment: ['env'], envvars: ['env'],
  mcp: ['mcp'], tools: ['mcp'],
};

/** Categories a `permissions` entry grants; `fs:read` grants reading only. */
export function permissionCategories(perm: string): Capability[] {
  const words = perm.slice(0, 256).toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).slice(0, 16);
  const cats = new Set<Capability>();
  for (const w of words) for (const c of PERMISSION_WORDS[w] ?? []) cats.add(c);
  if (cats.has('file_read') && cats.has('file_write') && words.includes('read') && !words.includes('write')) cats.delete('file_write');
  if (cats.has('file_read') && cats.has('file_write') && words.includes('write') && !words.includes('read')) cats.delete('file_read');
  return [...cats];
}

// Tool names as Claude Code and other agents spell them, compared without case, `_` or `-`
// (`WebFetch`, `web_fetch`, `web-fetch`). Tools with no capability of their own (Task, Agent,
// AskUserQuestion, Skill, TodoWrite, LSP …) map to nothing.
const TOOL_CATEGORIES: Record<string, readonly Capability[]> = {
  read: ['file_read'], glob: ['file_read'], grep: ['file_read'], ls: ['file_read'], view: ['file_read'], notebookread: ['file_read'],
  readfile: ['file_read'], listdirectory: ['file_read'], searchfiles: ['file_read'],
  write: ['file_write'], edit: ['file_write'], multiedit: ['file_write'], notebookedit: ['file_write'], writefile: ['file_write'],
  replace: ['file_write'],
  webfetch: ['network'], websearch: ['network'], fetch: ['network'], googlewebsearch: ['network'],
  env: ['env'], mcp: ['mcp'],
};

/** Tools that run commands: `Bash`, `Shell`, `PowerShell`, a terminal, `run_shell_command`. */
const SHELL_TOOLS: ReadonlySet<string> = new Set(['bash', 'shell', 'terminal', 'execute', 'powershell', 'runshellcommand', 'cmd', 'exec']);

/** What a process started by the agent's shell can do: everything local, and the network. */
const ANY_PROCESS: readonly Capability[] = ['shell', 'file_read', 'file_write', 'env', 'network'];

/**
 * Commands that run arbitrary code (interpreters, package runners, build runners): a shell entry scoped
 * to one of them, `Bash(node *)`, `Bash(python3:*)`, `Bash(npx …)`, can run the skill's scripts and
 * grants what they do.
 */
const CODE_RUNNERS: ReadonlySet<string> = new Set([
  'node', 'nodejs', 'deno', 'bun', 'bunx', 'tsx', 'ts-node', 'npx', 'npm', 'pnpm', 'pnpx', 'yarn',
  'python', 'python3', 'py', 'uv', 'uvx', 'pipx', 'poetry', 'pdm', 'hatch',
  'bash', 'sh', 'zsh', 'dash', 'fish', 'pwsh', 'powershell', 'ruby', 'bundle', 'perl', 'php', 'go', 'cargo',
  'java', 'dotnet', 'make', 'just', 'env', 'xargs', 'sudo',
]);

/** Commands whose own job is to reach the network: a shell entry scoped to them grants network too. */
const NETWORK_COMMANDS: ReadonlySet<string> = new Set([
  'curl', 'wget', 'http', 'https', 'xh', 'gh', 'git', 'ssh', 'scp', 'sftp', 'rsync', 'nc', 'ncat', 'aws', 'gcloud', 'gsutil', 'az',
  'kubectl', 'helm', 'docker', 'podman',
]);

const normalName = (s: string): string => s.toLowerCase().replace(/[_\s-]+/g, '');

/** The command a scoped shell entry allows: the first word of `node *`, `git:*`, `{baseDir}/scan.sh:*`. */
function scopedCommand(scope: string): string {
  const first = scope.trim().split(/[\s:]/, 1)[0] ?? '';
  return first.replace(/^["'`]+|["'`]+$/g, '');
}

/**
 * Categories an `allowed-tools` entry grants (src/discovery/manifest.ts splits the declaration into
 * entries). Scripts run through the agent's shell tool, so a shell entry that can run them grants what
 * any local process can do: commands, files, environment and the network (`curl` is a shell command;
 * WebFetch is the agent's own fetch tool, not a script's). That holds for an unrestricted `Bash`, and for
 * a scope that runs an interpreter or package runner (`Bash(node *)`, `Bash(python3:*)`) or a script path
 * (`Bash(scripts/run.sh)`). A scope limited to another command (`Bash(git:*)`, `Bash(stripe *)`) grants
 * running that command only, plus the network when that command's job is networking (curl, git, gh …).
 * MCP entries (`mcp__server__tool`, `mcp_server*`, `server*:*`) grant MCP; MCP clients in scripts are
 * covered only by MCP entries.
 */
export function toolCategories(tool: string): Capability[] {
  const t = tool.trim().slice(0, 512);
  const open = t.indexOf('(');
  const rawName = (open === -1 ? t : t.slice(0, open)).trim();
  const name = normalName(rawName);
  if (/^mcp_/i.test(rawName) || (open === -1 && /^[\w.*-]{1,80}:[\w.*-]{0,80}$/.test(rawName))) return ['mcp'];
  if (SHELL_TOOLS.has(name)) {
    const close = t.lastIndexOf(')');
    const scope = open === -1 ? '' : t.slice(open + 1, close > open ? close : t.length).trim();
    if (scope === '' || /^\*?\s*:?\s*\*?$/.test(scope)) return [...ANY_PROCESS];
    const cmd = scopedCommand(scope);
    const base = (cmd.split('/').pop() ?? cmd).toLowerCase();
    if (CODE_RUNNERS.has(base) || cmd.includes('/') || /\.(?:sh|bash|py|js|mjs|cjs|ts|rb|pl|ps1)$/i.test(cmd)) return [...ANY_PROCESS];
    return NETWORK_COMMANDS.has(base) ? ['shell', 'network'] : ['shell'];
  }
  return [...(TOOL_CATEGORIES[name] ?? [])];
}

const WILDCARDS = new Set(['*', 'all', 'full', 'any', '*:*', 'all_access', 'full_access', 'all-access', 'full-access', 'unrestricted']);

export function isWildcard(entry: string): boolean {
  return WILDCARDS.has(entry.trim().toLowerCase());
}

const TEST_PATH = /(?:^|\/)(?:tests?|__tests__|spec|fixtures?|testdata)\/|(?:^|\/)test_[^/]*$|_test\.[a-z]+$|\.(?:test|spec)\.[a-z]+$/i;

export function isTestPath(path: string): boolean {
  return TEST_PATH.test(path);
}
