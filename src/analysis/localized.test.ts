// Running a regex only around its anchors must find exactly what a whole-text run finds: per regex over
// the whole pattern catalogue (property test), and per report over every malicious sample and twin.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { RULES } from '../rules/index.js';
import { scanAsync } from '../engine/scan.js';
import { eachMatch } from './kernel.js';
import { localize, localizeCounts, longestRuns, setLocalization } from './localized.js';
import { planOf } from './regex-plan.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const PATTERNS = RULES.flatMap((r) => (r.kind === 'pattern' ? r.patterns.map((p) => p.re) : []));

after(() => setLocalization(true, { planAfter: 400_000 }));

function matches(text: string, re: RegExp): string[] {
  const out: string[] = [];
  eachMatch(text, re, (m) => {
    out.push(`${m.index}:${m[0]}`);
  });
  return out;
}

/** Every text file under a directory (the malicious samples and twins: real attack and look-alike wording). */
function textsUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...textsUnder(p));
    else if (e.isFile() && statSync(p).size < 64_000) {
      const t = readFileSync(p, 'utf8');
      if (!t.includes('\u0000')) out.push(t);
    }
  }
  return out;
}

const SAMPLES = [...textsUnder(join(ROOT, 'test/accuracy/malicious')), ...textsUnder(join(ROOT, 'test/accuracy/twins'))];
// Every anchor of every planned regex, so generated texts hit anchors often, next to each other and at edges.
const ANCHORS = [...new Set(PATTERNS.flatMap((re) => planOf(re)?.anchors ?? []))];
const FILLER = [' ', '  ', '\n', '\n\n', '\t', '\r\n', ' '.repeat(40), '\n'.repeat(30), '.', ',', '`', '"', "'", '(', ')', '-', '_', '/', 'ſ', 'K', 'é', 'с', '—', '😀'];

const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ANCHORS) },
  { weight: 3, arbitrary: fc.constantFrom(...FILLER) },
  { weight: 2, arbitrary: fc.constantFrom(...SAMPLES).chain((t) => fc.nat({ max: Math.max(0, t.length - 1) }).map((i) => t.slice(i, i + 200))) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

test('localised and whole-text matching agree for every pattern regex on random texts', () => {
  fc.assert(
    fc.property(fc.array(piece, { minLength: 200, maxLength: 600 }), (parts) => {
      const text = parts.join('');
      for (const re of PATTERNS) {
        setLocalization(false);
        const whole = matches(text, re);
        setLocalization(true, { planAfter: 0 });
        const local = matches(text, re);
        assert.deepEqual(local, whole, `${re.source.slice(0, 120)}`);
      }
    }),
    { numRuns: 25 },
  );
});

test('longest runs of whitespace, word characters and lines match a regex reference', () => {
  const longest = (t: string, re: RegExp): number => Math.max(0, ...Array.from(t.matchAll(re), (m) => m[0].length));
  const chars = fc.constantFrom('a', 'Z', '0', '_', ' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\u3000', '\ufeff', '-', '.', 'é', '😀');
  fc.assert(
    fc.property(fc.array(chars, { maxLength: 200 }).map((cs) => cs.join('')), (t) => {
      assert.deepEqual(longestRuns(t), [longest(t, /\s+/g), longest(t, /\w+/g), longest(t, /[^\n]+/g)]);
    }),
    { numRuns: 500 },
  );
});

test('localisation engages: most pattern regexes are planned, and a text without their anchors runs nothing', () => {
  const planned = PATTERNS.filter((re) => planOf(re) !== null).length;
  assert.ok(planned / PATTERNS.length > 0.8, `${planned} of ${PATTERNS.length} planned`);
  setLocalization(true, { planAfter: 0 });
  const prose = 'Plain words about gardening and the weather, nothing else at all.\n'.repeat(60);
  let nothing = 0;
  for (const re of PATTERNS) {
    localize(prose, re); // a text is indexed once a second regex asks
    if (localize(prose, re)?.bounds.length === 0) nothing += 1;
  }
  assert.ok(nothing > planned / 2, `${nothing} regexes skipped on anchor-free prose`);
});

test('reports are identical with localisation on and off (every malicious sample and twin, padded past the threshold)', async (t) => {
  const work = mkdtempSync(join(tmpdir(), 'skillspector-localized-'));
  t.after(() => rmSync(work, { recursive: true, force: true }));
  // Benign padding in front of every text file, so each is long enough to be localised.
  const pad = `${SAMPLES.filter((s) => s.length > 200).slice(0, 6).join('\n').slice(0, 3000)}\n`;
  const bases = ['malicious', 'twins'].map((k) => join(ROOT, 'test/accuracy', k));
  const before = { ...localizeCounts };
  let compared = 0;
  for (const base of bases) {
    for (const name of readdirSync(base)) {
      const src = join(base, name);
      if (!statSync(src).isDirectory()) continue;
      const dst = join(work, relative(join(ROOT, 'test/accuracy'), src));
      copyPadded(src, dst, pad);
      const reportOf = async (on: boolean): Promise<string> => {
        setLocalization(on, { planAfter: 0 });
        const { report } = await scanAsync({ target: dst });
        return JSON.stringify({ ...report, metadata: { ...report.metadata, duration_ms: 0 }, skill: { ...report.skill, scanned_at: '' } });
      };
      assert.equal(await reportOf(true), await reportOf(false), src);
      compared += 1;
    }
  }
  assert.ok(compared > 100, `${compared} samples compared`);
  assert.ok(localizeCounts.sliced - before.sliced > 1000, 'regexes ran over slices');
  assert.ok(localizeCounts.nothing - before.nothing > 1000, 'regexes were skipped where no anchor occurs');
});

function copyPadded(src: string, dst: string, pad: string): void {
  mkdirSync(dst, { recursive: true });
  for (const e of readdirSync(src, { withFileTypes: true })) {
    const from = join(src, e.name);
    const to = join(dst, e.name);
    if (e.isDirectory()) copyPadded(from, to, pad);
    else if (e.isFile()) {
      const bytes = readFileSync(from);
      const textual = !bytes.includes(0) && /\.(?:md|txt|py|sh|js|ts|json|ya?ml|ps1|rb|php)$/i.test(e.name);
      // Markdown front matter must stay first: pad after it.
      if (textual && e.name.toLowerCase() !== 'skill.md') writeFileSync(to, pad + bytes.toString('utf8'));
      else if (textual) writeFileSync(to, `${bytes.toString('utf8')}\n${pad}`);
      else writeFileSync(to, bytes);
    }
  }
}
