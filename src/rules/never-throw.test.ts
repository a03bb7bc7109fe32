// Issue 9, item 12: no rule may throw on any input. Every rule of the catalogue runs, the way the engine runs
// it, over hostile texts: multi-megabyte single tokens (past V8's regex backtracking stack), a million
// newlines, deep brackets, and long runs of each kind of Unicode character.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FileAnalyzer } from '../analysis/runner.js';
import { releaseViews } from '../analysis/views.js';
import { typeFromPath } from '../discovery/classify.js';
import { defaultLimits } from '../limits/index.js';
import type { BundleView, FileView } from '../model/bundle.js';
import { RULES } from './index.js';

const rep = (unit: string, chars: number): string => unit.repeat(Math.ceil(chars / unit.length));

// Single tokens far past V8's regex backtracking stack: an unbounded `+` over a Unicode class threw
// RangeError at about 5 M characters (AE4's words) and 10 M (P2's invisible runs).
const HUGE: Record<string, string> = {
  'mixed-script word': rep('pаypаl', 6_000_000),
  'zero-width run': rep('\u200b', 10_000_000),
  'bidi run': rep('\u202e', 10_000_000),
};

// One run per Unicode category (and shape) that some rule treats specially.
const RUNS: Record<string, string> = {
  newlines: '\n'.repeat(1_000_000),
  'crlf lines': '\r\n'.repeat(500_000),
  'deep brackets': `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
  'deep parens': `${'('.repeat(200_000)}${')'.repeat(200_000)}`,
  'deep braces': `${'{'.repeat(200_000)}${'}'.repeat(200_000)}`,
  'Greek mixed word': rep('aοbα', 400_000),
  'astral letters': rep('𝐚а', 400_000),
  'combining marks': rep('a\u0301\u0302', 400_000),
  'tag characters': rep('\u{E0041}', 200_000),
  emoji: rep('😀\u200d', 200_000),
  CJK: rep('中文', 400_000),
  Arabic: rep('بسم', 400_000),
  digits: rep('1', 400_000),
  hex: rep('deadbeef', 400_000),
  base64: rep('QUJD', 400_000),
  spaces: rep(' ', 400_000),
  'no-break spaces': rep('\u00a0', 400_000),
  quotes: rep('"', 400_000),
  backslashes: rep('\\', 400_000),
  NUL: rep('\u0000', 400_000),
  C1: rep('\u0085', 400_000),
  'private use': rep('\ue000', 400_000),
  'lone surrogates': rep('\ud800', 400_000),
  'NFKC expanding': rep('\ufdfa', 200_000),
  'HTML entities': rep('&#73;', 400_000),
  URL: `https://${rep('a.', 400_000)}`,
  'shell substitutions': rep('$(', 400_000),
  fences: rep('```\n', 200_000),
  'angle brackets': rep('<', 400_000),
};

function runAll(path: string, raw: string): string[] {
  const text = path === 'SKILL.md' ? `---\nname: x\ndescription: y\n---\n${raw}` : raw;
  const file: FileView = { path, type: typeFromPath(path), text, executable: path.endsWith('.sh'), hidden: false, localOnly: false, isManifest: path === 'SKILL.md' };
  const bundle: BundleView = { paths: [path], manifest: null, manifestPath: file.isManifest ? path : null, bytecode: [], inventory: [] };
  const analyzer = new FileAnalyzer(file, defaultLimits());
  const thrown: string[] = [];
  for (const rule of RULES) {
    try {
      if (rule.kind === 'bundle') {
        rule.check(bundle, [file]);
        continue;
      }
      // Signature rules match raw bytes in the signature stage (src/engine/signatures.test.ts covers them); LLM rules have no matcher.
      if (rule.kind === 'signature' || rule.kind === 'llm') continue;
      if (rule.meta.fileTypes && !rule.meta.fileTypes.includes(file.type)) continue;
      if (rule.appliesTo && !rule.appliesTo(file)) continue;
      if (rule.kind === 'pattern') analyzer.runPatternRule(rule);
      else analyzer.runCustomRule(rule, { file, bundle, views: analyzer.views });
    } catch (err) {
      thrown.push(`${rule.meta.id} on ${path}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  releaseViews();
  return thrown;
}

for (const [name, raw] of Object.entries(HUGE)) {
  test(`no rule throws on a ${name} of ${raw.length.toLocaleString('en')} characters`, () => {
    assert.deepEqual(runAll('notes.md', raw), []);
  });
}

test('no rule throws on long runs of each Unicode category and shape, in prose, code and config files', () => {
  const paths = ['SKILL.md', 'notes.md', 'run.py', 'run.sh', 'app.js', 'config.json', 'config.yaml'];
  const thrown: string[] = [];
  let i = 0;
  for (const [name, raw] of Object.entries(RUNS)) {
    // Two file types per text keeps the run short while every type meets every few texts.
    for (const path of [paths[i % paths.length]!, paths[(i + 3) % paths.length]!]) {
      for (const t of runAll(path, raw)) thrown.push(`${name}: ${t}`);
    }
    i += 1;
  }
  assert.deepEqual(thrown, []);
});
