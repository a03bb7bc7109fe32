// Issue 9, item 16: every bound that can cut analysis short lives in src/limits and records an
// `output_limit` row when reached. A `MAX_*` constant may stay in rule or analysis code only when it cannot
// hide content from the verdict; each one is listed here with the reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

const ALLOWED: Record<string, string> = {
  'src/analysis/localized.ts MAX_COVERAGE': 'localisation threshold: a regex whose slices would cover more of the text runs over all of it',
  'src/analysis/localized.ts MAX_INDEXES': 'size of a cache of anchor indexes; a text past it is indexed again, never skipped',
  'src/analysis/localized.ts MAX_INDEXED_CHARS': 'size of a cache of anchor indexes; a text past it is indexed again, never skipped',
  'src/analysis/regex-plan.ts MAX_SET': 'planning parameter: a regex with more literal choices gets no anchors and runs over the whole text',
  'src/analysis/regex-plan.ts MAX_LITERAL': 'planning parameter: longer literals are not tracked, the regex then runs over the whole text',
  'src/analysis/regex-plan.ts MAX_CLASS': 'planning parameter: a larger class is not expanded into literals, the regex then runs over the whole text',
  'src/rules/exfiltration/flow.ts MAX_SEGMENTS': 'statements past the 16th on one line stay in the last segment: still read, only coarser',
  'src/rules/prompt-injection/p5-harmful-content.ts MAX_HITS': 'stops after the rule already fired 200 times in the file: never clean, and the score counts at most three findings per rule',
  'src/rules/prompt-injection/p9-whitespace-padding.ts MAX_HITS_PER_KIND': 'stops after 100 findings of one padding kind in the file: the rule has already fired',
  'src/rules/prompt-injection/p2-hidden-instructions.ts MAX_HITS_PER_KIND': 'stops after 200 findings of one invisible-character kind in the file: the rule has already fired',
  'src/rules/prompt-injection/p2-hidden-instructions.ts MAX_WINDOWS': 'weak-signal windows of one HTML comment body; the strong signals still read the whole comment',
  'src/rules/rug-pull/rp1-unpinned-reference.ts MAX_HITS': 'stops after the rule already fired 256 times in the file',
  'src/rules/memory-poisoning/mp2-context-flooding.ts MAX_UNIT': 'detector parameter (longest repeated unit), not a bound on the text read',
  'src/rules/tool-poisoning/metadata.ts MAX_VALUE_CHARS': 'unreachable: the manifest prefix (manifestPrefixBytes, 256 KiB) is shorter',
  'src/rules/tool-poisoning/metadata.ts MAX_FIELDS': 'unreachable: the manifest parser stops at manifestMaxNodes (10,000) nodes',
  'src/rules/tool-poisoning/parameters.ts MAX_PARAMS': 'parameters per tool in the frontmatter; bounded by manifestMaxNodes as well',
  'src/rules/tool-poisoning/tp3-parameter-injection.ts MAX_PARAM_DESCRIPTION': 'detection threshold (a description longer than this is a finding), not a cap',
  'src/rules/tool-misuse/loops.ts MAX_BODY_LINES': 'context window of one loop body: the next loop head is still examined',
  'src/rules/tool-misuse/loops.ts MAX_BODY_CHARS': 'context window of one loop body: the next loop head is still examined',
  'src/rules/supply-chain/context.ts MAX_FENCE_LOOKBACK': 'context heuristic (how far back a code fence is looked for), not a bound on the text read',
  'src/rules/supply-chain/sc8-shipped-bytecode.ts MAX_FINDINGS': 'stops after 1,000 findings: SC8 already floors the score at 51',
  'src/rules/supply-chain/sc3-obfuscated-execution.ts MAX_LINE': 'per-line context prefix for following one assignment; the pattern rules read every line whole',
  'src/rules/supply-chain/sc10-encrypted-archive-lure.ts MAX_LINE': 'per-line context prefix for a password lure; the pattern rules read every line whole',
  'src/rules/supply-chain/sc6-typosquatting.ts MAX_DISTANCE': 'detector parameter (edit distance), not a bound on the text read',
  'src/rules/supply-chain/remote-fetch.ts MAX_LINE': 'per-line context prefix for following one download; the pattern rules read every line whole',
  'src/rules/supply-chain/sc2-remote-code-execution.ts MAX_LINE': 'per-line context prefix for a lure; the pattern rules read every line whole',
  'src/rules/supply-chain/lure-wording.ts MAX_LINE': 'per-line context prefix for copy-and-paste wording near a download; the pattern rules read every line whole',
  'src/rules/supply-chain/sc10-decrypted.ts MAX_MEMBERS': 'members named in one finding\'s label ("and N more" counts the rest); the finding is raised whatever the count',
  'src/rules/supply-chain/sc10-wording.ts MAX_TABLE_ROWS': 'context heuristic (how far up a table header is looked for), not a bound on the text read',
  'src/rules/supply-chain/sc10-wording.ts MAX_CELLS': 'cells read from one table row to find a password column; context, not a bound on the text read',
  'src/rules/supply-chain/sc10-wording.ts MAX_LAYOUT_SKIP': 'context heuristic (blank lines and headings skipped between lure steps), not a bound on the text read',
  'src/rules/analysis-evasion/ae5-oversized-text.ts MAX_TEXT_CHARS': 'detection threshold (text longer than this is a finding), not a cap',
  'src/analysis/normalize.ts MAX_LEET_TOKEN': 'definition of a leetspeak word (longer tokens are not words), not a bound on the text read',
};

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

test('every MAX_* constant in rule and analysis code is a listed, harmless bound; analysis caps live in src/limits', () => {
  const found: string[] = [];
  for (const dir of ['src/rules', 'src/analysis']) {
    for (const file of sources(join(ROOT, dir))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bconst (MAX_[A-Z0-9_]+)\s*=/g)) found.push(`${relative(ROOT, file)} ${m[1]}`);
    }
  }
  const unlisted = found.filter((k) => !(k in ALLOWED));
  assert.deepEqual(unlisted, [], 'a new cap that can cut analysis short belongs in src/limits and must call noteLimit when hit');
  const stale = Object.keys(ALLOWED).filter((k) => !found.includes(k));
  assert.deepEqual(stale, [], 'allow-list entries whose constant is gone');
});
