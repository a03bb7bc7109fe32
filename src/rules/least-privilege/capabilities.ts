// Capability categories seen in executable code, and how manifest declarations map onto them.
import { LineIndex } from '../../analysis/lines.js';
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
  const re = new RegExp(p.re.source, p.re.flags);
  for (let m = re.exec(file.text); m !== null; m = re.exec(file.text)) {
    if (m[0].length === 0) re.lastIndex += 1;
    const idx = index();
    const line = idx.lineOf(m.index);
    const start = idx.lineStart(line);
    if (COMMENT.test(file.text.slice(start, start + 200))) {
      // Skip the rest of a commented line so a long comment cannot cost one look-up per match.
      const nl = file.text.indexOf('\n', m.index);
      if (nl === -1) break;
      re.lastIndex = nl + 1;
      continue;
    }
    return { line, matched: m[0].trim().slice(0, 120) };
  }
  return null;
}

/** The first line showing each capability in one executable file. */
export function detectCapabilities(file: FileView): Detection[] {
  let idx: LineIndex | undefined;
  const index = (): LineIndex => (idx ??= new LineIndex(file.text));
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

const TOOL_CATEGORIES: Record<string, readonly Capability[]> = {
  bash: ['shell'], shell: ['shell'], terminal: ['shell'], execute: ['shell'], powershell: ['shell'],
  read: ['file_read'], glob: ['file_read'], grep: ['file_read'], ls: ['file_read'], view: ['file_read'], notebookread: ['file_read'],
  write: ['file_write'], edit: ['file_write'], multiedit: ['file_write'], notebookedit: ['file_write'],
  webfetch: ['network'], websearch: ['network'], fetch: ['network'],
  env: ['env'], mcp: ['mcp'],
};

/**
 * Categories an `allowed-tools` entry grants. Scripts run through the agent's shell tool, so an
 * unrestricted `Bash` also covers what any local process can do (files, environment); network and
 * MCP access still have to be declared.
 */
export function toolCategories(tool: string): Capability[] {
  const t = tool.trim();
  const name = (t.split('(')[0] ?? '').trim().toLowerCase();
  if (name.startsWith('mcp__')) return ['mcp'];
  const cats = [...(TOOL_CATEGORIES[name] ?? [])];
  const unrestricted = !t.includes('(') || /\(\s*\*?\s*\)$/.test(t) || /\(\s*\*\s*:?\s*\*?\s*\)$/.test(t);
  if (cats.includes('shell') && unrestricted) cats.push('file_read', 'file_write', 'env');
  return cats;
}

const WILDCARDS = new Set(['*', 'all', 'full', 'any', '*:*', 'all_access', 'full_access', 'all-access', 'full-access', 'unrestricted']);

export function isWildcard(entry: string): boolean {
  return WILDCARDS.has(entry.trim().toLowerCase());
}

const TEST_PATH = /(?:^|\/)(?:tests?|__tests__|spec|fixtures?|testdata)\/|(?:^|\/)test_[^/]*$|_test\.[a-z]+$|\.(?:test|spec)\.[a-z]+$/i;

export function isTestPath(path: string): boolean {
  return TEST_PATH.test(path);
}
