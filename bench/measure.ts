// Whole-process measurement for the bench: wall time (taken here), user+sys CPU and peak RSS of the child
// (from /usr/bin/time when present, else from a preload that reports process.resourceUsage() at exit).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './vocabulary.js';

export interface Sample {
  wallMs: number;
  cpuMs: number;
  maxRssMb: number;
  status: number | null;
  stdout: string;
  stderr: string;
  /** Why the bench stopped the process (RSS cap or time-out), if it did. */
  killed?: string;
}

const GNU_TIME = '/usr/bin/time';
const PRELOAD = join(REPO_ROOT, 'bench/rusage-preload.mjs');
const useGnuTime = existsSync(GNU_TIME) && spawnSync(GNU_TIME, ['-f', '%M', 'true'], { encoding: 'utf8' }).status === 0;
export const RUSAGE_SOURCE = useGnuTime ? '/usr/bin/time (CPU of the process and its waited-for children; RSS of the largest process)' : 'process.resourceUsage() at exit (main process, all its threads)';
/** The machine is shared: a scan whose RSS passes this is killed, not left to push others into swap. */
export const RSS_CAP_MB = Number(process.env.BENCH_RSS_CAP_MB ?? 3_000);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 600) * 1000;

/** The process /usr/bin/time started (its only child), or `pid` itself without the wrapper. */
function measuredPid(pid: number): number | undefined {
  if (!useGnuTime) return pid;
  try {
    const child = Number(readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ')[0]);
    return Number.isInteger(child) && child > 0 ? child : undefined;
  } catch {
    return undefined;
  }
}

function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? 0 : Number(kb) / 1024;
  } catch {
    return 0;
  }
}

function parseUsage(text: string): { cpuMs: number; maxRssMb: number } {
  if (text === '') return { cpuMs: NaN, maxRssMb: NaN };
  if (useGnuTime) {
    const [u, s, m] = text.split(' ').map(Number);
    return { cpuMs: ((u ?? NaN) + (s ?? NaN)) * 1000, maxRssMb: (m ?? NaN) / 1024 };
  }
  const j = JSON.parse(text) as { userUs: number; sysUs: number; maxRssKb: number };
  return { cpuMs: (j.userUs + j.sysUs) / 1000, maxRssMb: j.maxRssKb / 1024 };
}

/** Runs `node ...args` once and measures it; kills it (by pid) past RSS_CAP_MB or the time-out. */
export async function runNode(args: readonly string[]): Promise<Sample> {
  const scratch = mkdtempSync(join(tmpdir(), 'skillspector-bench-rusage-'));
  const file = join(scratch, 'rusage');
  try {
    const cmd = useGnuTime ? GNU_TIME : process.execPath;
    const argv = useGnuTime ? ['-f', '%U %S %M', '-o', file, process.execPath, ...args] : ['--import', PRELOAD, ...args];
    const t = performance.now();
    const child = spawn(cmd, argv, { env: { ...process.env, BENCH_RUSAGE_FILE: file }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-20_000)));
    let killed: string | undefined;
    let peakSeen = 0;
    const watch = setInterval(() => {
      const pid = child.pid === undefined ? undefined : measuredPid(child.pid);
      if (pid === undefined) return;
      peakSeen = Math.max(peakSeen, rssMb(pid));
      const over = peakSeen > RSS_CAP_MB ? `RSS over ${RSS_CAP_MB} MB` : performance.now() - t > TIMEOUT_MS ? `over ${TIMEOUT_MS / 1000} s` : undefined;
      if (over !== undefined && killed === undefined) {
        killed = over;
        process.kill(pid, 'SIGKILL');
      }
    }, 100);
    const status = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    clearInterval(watch);
    const wallMs = performance.now() - t;
    const usage = parseUsage(existsSync(file) ? (readFileSync(file, 'utf8').trim().split('\n').pop() ?? '') : '');
    const maxRssMb = Number.isFinite(usage.maxRssMb) ? usage.maxRssMb : peakSeen;
    return { wallMs, cpuMs: usage.cpuMs, maxRssMb, status: killed === undefined ? status : null, stdout, stderr, killed };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
}

export interface Summary {
  wallMs: number;
  cpuMs: number;
  /** Highest peak RSS over the runs. */
  maxRssMb: number;
}

export function summarise(samples: readonly Sample[]): Summary {
  return { wallMs: median(samples.map((s) => s.wallMs)), cpuMs: median(samples.map((s) => s.cpuMs)), maxRssMb: Math.max(...samples.map((s) => s.maxRssMb)) };
}

/**
 * The CLI the package installs (package.json `bin`), so the bench follows a switch to a bundled entry;
 * BENCH_CLI overrides it (e.g. a build of another checkout, to compare before and after).
 */
export function cliPath(): string {
  if (process.env.BENCH_CLI !== undefined) return process.env.BENCH_CLI;
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { bin?: string | Record<string, string> };
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.skillspector;
  return join(REPO_ROOT, bin ?? 'dist/cli/main.js');
}

function newestUnder(dir: string): { path: string; mtimeMs: number } {
  let best = { path: dir, mtimeMs: statSync(dir).mtimeMs };
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    const cand = e.isDirectory() ? newestUnder(p) : { path: p, mtimeMs: statSync(p).mtimeMs };
    if (cand.mtimeMs > best.mtimeMs) best = cand;
  }
  return best;
}

/**
 * Whether dist/ was built from the current sources: the same rule as scripts/build.mjs (its stamp must be
 * newer than every file under src/ and the build configs). Returns a sentence for the bench header.
 */
export function distState(): { stale: boolean; text: string } {
  const cli = cliPath();
  if (process.env.BENCH_CLI !== undefined) return { stale: false, text: `not checked (BENCH_CLI=${cli})` };
  if (!existsSync(cli)) return { stale: true, text: `MISSING: ${cli} does not exist (run \`npm run build\`)` };
  const stampPath = join(REPO_ROOT, 'node_modules/.cache/skillspector/build-stamp');
  const built = existsSync(stampPath) ? statSync(stampPath).mtimeMs : statSync(cli).mtimeMs;
  const newest = newestUnder(join(REPO_ROOT, 'src'));
  for (const name of ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json']) {
    const p = join(REPO_ROOT, name);
    if (existsSync(p) && statSync(p).mtimeMs > newest.mtimeMs) newest.path = p;
    if (existsSync(p)) newest.mtimeMs = Math.max(newest.mtimeMs, statSync(p).mtimeMs);
  }
  const at = new Date(built).toISOString();
  if (newest.mtimeMs > built) return { stale: true, text: `STALE: built ${at}, but ${newest.path.slice(REPO_ROOT.length + 1)} is newer; the figures measure old code` };
  return { stale: false, text: `up to date (built ${at})` };
}

/** `npm run build` (a no-op when dist/ is current) unless BENCH_NO_BUILD=1. */
export function buildDist(): string {
  if (process.env.BENCH_NO_BUILD === '1' || process.env.BENCH_CLI !== undefined) return 'not built (BENCH_NO_BUILD or BENCH_CLI set)';
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts/build.mjs')], { cwd: REPO_ROOT, encoding: 'utf8' });
  return r.status === 0 ? 'build ok' : `build FAILED (status ${r.status}): ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`;
}
