// How often each pattern rule's prefilter lets a real file through (issue 14): a gate that passes most files
// makes its regex read most of the corpus. Reported for every rule; a gate above half the files is a defect
// unless the regex is localised (src/analysis/localized.ts: it then reads only slices around its anchors).
// Custom rules' per-line walks have file-level gates too (src/rules/kit/walk-gates.ts), reported the same way:
// a gate above half the files (of the types its walk runs on) is a defect unless it says why it is cheap.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { planOf } from '../src/analysis/regex-plan.js';
import { RULES } from '../src/rules/index.js';
import { walkGates } from '../src/rules/kit/walk-gates.js';
import { matcherTables } from '../src/rules/kit/scan-helpers.js';

const CORPUS = join(dirname(fileURLToPath(import.meta.url)), '../../shared/corpus/benign');

function textFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) textFiles(p, out);
    else if (e.isFile() && /\.(?:md|txt|py|sh|js|ts|json|ya?ml)$/i.test(e.name) && statSync(p).size < 500_000) out.push(p);
  }
  return out;
}

const SKIP = { skip: existsSync(CORPUS) ? false : 'shared corpus not present' };
interface CorpusFile {
  path: string;
  raw: string;
  /** `raw` lower-cased: what keyword prefilters look in. */
  text: string;
}
let corpus: CorpusFile[] | undefined;
/** The corpus's text files (read once for both tests). */
function corpusTexts(): CorpusFile[] {
  corpus ??= textFiles(CORPUS).map((path) => {
    const raw = readFileSync(path, 'utf8');
    return { path: path.toLowerCase(), raw, text: raw.toLowerCase() };
  });
  return corpus;
}

/** How often a regex's keywords and (when it has a plan) its anchors let a corpus text through. */
function gateRow(id: string, re: RegExp, keywords: readonly string[] | undefined, texts: readonly string[]): { id: string; rate: number; planned: boolean } {
  const plan = planOf(re);
  let passed = 0;
  for (const text of texts) {
    const open = !keywords || keywords.some((k) => text.includes(k));
    if (open && (!plan || plan.anchors.some((a) => text.includes(a)))) passed += 1;
  }
  return { id, rate: passed / texts.length, planned: plan !== null };
}

test('prefilter pass rates on the shared corpus: a gate passing most files needs a localised regex', SKIP, (t) => {
  const texts = corpusTexts().map((f) => f.text);
  assert.ok(texts.length > 1000, `${texts.length} corpus files`);
  const rows: { id: string; rate: number; planned: boolean }[] = [];
  for (const rule of RULES) {
    if (rule.kind !== 'pattern') continue;
    rule.patterns.forEach((spec, i) => rows.push(gateRow(`${rule.meta.id}#${i}`, spec.re, spec.keywords, texts)));
  }
  rows.sort((a, b) => b.rate - a.rate);
  for (const r of rows.slice(0, 15)) t.diagnostic(`${(100 * r.rate).toFixed(1)}% ${r.id}${r.planned ? '' : ' (whole-text regex)'}`);
  const defects = rows.filter((r) => r.rate > 0.5 && !r.planned).map((r) => `${r.id} ${(100 * r.rate).toFixed(0)}%`);
  assert.deepEqual(defects, [], 'prefilters that pass most files in front of a regex that reads the whole text');
});

test('walk gate pass rates on the shared corpus: a gate passing most files must guard a cheap walk', SKIP, (t) => {
  const files = corpusTexts();
  const gates = walkGates();
  assert.ok(gates.length >= 10, `${gates.length} walk gates declared`);
  const rows: { id: string; rate: number; of: number; cheap: boolean }[] = [];
  for (const gate of gates) {
    // A walk that runs on some file types only is judged over those files (the raw text: a security view can
    // only differ where the text has non-ASCII characters).
    const population = gate.exts ? files.filter((f) => gate.exts?.some((e) => f.path.endsWith(e))) : files;
    if (population.length === 0) continue;
    const open = (f: CorpusFile): boolean => gate.all.every((words) => words.some((w) => f.text.includes(w))) && (gate.pattern?.test(f.raw) ?? true);
    const passed = population.filter(open).length;
    rows.push({ id: gate.id, rate: passed / population.length, of: population.length, cheap: gate.cheap !== undefined });
  }
  rows.sort((a, b) => b.rate - a.rate);
  for (const r of rows) t.diagnostic(`${(100 * r.rate).toFixed(1)}% of ${r.of} ${r.id}${r.cheap ? ' (cheap)' : ''}`);
  const defects = rows.filter((r) => r.rate > 0.5 && !r.cheap).map((r) => `${r.id} ${(100 * r.rate).toFixed(0)}%`);
  assert.deepEqual(defects, [], 'walk gates that pass most files in front of a walk over every line');
});

test('matcher prefilter pass rates on the shared corpus: custom rules\' matcher tables, judged like pattern rules', SKIP, (t) => {
  const texts = corpusTexts().map((f) => f.text);
  const tables = matcherTables();
  assert.ok(tables.length >= 10, `${tables.length} matcher tables declared`);
  const rows: { id: string; rate: number; planned: boolean }[] = [];
  for (const table of tables) {
    table.matchers.forEach((m, i) => rows.push(gateRow(`${table.id} matcher #${i} (${m.label})`, m.re, m.keywords, texts)));
  }
  rows.sort((a, b) => b.rate - a.rate);
  for (const r of rows.slice(0, 15)) t.diagnostic(`${(100 * r.rate).toFixed(1)}% ${r.id}${r.planned ? '' : ' (whole-text regex)'}`);
  const defects = rows.filter((r) => r.rate > 0.5 && !r.planned).map((r) => `${r.id} ${(100 * r.rate).toFixed(0)}%`);
  assert.deepEqual(defects, [], 'matcher prefilters that pass most files in front of a regex that reads the whole text');
});
