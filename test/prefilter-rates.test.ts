// How often each pattern rule's prefilter lets a real file through (issue 14): a gate that passes most files
// makes its regex read most of the corpus. Reported for every rule; a gate above half the files is a defect
// unless the regex is localised (src/analysis/localized.ts: it then reads only slices around its anchors).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { planOf } from '../src/analysis/regex-plan.js';
import { RULES } from '../src/rules/index.js';

const CORPUS = join(dirname(fileURLToPath(import.meta.url)), '../../shared/corpus/benign');

function textFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) textFiles(p, out);
    else if (e.isFile() && /\.(?:md|txt|py|sh|js|ts|json|ya?ml)$/i.test(e.name) && statSync(p).size < 500_000) out.push(p);
  }
  return out;
}

test('prefilter pass rates on the shared corpus: a gate passing most files needs a localised regex', { skip: existsSync(CORPUS) ? false : 'shared corpus not present' }, (t) => {
  const texts = textFiles(CORPUS).map((f) => readFileSync(f, 'utf8').toLowerCase());
  assert.ok(texts.length > 1000, `${texts.length} corpus files`);
  const rows: { id: string; rate: number; planned: boolean }[] = [];
  for (const rule of RULES) {
    if (rule.kind !== 'pattern') continue;
    rule.patterns.forEach((spec, i) => {
      const plan = planOf(spec.re);
      let passed = 0;
      for (const text of texts) {
        const keywords = !spec.keywords || spec.keywords.some((k) => text.includes(k));
        if (keywords && (!plan || plan.anchors.some((a) => text.includes(a)))) passed += 1;
      }
      rows.push({ id: `${rule.meta.id}#${i}`, rate: passed / texts.length, planned: plan !== null });
    });
  }
  rows.sort((a, b) => b.rate - a.rate);
  for (const r of rows.slice(0, 15)) t.diagnostic(`${(100 * r.rate).toFixed(1)}% ${r.id}${r.planned ? '' : ' (whole-text regex)'}`);
  const defects = rows.filter((r) => r.rate > 0.5 && !r.planned).map((r) => `${r.id} ${(100 * r.rate).toFixed(0)}%`);
  assert.deepEqual(defects, [], 'prefilters that pass most files in front of a regex that reads the whole text');
});
