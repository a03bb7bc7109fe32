// `npm run bench`: the CLI as a whole process on realistic generated workloads (bench/workloads.ts), each
// beside its floor measured in the same run: a bare Node process that only reads the same files (and
// inflates every ZIP member). Benchmarks measure; tests check behaviour. Nothing here asserts a timing.
//   BENCH_RUNS=n      timed runs per figure (median; default 5), after one untimed check run
//   BENCH_ONLY=a,b    only these workloads (typical, bundle, zips, unicode, startup)
//   BENCH_NO_BUILD=1  do not run `npm run build` first (a stale dist/ is reported either way)
//   BENCH_CLI=path    measure this CLI entry instead of package.json's bin (e.g. another checkout's build)
//   BENCH_MAX_CASE_S  stop repeating a workload after this many seconds of scans (default 150)
//   BENCH_RSS_CAP_MB  kill a scan whose RSS passes this (default 3000; the machine may be shared)
//   BENCH_EXTRA=1     also the in-process rows: container stage, hostile archives (bench/nested.ts), behaviour share
//   BENCH_SKIP_BATCH=1  skip bench/batch.ts (run after the table when that file exists)
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDist, cliPath, distState, RSS_CAP_MB, runNode, RUSAGE_SOURCE, summarise } from './measure.js';
import type { Sample, Summary } from './measure.js';
import { bigBundle, smallSkill, typicalSkill, unicodeFile, zipBundle } from './workloads.js';
import type { Workload } from './workloads.js';
import { REPO_ROOT, vocabulary } from './vocabulary.js';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const FLOOR = join(REPO_ROOT, 'bench/floor.mjs');
const CLI = cliPath();
const RSS_GOAL_MB = 300;
/** Stop repeating a workload once its scans have taken this long (the first timed run always happens). */
const MAX_CASE_MS = Number(process.env.BENCH_MAX_CASE_S ?? 150) * 1000;

interface Row {
  name: string;
  size: string;
  scan: Summary;
  floor: Summary;
  /** Bytes the scanner analyses: plain files plus inflated members (from the floor). */
  contentBytes: number;
  /** Timed runs behind the medians (fewer than BENCH_RUNS when a workload is slow, see BENCH_MAX_CASE_S). */
  runs: number;
  goal: string;
  met: boolean;
  detail: string;
}

interface Case {
  key: string;
  name: string;
  make: (dir: string) => Workload;
  goal: string;
  meets: (scan: Summary, ratio: number, mbps: number) => boolean;
}

const CASES: Case[] = [
  { key: 'typical', name: 'typical skill (60 files, .docx/.xlsx)', make: typicalSkill, goal: '≤3× floor', meets: (_s, r) => r <= 3 },
  { key: 'bundle', name: '5,000-file bundle', make: bigBundle, goal: '≤6× floor, ≥45 MB/s', meets: (_s, r, mbps) => r <= 6 && mbps >= 45 },
  { key: 'zips', name: '4 ZIPs, 1,000 members (nested)', make: zipBundle, goal: '≤6× floor', meets: (_s, r) => r <= 6 },
  { key: 'unicode', name: '16 MB mixed-script Unicode file', make: unicodeFile, goal: '≤2 s, ≤200 MB', meets: (s) => s.wallMs <= 2_000 && s.maxRssMb <= 200 },
];

const scanArgs = (target: string, out: string): string[] => [CLI, 'scan', target, '-f', 'json', '-o', out];

function ok(s: Sample, what: string): Sample {
  if (s.killed === undefined && (s.status === null || s.status > 1)) throw new Error(`${what} failed (status ${s.status}): ${s.stderr.trim().slice(-2_000)}`);
  return s;
}

/** One untimed scan into a file: says whether the workload was analysed whole (a budget hit would flatter). */
async function checkRun(target: string, scratch: string): Promise<{ sample: Sample; detail: string }> {
  const out = join(scratch, 'report.json');
  const sample = ok(await runNode(scanArgs(target, out)), 'check scan');
  if (sample.killed !== undefined) return { sample, detail: `scan KILLED by the bench: ${sample.killed} after ${(sample.wallMs / 1000).toFixed(1)} s` };
  const r = JSON.parse(readFileSync(out, 'utf8')) as { issues: unknown[]; analysis_completeness: { status: string; ledger_exceptions: { reason_code: string; path?: string; message?: string }[] } };
  const byReason = new Map<string, { n: number; first: string }>();
  for (const e of r.analysis_completeness.ledger_exceptions) {
    const seen = byReason.get(e.reason_code);
    if (seen !== undefined) seen.n += 1;
    else byReason.set(e.reason_code, { n: 1, first: `${e.path ?? ''}: ${(e.message ?? '').slice(0, 120)}` });
  }
  const reasons = [...byReason.entries()].sort().map(([code, { n, first }]) => `${code} ×${n} (first: ${first})`);
  return { sample, detail: `check scan ${r.analysis_completeness.status}, ${r.issues.length} issues${reasons.length > 0 ? `; exceptions: ${reasons.join('; ')}` : ''}` };
}

async function benchCase(c: Case): Promise<Row> {
  const scratch = mkdtempSync(join(tmpdir(), `skillspector-bench-${c.key}-`));
  try {
    const w = c.make(join(scratch, 'target'));
    const size = `${w.files} files, ${(w.bytes / 1e6).toFixed(1)} MB${w.members > 0 ? `; ${w.members} members, ${(w.memberBytes / 1e6).toFixed(1)} MB expanded` : ''}`;
    const check = await checkRun(w.target, scratch);
    const floorOut = JSON.parse(ok(await runNode([FLOOR, w.target]), 'floor').stdout) as { contentBytes: number };
    const scans: Sample[] = [];
    const floors: Sample[] = [];
    if (check.sample.killed !== undefined) scans.push(check.sample); // not repeated: one such run is enough
    let spent = check.sample.wallMs;
    for (let i = 0; i < RUNS && check.sample.killed === undefined && (i === 0 || spent < MAX_CASE_MS); i += 1) {
      // Interleaved, so a load spike on the shared machine hits both sides alike.
      floors.push(ok(await runNode([FLOOR, w.target]), 'floor'));
      const s = ok(await runNode(scanArgs(w.target, '/dev/null')), 'scan');
      scans.push(s);
      spent += s.wallMs;
      if (s.killed !== undefined) break;
    }
    if (floors.length === 0) floors.push(ok(await runNode([FLOOR, w.target]), 'floor'));
    const scan = summarise(scans);
    const floor = summarise(floors);
    process.stderr.write(`bench: ${c.key} done, ${scans.length} runs, scan median ${(scan.wallMs / 1000).toFixed(1)} s\n`);
    const ratio = scan.wallMs / floor.wallMs;
    const mbps = floorOut.contentBytes / 1e6 / (scan.wallMs / 1000);
    const met = scans.every((x) => x.killed === undefined) && c.meets(scan, ratio, mbps) && scan.maxRssMb <= RSS_GOAL_MB;
    return { name: c.name, size, scan, floor, runs: scans.length, contentBytes: floorOut.contentBytes, goal: `${c.goal}, ≤${RSS_GOAL_MB} MB`, met, detail: check.detail };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function startupRows(): Promise<Row[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'skillspector-bench-startup-'));
  try {
    const w = smallSkill(join(scratch, 'target'));
    const { detail } = await checkRun(w.target, scratch);
    const bare: Sample[] = [];
    const version: Sample[] = [];
    const scans: Sample[] = [];
    await runNode(['-e', '0']);
    for (let i = 0; i < RUNS; i += 1) {
      bare.push(ok(await runNode(['-e', '0']), 'node -e 0'));
      version.push(ok(await runNode([CLI, '--version']), '--version'));
      scans.push(ok(await runNode(scanArgs(w.target, '/dev/null')), 'scan'));
    }
    const floor = summarise(bare);
    const v = summarise(version);
    const s = summarise(scans);
    return [
      { name: '`skillspector --version`', size: '', scan: v, floor, runs: RUNS, contentBytes: 0, goal: `≤0.3 s, ≤${RSS_GOAL_MB} MB`, met: v.wallMs <= 300 && v.maxRssMb <= RSS_GOAL_MB, detail: 'floor: node -e 0' },
      { name: '3-file scan (start-up)', size: `3 files, ${(w.bytes / 1e3).toFixed(1)} kB`, scan: s, floor, runs: RUNS, contentBytes: w.bytes, goal: `≤2× floor, ≤${RSS_GOAL_MB} MB`, met: s.wallMs / floor.wallMs <= 2 && s.maxRssMb <= RSS_GOAL_MB, detail: `floor: node -e 0; ${detail}` },
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function printTable(rows: readonly Row[]): void {
  const f = (n: number): string => (Number.isFinite(n) ? n.toFixed(0) : '?');
  console.log('| workload | size | runs | scan wall ms | scan CPU ms | floor wall ms | floor CPU ms | scan/floor | MB/s | scan peak RSS MB | goal | met |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|');
  for (const r of rows) {
    const mbps = r.contentBytes > 0 ? (r.contentBytes / 1e6 / (r.scan.wallMs / 1000)).toFixed(1) : '';
    console.log(`| ${r.name} | ${r.size} | ${r.runs} | ${f(r.scan.wallMs)} | ${f(r.scan.cpuMs)} | ${f(r.floor.wallMs)} | ${f(r.floor.cpuMs)} | ${(r.scan.wallMs / r.floor.wallMs).toFixed(2)}× | ${mbps} | ${f(r.scan.maxRssMb)} | ${r.goal} | ${r.met ? 'yes' : r.detail.includes('KILLED') ? '**no** (killed)' : '**no**'} |`);
  }
  console.log('');
  for (const r of rows) console.log(`- ${r.name}: ${r.detail}`);
}

async function extraRows(): Promise<void> {
  const { benchNested } = await import('./nested.js');
  const { benchBehaviour } = await import('./behaviour.js');
  console.log('\nExtra, in-process engine figures (BENCH_EXTRA=1):\n');
  for (const r of (await benchNested()).rows) console.log(`- ${r.name}: ${r.medianMs.toFixed(1)} ms${r.peakRssMb === undefined ? '' : `, ${r.peakRssMb.toFixed(0)} MB peak RSS`}; ${r.note ?? ''}`);
  for (const r of await benchBehaviour()) console.log(`- ${r.name}: ${r.medianMs.toFixed(0)} ms${r.baselineMs === undefined ? '' : ` (baseline ${r.baselineMs.toFixed(0)} ms)`}; ${r.note ?? ''}`);
}

async function main(): Promise<void> {
  const build = buildDist();
  const dist = distState();
  const v = vocabulary();
  const version = (await runNode([CLI, '--version'])).stdout.trim();
  console.log(`skillspector ${version} (${CLI.startsWith(REPO_ROOT) ? CLI.slice(REPO_ROOT.length + 1) : CLI}); dist/: ${dist.text}; ${build}`);
  console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')} at start`);
  console.log(`vocabulary: ${v.source} (${v.files} files: ${v.markdown.length} Markdown blocks, ${v.code.py.length + v.code.js.length + v.code.sh.length} code units)`);
  console.log(`median of up to ${RUNS} runs after one untimed check run; CPU and RSS via ${RUSAGE_SOURCE}; scans over ${RSS_CAP_MB} MB RSS are killed\n`);
  const rows: Row[] = [];
  for (const c of CASES) if (ONLY === undefined || ONLY.includes(c.key)) rows.push(await benchCase(c));
  if (ONLY === undefined || ONLY.includes('startup')) rows.push(...(await startupRows()));
  printTable(rows);
  console.log(`\nload average ${loadavg().map((x) => x.toFixed(2)).join(' ')} at end; every peak RSS goal is ≤${RSS_GOAL_MB} MB; MB/s = content bytes (files + inflated members) / scan wall`);
  if (dist.stale) console.log(`\nWARNING: dist/ is ${dist.text}`);

  // ---- batch bench: bench/batch.ts (the batch helper's registry of 2,000 skills) plugs in here ----
  if (existsSync(join(REPO_ROOT, 'bench/batch.ts')) && process.env.BENCH_SKIP_BATCH !== '1') {
    const batch = (await import(join(REPO_ROOT, 'bench/batch.ts'))) as { benchBatch?: () => Promise<unknown> };
    if (batch.benchBatch !== undefined) {
      console.log('\nBatch (bench/batch.ts):\n');
      const out = await batch.benchBatch();
      if (typeof out === 'string') console.log(out);
    }
  }
  // ---- end of batch bench ----

  if (process.env.BENCH_EXTRA === '1') await extraRows();
}

await main();
