// `node --import tsx bench/profile.ts <workload> [--bytes=N] [--files=N] [--seed=N] [--top=N]`: generates one
// bench workload (typical, bundle, zips, unicode, small), scans it once with the CLI under `--cpu-prof`, and
// prints the functions and source files with the most self time (every thread's profile summed), so that
// docs/PERFORMANCE.md can quote the top functions and their share before and after a change. It runs tsc's
// per-module build (dist/cli/main.js) rather than the bundled bin, so files name src/ modules; BENCH_CLI
// overrides. Self time is sampled wall time per thread: `(idle)` and `(garbage collector)` show up as rows.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliPath, runNode } from './measure.js';
import { REPO_ROOT } from './vocabulary.js';
import { WORKLOADS } from './workloads.js';
import type { WorkloadName, WorkloadOptions } from './workloads.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function where(url: string): string {
  if (url === '') return '(native)';
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const rel = path.startsWith(REPO_ROOT) ? relative(REPO_ROOT, path) : path;
  return rel.replace(/^dist\/(?!bundle\/)(.*)\.js$/, 'src/$1.ts'); // tsc output maps one-to-one onto src/
}

/** tsc's per-module output when present (one file per source module), else the installed bin. */
function profiledCli(): string {
  const perModule = join(REPO_ROOT, 'dist/cli/main.js');
  return process.env.BENCH_CLI ?? (existsSync(perModule) ? perModule : cliPath());
}

/** Self time in ms per function and per file, summed over every profile in `dir`. */
export function selfTimes(dir: string): { total: number; byFunction: Map<string, number>; byFile: Map<string, number> } {
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.cpuprofile'))) {
    const p = JSON.parse(readFileSync(join(dir, name), 'utf8')) as CpuProfile;
    const nodes = new Map(p.nodes.map((n) => [n.id, n]));
    p.samples.forEach((id, i) => {
      const ms = (p.timeDeltas[i] ?? 0) / 1000;
      const f = nodes.get(id)?.callFrame;
      if (f === undefined) return;
      const file = where(f.url);
      // Line numbers are those of the file that ran (for src/ names: tsc's output line, marked js:).
      const line = f.url === '' ? '' : `${file.startsWith('src/') ? ' js:' : ':'}${f.lineNumber + 1}`;
      const fn = `${f.functionName || '(anonymous)'}  ${file}${line}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
      byFile.set(file, (byFile.get(file) ?? 0) + ms);
      total += ms;
    });
  }
  return { total, byFunction, byFile };
}

function top(map: Map<string, number>, n: number, total: number): string[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, ms]) => `${ms.toFixed(0).padStart(8)} ms ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${k}`);
}

function option(name: string): number | undefined {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg === undefined ? undefined : Number(arg.slice(name.length + 3));
}

async function main(): Promise<void> {
  const name = process.argv[2] as WorkloadName | undefined;
  if (name === undefined || !(name in WORKLOADS)) {
    console.error(`usage: node --import tsx bench/profile.ts <${Object.keys(WORKLOADS).join('|')}> [--bytes=N] [--files=N] [--seed=N] [--top=N]`);
    process.exitCode = 2;
    return;
  }
  const opts: WorkloadOptions = { bytes: option('bytes'), files: option('files'), seed: option('seed') };
  const scratch = mkdtempSync(join(tmpdir(), 'skillspector-profile-'));
  try {
    const w = WORKLOADS[name](join(scratch, 'target'), opts);
    const profDir = join(scratch, 'prof');
    const s = await runNode(['--cpu-prof', `--cpu-prof-dir=${profDir}`, profiledCli(), 'scan', w.target, '-f', 'json', '-o', '/dev/null']);
    if (s.killed !== undefined) throw new Error(`scan killed by the bench: ${s.killed}`);
    if (s.status === null || s.status > 1) throw new Error(`scan failed (${s.status}): ${s.stderr.slice(-2_000)}`);
    const { total, byFunction, byFile } = selfTimes(profDir);
    const n = option('top') ?? 25;
    console.log(`CLI: ${relative(REPO_ROOT, profiledCli())} (dist/ paths shown as their src/ modules)`);
    console.log(`${name}: ${w.files} files, ${(w.bytes / 1e6).toFixed(1)} MB${w.members > 0 ? `, ${w.members} members` : ''}; wall ${s.wallMs.toFixed(0)} ms, CPU ${s.cpuMs.toFixed(0)} ms, peak RSS ${s.maxRssMb.toFixed(0)} MB; ${total.toFixed(0)} ms sampled`);
    console.log(`\nTop ${n} functions by self time:`);
    for (const line of top(byFunction, n, total)) console.log(line);
    console.log('\nTop files by self time:');
    for (const line of top(byFile, 15, total)) console.log(line);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
