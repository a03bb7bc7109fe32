// Writes a small file tree into a fresh temporary directory for end-to-end tests.
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type TreeEntry = string | Buffer | { data: string | Buffer; mode?: number } | { symlink: string };

export function writeTree(files: Record<string, TreeEntry>, prefix = 'skillspector-'): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  for (const [rel, entry] of Object.entries(files)) {
    const abs = join(root, rel);
    mkdirSync(dirname(abs), { recursive: true });
    if (typeof entry === 'object' && 'symlink' in entry) {
      symlinkSync(entry.symlink, abs);
    } else if (typeof entry === 'string' || Buffer.isBuffer(entry)) {
      writeFileSync(abs, entry);
    } else {
      writeFileSync(abs, entry.data);
      if (entry.mode !== undefined) chmodSync(abs, entry.mode);
    }
  }
  return root;
}

/**
 * Writes one entry below `root` whose path components may be raw bytes, for names that are not valid
 * UTF-8 (Linux allows any byte but `/` and NUL). Missing parent directories are created.
 */
export function writeRawEntry(root: string, parts: readonly (string | Buffer)[], entry: TreeEntry): Buffer {
  let abs = Buffer.from(root);
  for (const [i, part] of parts.entries()) {
    abs = Buffer.concat([abs, Buffer.from('/'), Buffer.isBuffer(part) ? part : Buffer.from(part)]);
    if (i < parts.length - 1) mkdirSync(abs, { recursive: true });
  }
  if (typeof entry === 'object' && 'symlink' in entry) symlinkSync(entry.symlink, abs);
  else if (typeof entry === 'string' || Buffer.isBuffer(entry)) writeFileSync(abs, entry);
  else {
    writeFileSync(abs, entry.data);
    if (entry.mode !== undefined) chmodSync(abs, entry.mode);
  }
  return abs;
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI from source (no build needed) in a child process. */
/** A provider configured in the developer's shell must never see test content: blank counts as unset. */
const NO_PROVIDER = { SKILLSPECTOR_PROVIDER: '', SKILLSPECTOR_MODEL: '', SKILLSPECTOR_BASE_URL: '' };

export function cli(args: readonly string[], options: { cwd?: string; timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): CliResult {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/main.ts'), ...args], {
    cwd: options.cwd ?? ROOT,
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 60_000,
    env: { ...process.env, ...NO_PROVIDER, NO_COLOR: '1', ...options.env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/**
 * `cli` without blocking this process's event loop, for tests whose loopback servers (a fake LLM provider)
 * must keep answering while the CLI runs. Same environment rules as `cli`.
 */
export function cliAsync(args: readonly string[], env: NodeJS.ProcessEnv = {}, timeoutMs = 60_000): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/main.ts'), ...args], {
      cwd: ROOT, env: { ...process.env, ...NO_PROVIDER, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

export const REPO_ROOT = ROOT;
