// The accuracy harness behind `npm run accuracy` and its tests: scans the benign corpus and the project's
// own malicious samples and look-alike twins in-process, and judges them against the targets of
// docs/ACCURACY.md. Sample expectations live beside the samples (test/accuracy/expect/*.json).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { scanAsync } from '../src/engine/scan.js';
import type { ScanReport } from '../src/report/types.js';
import { appleDouble, buildZip } from '../test/helpers/zip-builder.js';

export const REPO = resolve(import.meta.dirname, '..');
export const DEFAULT_BENIGN = resolve(REPO, '../shared/corpus/benign');
const SAMPLES = join(REPO, 'test/accuracy');
const FAMILY_FIXTURES = join(REPO, 'test/fixtures');

export type Verdict = 'SAFE' | 'CAUTION' | 'DO_NOT_INSTALL';
const RANK: Record<Verdict, number> = { SAFE: 0, CAUTION: 1, DO_NOT_INSTALL: 2 };

export const TARGETS = {
  benignMaxDoNotInstall: 0.02,
  benignMinSafe: 0.85,
  maliciousMaxSafe: 0,
  maliciousMinDoNotInstall: 0.9,
  minMaliciousSamples: 80,
} as const;

/** Deterministic high-entropy bytes: what a compressed or encrypted asset looks like to the classifier. */
export function noise(length: number, seed: number): Buffer {
  const out = Buffer.alloc(length);
  let x = seed >>> 0;
  for (let i = 0; i < length; i += 1) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

/** A minimal CPython 3.11 bytecode header followed by a code-object marker: enough to be "shipped bytecode". */
const PYC = Buffer.concat([Buffer.from([0xa7, 0x0d, 0x0d, 0x0a]), Buffer.alloc(12), Buffer.from([0xe3, 0, 0, 0])]);

/** Office printer settings: a DEVMODE (UTF-16 device name, NUL padding), then the XML print ticket. */
function printerSettings(): Buffer {
  return Buffer.concat([Buffer.from('Office Printer'.padEnd(32, '\u0000'), 'utf16le'), Buffer.alloc(156), Buffer.from('<?xml version="1.0" encoding="UTF-8"?><psf:PrintTicket/>')]);
}

/** Binary or oversized parts are written into a temporary copy instead of being committed. Keyed by sample path. */
export const GENERATED: Record<string, Record<string, Buffer | string>> = {
  'fixtures/benign/compressed-asset': { 'scripts/starter.tar.gz': gzipSync(noise(65_536, 12_345)) },
  'fixtures/malicious/supply-chain': { 'scripts/__pycache__/boot.cpython-311.pyc': PYC },
  // A Finder-made archive (AppleDouble sidecars with +x modes) and a deck with standard Office binary parts.
  'accuracy/twins/sc-mac-archive-office-parts': {
    'Archive.zip': buildZip([
      { name: 'decks/', mode: 0o40755 },
      { name: 'decks/q3-review.md', data: '# Q3 review\n\n- Revenue up 4 %\n', mode: 0o100644 },
      { name: '__MACOSX/._decks', data: appleDouble(), mode: 0o100755 },
      { name: '__MACOSX/decks/._q3-review.md', data: appleDouble(), mode: 0o100755 },
      { name: '__MACOSX/._SKILL.md', data: appleDouble(), mode: 0o100644 },
    ]),
    'assets/sample.pptx': buildZip([
      { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types/>', method: 8 },
      { name: 'ppt/presentation.xml', data: '<p:presentation/>', method: 8 },
      { name: 'ppt/slides/slide1.xml', data: '<p:sld><a:t>Quarterly review</a:t></p:sld>', method: 8 },
      { name: 'ppt/printerSettings/printerSettings1.bin', data: printerSettings(), method: 8 },
      { name: 'docProps/thumbnail.jpeg', data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]), method: 8 },
    ]),
  },
  'fixtures/malicious/analysis-evasion': {
    'docs/rules.bin': noise(512, 7),
    'docs/notes.txt': 'totals\u0000 are sent elsewhere\n',
    'docs/big.md': `${'x'.repeat(1_000_100)}\n`,
  },
};

export interface Sample {
  /** `accuracy/malicious/<name>`, `accuracy/twins/<name>` or `fixtures/malicious/<family>`. */
  key: string;
  dir: string;
  kind: 'malicious' | 'twin';
  /** The miss class or rule family the sample stands for. */
  class: string;
  /** Malicious: rule ids that must be reported. */
  ids: string[];
  /** Malicious: the verdict it must reach at least. Twin: the verdict it may reach at most. */
  verdict: Verdict;
  /** Twin: rule ids that must not be reported at MEDIUM or above. */
  quiet: string[];
}

interface ExpectFile {
  malicious?: Record<string, { class: string; ids: string[]; verdict?: Verdict }>;
  twins?: Record<string, { class: string; quiet: string[]; verdict?: Verdict }>;
}

function subdirs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
}

/** Every sample with its expectation; a sample directory without one, or the reverse, is an error. */
export function loadSamples(): { samples: Sample[]; errors: string[] } {
  const samples: Sample[] = [];
  const errors: string[] = [];
  const declared = new Set<string>();
  const expectDir = join(SAMPLES, 'expect');
  for (const name of existsSync(expectDir) ? readdirSync(expectDir).filter((f) => f.endsWith('.json')).sort() : []) {
    const file = JSON.parse(readFileSync(join(expectDir, name), 'utf8')) as ExpectFile;
    for (const [sample, e] of Object.entries(file.malicious ?? {})) {
      const key = `accuracy/malicious/${sample}`;
      if (declared.has(key)) errors.push(`${key} is declared twice (${name})`);
      declared.add(key);
      samples.push({ key, dir: join(SAMPLES, 'malicious', sample), kind: 'malicious', class: e.class, ids: e.ids, verdict: e.verdict ?? 'DO_NOT_INSTALL', quiet: [] });
    }
    for (const [sample, e] of Object.entries(file.twins ?? {})) {
      const key = `accuracy/twins/${sample}`;
      if (declared.has(key)) errors.push(`${key} is declared twice (${name})`);
      declared.add(key);
      samples.push({ key, dir: join(SAMPLES, 'twins', sample), kind: 'twin', class: e.class, ids: [], verdict: e.verdict ?? 'SAFE', quiet: e.quiet });
    }
  }
  for (const kind of ['malicious', 'twins']) {
    for (const d of subdirs(join(SAMPLES, kind))) if (!declared.has(`accuracy/${kind}/${d}`)) errors.push(`accuracy/${kind}/${d} has no expectation`);
  }
  for (const s of samples) if (!existsSync(s.dir)) errors.push(`${s.key} is expected but has no directory`);
  // The one-per-family samples of test/fixtures/malicious count toward the malicious set too.
  const family = JSON.parse(readFileSync(join(FAMILY_FIXTURES, 'malicious/expected.json'), 'utf8')) as Record<string, { verdict: Verdict; ids: string[] }>;
  for (const [name, e] of Object.entries(family)) {
    samples.push({ key: `fixtures/malicious/${name}`, dir: join(FAMILY_FIXTURES, 'malicious', name), kind: 'malicious', class: `family:${name}`, ids: e.ids, verdict: e.verdict, quiet: [] });
  }
  return { samples, errors };
}

/** Scans a sample as the CLI does (behavioural rules included), from a temporary copy when it has generated parts, else in place (the engine never writes). */
export async function scanSample(key: string, dir: string): Promise<ScanReport> {
  const generated = GENERATED[key];
  if (!generated) return (await scanAsync({ target: dir })).report;
  const tmp = mkdtempSync(join(tmpdir(), 'skillspector-accuracy-'));
  try {
    cpSync(dir, tmp, { recursive: true });
    for (const [path, data] of Object.entries(generated)) {
      mkdirSync(dirname(join(tmp, path)), { recursive: true });
      writeFileSync(join(tmp, path), data);
    }
    return (await scanAsync({ target: tmp })).report;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Skill folders of the benign corpus: `<owner>__<repo>/<skill>/`. */
export function benignSkills(root: string): string[] {
  return subdirs(root).flatMap((repo) => subdirs(join(root, repo)).map((s) => join(root, repo, s))).filter((d) => statSync(d).isDirectory());
}

export interface Outcome {
  name: string;
  verdict: Verdict;
  score: number;
  status: string;
  /** Rules behind a non-SAFE verdict: active MEDIUM+ findings, worst first, as `ID:SEV`. */
  causes: string[];
  problems: string[];
}

const ACTIVE = (i: ScanReport['issues'][number]): boolean => i.severity !== 'LOW';

function causesOf(r: ScanReport): string[] {
  const out: string[] = [];
  for (const i of r.issues.filter(ACTIVE)) {
    const tag = `${i.id}:${i.severity}`;
    if (!out.includes(tag)) out.push(tag);
  }
  if (r.analysis_completeness.status !== 'complete') {
    const reasons = new Set<string>(r.analysis_completeness.ledger_exceptions.map((e) => e.reason_code));
    if (r.analysis_completeness.limitations.length > 0) reasons.add('limitation');
    out.push(`incomplete(${[...reasons].join(',')})`);
  }
  return out;
}

export function judgeSample(s: Sample, r: ScanReport): Outcome {
  const verdict = r.risk_assessment.recommendation as Verdict;
  const problems: string[] = [];
  if (s.kind === 'malicious') {
    const got = new Set(r.issues.map((i) => i.id));
    const missing = s.ids.filter((id) => !got.has(id));
    if (missing.length > 0) problems.push(`missing ${missing.join(',')}`);
    if (RANK[verdict] < RANK[s.verdict]) problems.push(`${verdict} < ${s.verdict}`);
  } else {
    const loud = r.issues.filter((i) => ACTIVE(i) && s.quiet.includes(i.id)).map((i) => `${i.id}:${i.severity}@${i.location.file}:${i.location.start_line}`);
    if (loud.length > 0) problems.push(`not quiet: ${loud.join(' ')}`);
    if (RANK[verdict] > RANK[s.verdict]) problems.push(`${verdict} > ${s.verdict}`);
  }
  return { name: s.key, verdict, score: r.risk_assessment.score, status: r.analysis_completeness.status, causes: causesOf(r), problems };
}

export function judgeBenign(name: string, r: ScanReport): Outcome {
  return { name, verdict: r.risk_assessment.recommendation as Verdict, score: r.risk_assessment.score, status: r.analysis_completeness.status, causes: causesOf(r), problems: [] };
}

export interface Tally {
  total: number;
  SAFE: number;
  CAUTION: number;
  DO_NOT_INSTALL: number;
}

export function tally(outcomes: readonly Outcome[]): Tally {
  const t: Tally = { total: outcomes.length, SAFE: 0, CAUTION: 0, DO_NOT_INSTALL: 0 };
  for (const o of outcomes) t[o.verdict] += 1;
  return t;
}

/** What misses the targets; empty when every target is met. */
export function targetFailures(benign: Tally | null, malicious: Tally, outcomes: readonly Outcome[]): string[] {
  const out: string[] = [];
  const pct = (n: number, d: number): string => `${((100 * n) / Math.max(1, d)).toFixed(1)} %`;
  if (benign) {
    if (benign.DO_NOT_INSTALL > TARGETS.benignMaxDoNotInstall * benign.total) out.push(`benign DO_NOT_INSTALL ${pct(benign.DO_NOT_INSTALL, benign.total)} > ${TARGETS.benignMaxDoNotInstall * 100} %`);
    if (benign.SAFE < TARGETS.benignMinSafe * benign.total) out.push(`benign SAFE ${pct(benign.SAFE, benign.total)} < ${TARGETS.benignMinSafe * 100} %`);
  }
  if (malicious.total < TARGETS.minMaliciousSamples) out.push(`only ${malicious.total} malicious samples (want ≥ ${TARGETS.minMaliciousSamples})`);
  if (malicious.SAFE > TARGETS.maliciousMaxSafe) out.push(`${malicious.SAFE} malicious samples SAFE (want 0)`);
  if (malicious.DO_NOT_INSTALL < TARGETS.maliciousMinDoNotInstall * malicious.total) out.push(`malicious DO_NOT_INSTALL ${pct(malicious.DO_NOT_INSTALL, malicious.total)} < ${TARGETS.maliciousMinDoNotInstall * 100} %`);
  for (const o of outcomes) for (const p of o.problems) out.push(`${o.name}: ${p}`);
  return out;
}
