/**
 * Test-only helpers for end-to-end bundle tests.
 *
 *   makeBundle(files, dirs?) -> absolute path of a fresh temporary skill directory
 *     files: bundle-relative POSIX path -> content. Content is a string (UTF-8), a Buffer, a
 *            `{ data, mode }` object (mode applied with chmod after writing), or a link marker made
 *            with `symlink(target)`. Parent directories are created, including ones whose name ends
 *            in `!` (`tools!/run.sh`).
 *     dirs:  extra (possibly empty) directories to create.
 *   scanJson(target, options?) -> the engine's ScanReport, round-tripped through JSON so tests see
 *            exactly what `--format json` consumers see. Runs in-process; SC9 is always included.
 *   runCli(args, options?) -> { code, stdout, stderr } of `node --import tsx src/cli/main.ts ...args`
 *            (no build needed; bounded by a timeout). A child process costs a TypeScript start-up,
 *            so suites keep a few CLI runs and check other exit codes with `cliExitCode`.
 *   cliExitCode(report, gates?) -> the exit code the CLI would return for this report (the CLI's
 *            own `exitCodeFor`, in-process).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scan } from '../../src/engine/scan.js';
import type { ScanOptions } from '../../src/engine/scan.js';
import { exitCodeFor } from '../../src/cli/exit-codes.js';
import type { GateOptions } from '../../src/cli/exit-codes.js';
import type { ScanReport } from '../../src/report/types.js';
import { concealmentRules } from '../../src/rules/concealment/index.js';
import { RULES } from '../../src/rules/index.js';
import type { Rule } from '../../src/rules/types.js';

const SYMLINK = Symbol('symlink');

export interface SymlinkMarker {
  [SYMLINK]: true;
  target: string;
}

export type BundleEntry = string | Buffer | { data: string | Buffer; mode?: number } | SymlinkMarker;

/** Marks a bundle entry as a symbolic link pointing at `target` (relative or absolute). */
export function symlink(target: string): SymlinkMarker {
  return { [SYMLINK]: true, target };
}

function isSymlink(entry: BundleEntry): entry is SymlinkMarker {
  return typeof entry === 'object' && !Buffer.isBuffer(entry) && SYMLINK in entry;
}

const created: string[] = [];
process.once('exit', () => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary bundle directory, removed when the test process exits. */
export function makeBundle(files: Record<string, BundleEntry>, dirs: readonly string[] = []): string {
  const root = mkdtempSync(join(tmpdir(), 'skillspector-nested-'));
  created.push(root);
  for (const dir of dirs) mkdirSync(join(root, dir), { recursive: true });
  for (const [rel, entry] of Object.entries(files)) {
    const abs = join(root, rel);
    mkdirSync(dirname(abs), { recursive: true });
    if (isSymlink(entry)) symlinkSync(entry.target, abs);
    else if (typeof entry === 'string' || Buffer.isBuffer(entry)) writeFileSync(abs, entry);
    else {
      writeFileSync(abs, entry.data);
      if (entry.mode !== undefined) chmodSync(abs, entry.mode);
    }
  }
  return root;
}

/** Every shipped rule plus SC9, each id once. */
export function allRules(): readonly Rule[] {
  const byId = new Map<string, Rule>();
  for (const rule of [...RULES, ...concealmentRules]) if (!byId.has(rule.meta.id)) byId.set(rule.meta.id, rule);
  return [...byId.values()];
}

export function scanJson(target: string, options: Omit<ScanOptions, 'target'> = {}): ScanReport {
  const report = scan({ rules: allRules(), ...options, target });
  return JSON.parse(JSON.stringify(report)) as ScanReport;
}

export function cliExitCode(report: ScanReport, gates: Partial<GateOptions> = {}): 0 | 1 | 2 {
  return exitCodeFor(report, { failOnIncomplete: false, failOnFindings: false, ...gates });
}

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: readonly string[], options: { timeoutMs?: number; cwd?: string } = {}): CliRun {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'src/cli/main.ts'), ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 60_000,
    env: { ...process.env, NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** `scan --format json` through the CLI, with the report parsed. */
export function runCliJson(args: readonly string[]): CliRun & { report: ScanReport } {
  const run = runCli(['scan', '--format', 'json', ...args]);
  return { ...run, report: JSON.parse(run.stdout) as ScanReport };
}
