// The bench workloads, generated from realistic vocabulary (bench/vocabulary.ts) with a seeded PRNG:
// the same seed and options give the same bytes. Every generator writes into `dir` (created if missing)
// and returns what it wrote; `target` is the directory to scan.
//   typicalSkill  60 files, ~0.75 MB: SKILL.md, references, scripts, JSON, a .docx and an .xlsx
//   bigBundle     5,000 files, ~40 MiB of Markdown, scripts and JSON
//   zipBundle     4 ZIPs, 1,000 members (some in nested ZIPs), ~24 MiB expanded (the scanner's budget is 25 MiB)
//   unicodeFile   one 16 MB Markdown file of mixed-script text
//   smallSkill    3 files (the start-up figure)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildZip } from '../test/helpers/zip-builder.js';
import type { ZipBuildEntry } from '../test/helpers/zip-builder.js';
import { multilingualParagraph } from './multilingual.js';
import { docx, xlsx } from './office.js';
import { seeded } from './prng.js';
import type { Rng } from './prng.js';
import { vocabulary } from './vocabulary.js';
import type { CodeKind, Vocabulary } from './vocabulary.js';

export interface WorkloadOptions {
  seed?: number;
  /** Files (members for zipBundle) to write; each generator has its own default. */
  files?: number;
  /** Approximate content bytes (expanded bytes for zipBundle). */
  bytes?: number;
  /** zipBundle only: how many archives. */
  archives?: number;
}

export interface Workload {
  target: string;
  /** Files written to disk and their bytes. */
  files: number;
  bytes: number;
  /** ZIP members, nested ones included (office parts too), and their uncompressed bytes. */
  members: number;
  memberBytes: number;
}

type Kind = 'md' | CodeKind | 'json';
const SHEBANG: Record<CodeKind, string> = { py: '#!/usr/bin/env python3\n', js: '#!/usr/bin/env node\n', sh: '#!/usr/bin/env bash\nset -euo pipefail\n' };
const MAX_FILE = 900_000; // under the scanner's 1,000,000-byte member limit, so no member is skipped for size

/**
 * Whole pieces joined until about `target` characters. Never cut inside a piece: a function or docstring
 * cut open at the end makes a parser give up on the whole file, and a skipped file flatters the scanner.
 */
function fill(rng: Rng, pool: readonly string[], target: number, sep = '\n\n'): string {
  if (pool.length === 0) throw new Error('empty vocabulary pool');
  const parts: string[] = [];
  let len = 0;
  for (let misses = 0; len < target && misses < 12; ) {
    const p = rng.pick(pool);
    if (len > 0 && len + p.length > target * 1.1) {
      misses += 1; // too big for what is left: try a smaller one
      continue;
    }
    parts.push(p);
    len += p.length + sep.length;
  }
  return `${parts.join(sep)}\n`;
}

function slug(rng: Rng, v: Vocabulary): string {
  const words = rng.pick(v.sentences).toLowerCase().match(/[a-z]{4,12}/g) ?? ['notes'];
  return [rng.pick(words), rng.pick(words)].join('-');
}

function markdown(rng: Rng, v: Vocabulary, size: number): string {
  const title = rng.pick(v.sentences).replace(/[*`#[\]]/g, '').slice(0, 70);
  return `# ${title}\n\n${fill(rng, v.markdown, Math.max(0, size - title.length - 4))}`;
}

function script(rng: Rng, v: Vocabulary, kind: CodeKind, size: number): string {
  const pool = v.code[kind].length > 0 ? v.code[kind] : v.markdown.map((b) => b.replace(/^/gm, kind === 'js' ? '// ' : '# '));
  return SHEBANG[kind] + fill(rng, pool, size);
}

function json(rng: Rng, v: Vocabulary, size: number): string {
  const fields: [string, unknown][] = v.jsonFields.length > 0 ? v.jsonFields : v.sentences.map((s, i) => [`field${i % 50}`, s]);
  const items: Record<string, unknown>[] = [];
  let len = 0;
  while (len < size) {
    const item: Record<string, unknown> = {};
    for (let i = rng.int(3, 9); i > 0; i -= 1) {
      const [k, val] = rng.pick(fields);
      item[k] = val;
    }
    items.push(item);
    len += JSON.stringify(item, null, 5).length; // about the pretty-printed size at that depth
  }
  return `${JSON.stringify({ name: slug(rng, v), version: `1.${rng.int(0, 9)}.${rng.int(0, 20)}`, items }, null, 2)}\n`;
}

function content(rng: Rng, v: Vocabulary, kind: Kind, size: number): string {
  if (kind === 'md') return markdown(rng, v, size);
  if (kind === 'json') return json(rng, v, size);
  return script(rng, v, kind, size);
}

function skillMd(rng: Rng, v: Vocabulary, name: string, refs: readonly string[], size: number): string {
  const description = rng.pick(v.descriptions.length > 0 ? v.descriptions : v.sentences);
  const links = refs.slice(0, 12).map((r) => `- [${r}](${r})`).join('\n');
  return `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n\n# ${name}\n\n${fill(rng, v.markdown, size)}\n## Files\n\n${links}\n`;
}

/** `files` sizes from a skewed distribution (like real files), scaled so they add up to about `total`. */
function sizes(rng: Rng, files: number, total: number): number[] {
  const raw = Array.from({ length: files }, () => rng.skewed(1, 1));
  const scale = total / raw.reduce((a, b) => a + b, 0);
  return raw.map((r) => Math.min(MAX_FILE, Math.max(120, Math.round(r * scale))));
}

function kindOf(rng: Rng): Kind {
  const r = rng.next();
  return r < 0.55 ? 'md' : r < 0.67 ? 'py' : r < 0.75 ? 'js' : r < 0.83 ? 'sh' : 'json';
}

const DIR_OF: Record<Kind, string> = { md: 'references', py: 'scripts', js: 'scripts', sh: 'scripts', json: 'assets' };

class Writer {
  readonly out: Workload;
  constructor(readonly root: string) {
    mkdirSync(root, { recursive: true });
    this.out = { target: root, files: 0, bytes: 0, members: 0, memberBytes: 0 };
  }
  put(rel: string, data: string | Buffer): void {
    const path = join(this.root, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
    this.out.files += 1;
    this.out.bytes += Buffer.byteLength(data);
  }
}

/** A typical skill: 60 files, ~0.75 MB. */
export function typicalSkill(dir: string, opts: WorkloadOptions = {}): Workload {
  const rng = seeded(opts.seed ?? 1);
  const v = vocabulary();
  const w = new Writer(dir);
  const total = opts.bytes ?? 750_000;
  const plan: [string, Kind][] = [
    ...Array.from({ length: 22 }, (_, i): [string, Kind] => [`references/${slug(rng, v)}-${i}.md`, 'md']),
    ...Array.from({ length: 28 }, (_, i): [string, Kind] => {
      const kind: CodeKind = i < 12 ? 'py' : i < 20 ? 'sh' : 'js';
      return [`scripts/${slug(rng, v).replace(/-/g, '_')}_${i}.${kind}`, kind];
    }),
    ...Array.from({ length: 7 }, (_, i): [string, Kind] => [`assets/${slug(rng, v)}-${i}.json`, 'json']),
  ];
  const sz = sizes(rng, plan.length, total * 0.9);
  plan.forEach(([rel, kind], i) => w.put(rel, content(rng, v, kind, sz[i] ?? 1000)));
  const paragraphs = Array.from({ length: Math.max(4, Math.round(total / 25_000)) }, () => rng.pick(v.sentences));
  const rows = Array.from({ length: Math.max(4, Math.round(total / 25_000)) }, () => [slug(rng, v), rng.pick(v.sentences), String(rng.int(1, 999))]);
  for (const [rel, data, parts] of [['assets/report-template.docx', docx(paragraphs), paragraphs], ['assets/sample-data.xlsx', xlsx(rows), rows.flat()]] as const) {
    w.put(rel, data);
    w.out.members += rel.endsWith('.docx') ? 3 : 6;
    w.out.memberBytes += parts.join('').length;
  }
  w.put('SKILL.md', skillMd(rng, v, 'report-builder', plan.map(([rel]) => rel), Math.round(total * 0.04)));
  return w.out;
}

/** A 5,000-file bundle of ~40 MiB: Markdown, Python, JavaScript, shell and JSON in nested directories. */
export function bigBundle(dir: string, opts: WorkloadOptions = {}): Workload {
  const rng = seeded(opts.seed ?? 2);
  const v = vocabulary();
  const w = new Writer(dir);
  const files = opts.files ?? 5_000;
  const sz = sizes(rng, files - 1, opts.bytes ?? 40 * 1024 * 1024);
  const refs: string[] = [];
  for (let i = 0; i < files - 1; i += 1) {
    const kind = kindOf(rng);
    const rel = `${DIR_OF[kind]}/area-${i % 40}/${i % 3 === 0 ? `part-${i % 7}/` : ''}${slug(rng, v)}-${i}.${kind}`;
    if (refs.length < 12 && kind !== 'json') refs.push(rel);
    w.put(rel, content(rng, v, kind, sz[i] ?? 1000));
  }
  w.put('SKILL.md', skillMd(rng, v, 'platform-toolkit', refs, 6_000));
  return w.out;
}

function members(rng: Rng, v: Vocabulary, count: number, sizesOf: number[], prefix: string, w: Workload): ZipBuildEntry[] {
  return Array.from({ length: count }, (_, i) => {
    const kind = kindOf(rng);
    const data = content(rng, v, kind, sizesOf.pop() ?? 1000);
    w.members += 1;
    w.memberBytes += Buffer.byteLength(data);
    return { name: `${prefix}${DIR_OF[kind]}/${slug(rng, v)}-${i}.${kind}`, data, method: 8 };
  });
}

/** `archives` ZIPs holding `files` members in all (~24 MiB expanded, under the 25 MiB budget); each ZIP nests two smaller ZIPs. */
export function zipBundle(dir: string, opts: WorkloadOptions = {}): Workload {
  const rng = seeded(opts.seed ?? 3);
  const v = vocabulary();
  const w = new Writer(dir);
  const archives = opts.archives ?? 4;
  const perArchive = Math.floor((opts.files ?? 1_000) / archives);
  const nestedMembers = Math.max(2, Math.floor(perArchive * 0.04));
  const direct = perArchive - 2 - 2 * nestedMembers;
  if (direct < 1) throw new Error('zipBundle: too few members per archive');
  // The nested ZIPs' own bytes count against the scanner's expanded-bytes budget too: keep 3 % for them.
  const pool = sizes(rng, archives * (direct + 2 * nestedMembers), (opts.bytes ?? 23 * 1024 * 1024) * 0.97);
  for (let a = 0; a < archives; a += 1) {
    const entries = members(rng, v, direct, pool, '', w.out);
    for (let n = 0; n < 2; n += 1) {
      const inner = buildZip(members(rng, v, nestedMembers, pool, `vendor-${n}/`, w.out));
      entries.push({ name: `vendor/${slug(rng, v)}-${n}.zip`, data: inner, method: 0 });
      w.out.members += 1;
      w.out.memberBytes += inner.length;
    }
    w.put(`archives/${slug(rng, v)}-${a}.zip`, buildZip(entries));
  }
  w.put('SKILL.md', skillMd(rng, v, 'archive-kit', [], 4_000));
  return w.out;
}

/** One 16 MB (default) Markdown file of mixed-script text, beside a short SKILL.md. */
export function unicodeFile(dir: string, opts: WorkloadOptions = {}): Workload {
  const rng = seeded(opts.seed ?? 4);
  const v = vocabulary();
  const w = new Writer(dir);
  const target = opts.bytes ?? 16_000_000;
  const parts: string[] = [];
  let bytes = 0;
  for (;;) {
    const p = `${multilingualParagraph(rng, v.sentences)}\n\n`;
    const n = Buffer.byteLength(p);
    if (bytes + n > target) break;
    parts.push(p);
    bytes += n;
  }
  w.put('docs/multilingual-guide.md', parts.join(''));
  w.put('SKILL.md', skillMd(rng, v, 'translation-helper', ['docs/multilingual-guide.md'], 2_000));
  return w.out;
}

/** Three files: SKILL.md, one reference, one script (start-up dominates its scan). */
export function smallSkill(dir: string, opts: WorkloadOptions = {}): Workload {
  const rng = seeded(opts.seed ?? 5);
  const v = vocabulary();
  const w = new Writer(dir);
  w.put('references/guide.md', markdown(rng, v, 4_000));
  w.put('scripts/run.py', script(rng, v, 'py', 3_000));
  w.put('SKILL.md', skillMd(rng, v, 'small-helper', ['references/guide.md', 'scripts/run.py'], 2_000));
  return w.out;
}

/** `size` bytes of sampled Markdown (cut to length: for container-level figures, not for parsing). */
export function sampleText(size: number, seed: number): Buffer {
  const text = markdown(seeded(seed), vocabulary(), size);
  return Buffer.from(text).subarray(0, size);
}

export const WORKLOADS = { typical: typicalSkill, bundle: bigBundle, zips: zipBundle, unicode: unicodeFile, small: smallSkill } as const;
export type WorkloadName = keyof typeof WORKLOADS;
