// `npm run accuracy`: verdicts on the benign corpus and on our own malicious samples and twins, the rules
// behind every non-SAFE verdict, and a non-zero exit when a target of docs/ACCURACY.md is missed.
// Usage: npm run accuracy [-- --benign DIR] [--only malicious|twins|benign] [--quiet]
import { existsSync, realpathSync } from 'node:fs';
import { relative } from 'node:path';
import { scanAsync } from '../src/engine/scan.js';
import {
  benignSkills, DEFAULT_BENIGN, judgeBenign, judgeSample, loadSamples, scanSample, tally, targetFailures,
} from './accuracy-lib.js';
import type { Outcome, Tally } from './accuracy-lib.js';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const givenBenign = opt('--benign') ?? process.env['SKILLSPECTOR_BENIGN_CORPUS'] ?? DEFAULT_BENIGN;
// The scanner refuses targets under a symlinked folder; a corpus reached through a link is scanned at its real path.
const benignRoot = existsSync(givenBenign) ? realpathSync(givenBenign) : givenBenign;
const only = opt('--only');
const quiet = args.includes('--quiet');

const started = performance.now();
const fmt = (t: Tally): string =>
  `${t.total} skills: SAFE ${t.SAFE} (${pc(t.SAFE, t.total)}), CAUTION ${t.CAUTION} (${pc(t.CAUTION, t.total)}), DO_NOT_INSTALL ${t.DO_NOT_INSTALL} (${pc(t.DO_NOT_INSTALL, t.total)})`;
function pc(n: number, d: number): string {
  return `${((100 * n) / Math.max(1, d)).toFixed(1)} %`;
}
function row(o: Outcome): string {
  return `  ${o.verdict.padEnd(14)} ${String(o.score).padStart(3)}  ${o.name}  ${o.causes.join(' ')}${o.problems.length ? `  <-- ${o.problems.join('; ')}` : ''}`;
}

const { samples, errors } = loadSamples();
const outcomes: Outcome[] = [];
for (const s of samples) {
  if (only && !(only === 'malicious' ? s.kind === 'malicious' : only === 'twins' ? s.kind === 'twin' : false)) continue;
  outcomes.push(judgeSample(s, await scanSample(s.key, s.dir)));
}
const malicious = outcomes.filter((o) => samples.find((s) => s.key === o.name)?.kind === 'malicious');
const twins = outcomes.filter((o) => samples.find((s) => s.key === o.name)?.kind === 'twin');

let benign: Outcome[] | null = null;
if (!only || only === 'benign') {
  if (!existsSync(benignRoot)) {
    errors.push(`benign corpus not found at ${benignRoot} (pass --benign DIR or set SKILLSPECTOR_BENIGN_CORPUS)`);
  } else {
    benign = [];
    for (const dir of benignSkills(benignRoot)) benign.push(judgeBenign(relative(benignRoot, dir), (await scanAsync({ target: dir })).report));
  }
}

if (benign) {
  console.log(`Benign corpus (${benignRoot}): ${fmt(tally(benign))}`);
  if (!quiet) for (const o of benign.filter((b) => b.verdict !== 'SAFE')) console.log(row(o));
}
if (malicious.length > 0) {
  console.log(`Malicious samples: ${fmt(tally(malicious))}`);
  if (!quiet) for (const o of malicious) if (o.verdict !== 'DO_NOT_INSTALL' || o.problems.length > 0) console.log(row(o));
}
if (twins.length > 0) {
  console.log(`Look-alike twins: ${fmt(tally(twins))}`);
  if (!quiet) for (const o of twins) if (o.verdict !== 'SAFE' || o.problems.length > 0) console.log(row(o));
}
const failures = [
  ...errors,
  ...(only ? outcomes.flatMap((o) => o.problems.map((p) => `${o.name}: ${p}`)) : targetFailures(benign ? tally(benign) : null, tally(malicious), outcomes)),
];
console.log(`accuracy: ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (failures.length > 0) {
  console.log(`\nTargets missed (${failures.length}):`);
  for (const f of failures) console.log(`  - ${f}`);
  process.exit(1);
}
console.log('All accuracy targets met.');
