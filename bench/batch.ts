// `node --import tsx bench/batch.ts`: registry-scale throughput of `skillspector batch`. Generates a
// registry of small skills from pieces of the benign corpus (../shared/corpus/benign: Markdown, Python
// and shell files cut into excerpts, never whole skills copied), runs the CLI with --jobs 1 and 2, cold and
// warm cache, and prints skills/s, peak RSS (the batch is one process: its worker threads share it, so
// the process's maxRSS covers the whole tree) and where one skill's time goes (an instrumented in-process
// run of the scan stages on a sample). Measures only; nothing asserts a timing.
//   BATCH_SKILLS=n     skills to generate (default 2000)
//   BATCH_CLI=path     the CLI entry (default: dist/bundle/main.js, else dist/cli/main.js, after the build; else the sources via tsx)
//   BATCH_SAMPLE=n     skills in the instrumented stage split (default 200)
//   BATCH_SPLIT_ONLY=1 only the per-skill cost split and fixed costs (no CLI runs)
//   BATCH_NO_CACHE_ROW=1  also run without --cache (a cold cache is that plus hashing every skill)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildZip } from '../test/helpers/zip-builder.js';
import { seeded } from './prng.js';
import { CORPUS_ROOT } from './vocabulary.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');


interface Pools {
  md: string[];
  py: string[];
  sh: string[];
}

/** Source texts of the corpus by kind (bounded: at most 600 files of each, 64 KiB each). */
function corpusPools(): Pools {
  const pools: Pools = { md: [], py: [], sh: [] };
  const stack = [CORPUS_ROOT];
  while (stack.length > 0) {
    const dir = stack.pop() as string;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.isFile()) {
        const kind = e.name.endsWith('.md') ? 'md' : e.name.endsWith('.py') ? 'py' : e.name.endsWith('.sh') ? 'sh' : null;
        if (kind && pools[kind].length < 600 && statSync(p).size < 65_536) pools[kind].push(readFileSync(p, 'utf8'));
      }
    }
  }
  return pools;
}

/** A piece of one source: whole lines, 3–120 of them, from a random place. */
function excerpt(pool: readonly string[], r: () => number): string {
  const text = pool[Math.floor(r() * pool.length)] ?? '';
  const lines = text.split('\n');
  const start = Math.floor(r() * Math.max(1, lines.length - 3));
  const count = 3 + Math.floor(r() * 117);
  return `${lines.slice(start, start + count).join('\n')}\n`;
}

/** Writes `count` skills under `dir`: 1–40 files each (most have few), mostly Markdown, some scripts, a few ZIPs. */
export function generateRegistry(dir: string, count: number, seed = 15): { files: number; bytes: number; zips: number } {
  const pools = corpusPools();
  const r = seeded(seed).next;
  let files = 0;
  let bytes = 0;
  let zips = 0;
  for (let i = 0; i < count; i++) {
    const skill = join(dir, `skill-${String(i).padStart(5, '0')}`);
    mkdirSync(join(skill, 'docs'), { recursive: true });
    mkdirSync(join(skill, 'scripts'), { recursive: true });
    const put = (rel: string, body: string | Buffer): void => {
      writeFileSync(join(skill, rel), body);
      files++;
      bytes += Buffer.byteLength(body);
    };
    put('SKILL.md', `---\nname: skill-${i}\ndescription: generated benchmark skill ${i}\n---\n${excerpt(pools.md, r)}`);
    const extra = Math.floor(39 * r() ** 3);
    for (let f = 0; f < extra; f++) {
      const k = r();
      if (k < 0.8) put(`docs/page-${f}.md`, excerpt(pools.md, r));
      else if (k < 0.9) put(`scripts/tool-${f}.py`, excerpt(pools.py.length > 0 ? pools.py : pools.md, r));
      else put(`scripts/run-${f}.sh`, `#!/bin/sh\n${excerpt(pools.sh.length > 0 ? pools.sh : pools.md, r)}`);
    }
    if (r() < 0.01) {
      zips++;
      put('docs/bundle.zip', buildZip([{ name: 'notes.md', data: excerpt(pools.md, r) }, { name: 'helper.py', data: excerpt(pools.py, r) }]));
    }
  }
  return { files, bytes, zips };
}

/** The CLI entry to measure, and how it was chosen: the esbuild bundle when the build made one (what is installed). */
function cliEntry(): { args: string[]; label: string } {
  if (process.env.BATCH_CLI) return { args: [process.env.BATCH_CLI], label: process.env.BATCH_CLI };
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, encoding: 'utf8' });
  for (const rel of ['dist/bundle/main.js', 'dist/cli/main.js']) {
    if (build.status === 0 && existsSync(join(ROOT, rel))) return { args: [join(ROOT, rel)], label: `${rel} (built)` };
  }
  return { args: ['--import', 'tsx', join(ROOT, 'src/cli/main.ts')], label: `sources via tsx (build failed: ${(build.stderr || '').split('\n')[0] ?? ''})` };
}

/** Writes process.resourceUsage() at exit into the file named by the variable (all threads of the process). */
const RUSAGE = `data:text/javascript,${encodeURIComponent("import{writeFileSync}from'node:fs';const f=process.env.BATCH_RUSAGE;delete process.env.BATCH_RUSAGE;if(f)process.on('exit',()=>{const u=process.resourceUsage();writeFileSync(f,JSON.stringify({maxRssKb:u.maxRSS,cpuUs:u.userCPUTime+u.systemCPUTime}))});")}`;

interface RunResult {
  label: string;
  seconds: number;
  skillsPerSecond: number;
  peakRssMb: number;
  cpuSeconds: number;
  statuses: Record<string, number>;
}

function runBatchCli(cli: string[], registry: string, jobs: number, cache: string | undefined, label: string, skills: number): RunResult {
  const work = mkdtempSync(join(tmpdir(), 'skillspector-bench-run-'));
  const out = join(work, 'out.ndjson');
  const rusage = join(work, 'rusage.json');
  const args = ['--import', RUSAGE, ...cli, 'batch', registry, '--jobs', String(jobs), '--quiet', '-o', out, ...(cache ? ['--cache', cache] : [])];
  try {
    const started = performance.now();
    const r = spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, BATCH_RUSAGE: rusage, SKILLSPECTOR_PROVIDER: '' }, maxBuffer: 1 << 26 });
    const seconds = (performance.now() - started) / 1000;
    if (r.status === null || r.status > 2 || !existsSync(out)) throw new Error(`batch failed (${String(r.status)}): ${r.stderr}`);
    const statuses: Record<string, number> = {};
    const lines = readFileSync(out, 'utf8').split('\n').filter((l) => l !== '');
    for (const l of lines) {
      const s = (JSON.parse(l) as { status: string }).status;
      statuses[s] = (statuses[s] ?? 0) + 1;
    }
    if (lines.length !== skills) throw new Error(`expected ${skills} lines, got ${lines.length}`);
    const usage = JSON.parse(readFileSync(rusage, 'utf8')) as { maxRssKb: number; cpuUs: number };
    return { label, seconds, skillsPerSecond: skills / seconds, peakRssMb: usage.maxRssKb / 1024, cpuSeconds: usage.cpuUs / 1e6, statuses };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

interface StageSplit {
  sample: number;
  /** Mean milliseconds per skill. */
  inventory: number;
  parsers: number;
  rules: number;
  line: number;
  /** Mean CPU of the first skills a thread scans (code, patterns and grammars still compiling), ms. */
  warmUp: number;
  warmUpSkills: number;
  /** One worker thread's start-up (engine loaded, first answer), ms. */
  workerStart: number;
  /** A whole `batch` process on a one-skill registry, ms: process start, pool, one scan, exit. */
  processStart: number;
}

/** Where one skill's time goes: discovery+inventory (prepareScan), grammar loading, rules+report (finish). */
async function stageSplit(registry: string, sample: number, cli: string[]): Promise<StageSplit> {
  const { prepareScan, loadScanParsers, finishScanAsync } = await import('../src/engine/scan.js');
  const { lineOfReport } = await import('../src/batch/line.js');
  // As in a scan thread (src/batch/worker.ts): each rule regex compiled to optimised code at first use.
  const { setRegexWarmup } = await import('../src/analysis/kernel.js');
  setRegexWarmup(true);
  const all = readdirSync(registry).sort();
  const WARM_UP = Math.min(20, Math.floor(all.length / 4));
  const skills = all.slice(0, sample + WARM_UP);
  const t = { inventory: 0, parsers: 0, rules: 0, line: 0, warmUp: 0 };
  // CPU time of this thread's process, not wall time: other load on the machine does not inflate it.
  const cpu = (): number => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  for (const [i, s] of skills.entries()) {
    const a = cpu();
    const prepared = prepareScan({ target: join(registry, s) });
    const b = cpu();
    await loadScanParsers(prepared);
    const c = cpu();
    const { report } = await finishScanAsync(prepared);
    const d = cpu();
    JSON.stringify(lineOfReport(s, report, d - a));
    const e = cpu();
    // The first skills pay one-off costs (patterns compiled, modules and grammars loaded as new kinds of
    // file appear): left out, they are start-up.
    if (i < WARM_UP) {
      t.warmUp += e - a;
      continue;
    }
    t.inventory += b - a;
    t.parsers += c - b;
    t.rules += d - c;
    t.line += e - d;
  }
  skills.splice(0, WARM_UP);
  const n = Math.max(1, skills.length);
  // Worker start-up: a pool of one thread answering a ping (the engine is loaded by then).
  const { default: Tinypool } = await import('tinypool');
  const { workerFileUrl } = await import('../src/batch/pool.js');
  // The worker of the CLI being measured: the bundle's, tsc's dist, or the sources'.
  const entry = cli[cli.length - 1] ?? '';
  const file = entry.endsWith('.js') ? new URL(entry.includes('/bundle/') ? './worker.js' : '../batch/worker.js', pathToFileURL(entry)) : workerFileUrl();
  const api = import.meta.resolve('tsx/esm/api');
  const execArgv = file.pathname.endsWith('.ts') ? ['--import', `data:text/javascript,import{register}from${JSON.stringify(api)};register();`] : [];
  const w0 = performance.now();
  const pool = new Tinypool({ filename: file.href, minThreads: 1, maxThreads: 1, execArgv });
  await pool.run({ ping: true });
  const workerStart = performance.now() - w0;
  await pool.destroy();
  const one = mkdtempSync(join(tmpdir(), 'skillspector-bench-one-'));
  generateRegistry(one, 1, 99);
  const p0 = performance.now();
  spawnSync(process.execPath, [...cli, 'batch', one, '--jobs', '1', '--quiet'], { encoding: 'utf8' });
  const processStart = performance.now() - p0;
  rmSync(one, { recursive: true, force: true });
  return { sample: skills.length, inventory: t.inventory / n, parsers: t.parsers / n, rules: t.rules / n, line: t.line / n, warmUp: t.warmUp / Math.max(1, WARM_UP), warmUpSkills: WARM_UP, workerStart, processStart };
}

export async function benchBatch(): Promise<void> {
  const count = Math.max(1, Number(process.env.BATCH_SKILLS ?? 2000));
  const sample = Math.max(1, Number(process.env.BATCH_SAMPLE ?? 200));
  const base = mkdtempSync(join(tmpdir(), 'skillspector-bench-batch-'));
  const registry = join(base, 'registry');
  mkdirSync(registry);
  try {
    const g0 = performance.now();
    const made = generateRegistry(registry, count);
    const { args: cli, label } = cliEntry();
    console.log(`registry: ${count} skills, ${made.files} files, ${(made.bytes / 1e6).toFixed(1)} MB, ${made.zips} with a ZIP (generated in ${((performance.now() - g0) / 1000).toFixed(1)} s)`);
    console.log(`CLI: ${label}; node ${process.version}; ${availableParallelism()} cores, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
    const rows: RunResult[] = [];
    for (const jobs of process.env.BATCH_SPLIT_ONLY === '1' ? [] : [1, 2]) {
      const cache = join(base, `cache-${jobs}`);
      if (process.env.BATCH_NO_CACHE_ROW === '1') rows.push(runBatchCli(cli, registry, jobs, undefined, `--jobs ${jobs}, no cache`, count));
      rows.push(runBatchCli(cli, registry, jobs, cache, `--jobs ${jobs}, cold cache`, count));
      rows.push(runBatchCli(cli, registry, jobs, cache, `--jobs ${jobs}, warm cache`, count));
    }
    console.log('\n| run | wall s | skills/s | peak RSS MB | CPU s | lines |');
    console.log('|---|---:|---:|---:|---:|---|');
    for (const r of rows) {
      const st = Object.entries(r.statuses).map(([k, v]) => `${v} ${k}`).join(', ');
      console.log(`| ${r.label} | ${r.seconds.toFixed(1)} | ${r.skillsPerSecond.toFixed(1)} | ${r.peakRssMb.toFixed(0)} | ${r.cpuSeconds.toFixed(1)} | ${st} |`);
    }
    const split = await stageSplit(registry, sample, cli);
    console.log(`\nper-skill CPU cost, mean of ${split.sample} skills scanned in one thread after up to 20 warm-up skills, rule regexes warmed as in a scan thread (CPU ms): inventory ${split.inventory.toFixed(2)}, grammars ${split.parsers.toFixed(2)}, rules+report ${split.rules.toFixed(2)}, NDJSON line ${split.line.toFixed(3)}; total ${(split.inventory + split.parsers + split.rules + split.line).toFixed(2)} ms => at most ${(1000 / (split.inventory + split.parsers + split.rules + split.line)).toFixed(0)} skills/s per thread`);
    console.log(`fixed costs (ms): one worker thread's start-up (engine loaded) ${split.workerStart.toFixed(0)}; a whole batch process on a one-skill registry ${split.processStart.toFixed(0)}; each of a thread's first ${split.warmUpSkills} skills ${split.warmUp.toFixed(1)} (code, patterns and grammars still compiling; process CPU, so background compilation is included)`);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await benchBatch();
