import type { RuleHit } from '../types.js';
import { defineRule } from '../types.js';
import { POPULAR_NPM } from './data/popular-npm.js';
import { POPULAR_PYPI } from './data/popular-pypi.js';
import type { Ecosystem } from '../../dependencies/deps.js';
import { collectDependencies, normalizeName } from '../../dependencies/deps.js';

const MAX_DISTANCE = 2;
const MIN_NAME = 3;

/** Popular names of one ecosystem, bucketed by length so a lookup only visits names within ±2 characters. */
class NameIndex {
  readonly names: Set<string>;
  private readonly byLength = new Map<number, string[]>();

  constructor(eco: Ecosystem, list: readonly string[]) {
    this.names = new Set(list.map((n) => normalizeName(eco, n)));
    for (const n of this.names) this.byLength.set(n.length, [...(this.byLength.get(n.length) ?? []), n]);
  }

  candidates(length: number): string[] {
    const out: string[] = [];
    for (let l = length - MAX_DISTANCE; l <= length + MAX_DISTANCE; l += 1) out.push(...(this.byLength.get(l) ?? []));
    return out;
  }
}

const INDEX: Record<Ecosystem, NameIndex> = { pypi: new NameIndex('pypi', POPULAR_PYPI), npm: new NameIndex('npm', POPULAR_NPM) };

/** Levenshtein distance, or `max + 1` as soon as it must exceed `max` (banded, O(len·max)). */
export function boundedLevenshtein(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const cur = new Array<number>(b.length + 1).fill(max + 1);
    cur[0] = i;
    let rowMin = cur[0];
    const from = Math.max(1, i - max);
    const to = Math.min(b.length, i + max);
    for (let j = from; j <= to; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min((prev[j] ?? max + 1) + 1, (cur[j - 1] ?? max + 1) + 1, (prev[j - 1] ?? max + 1) + cost);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return Math.min(prev[b.length] ?? max + 1, max + 1);
}

/** The popular name this one imitates, or null. */
export function typosquatOf(eco: Ecosystem, rawName: string): { target: string; distance: number } | null {
  const name = normalizeName(eco, rawName);
  const index = INDEX[eco];
  if (name.length < MIN_NAME || index.names.has(name) || name.startsWith('@types/')) return null;
  let best: { target: string; distance: number } | null = null;
  for (const target of index.candidates(name.length)) {
    const d = boundedLevenshtein(name, target, MAX_DISTANCE);
    // Relative bound: one edit in a 3-letter name is as suspicious as two in a 6-letter one.
    if (d === 0 || d > MAX_DISTANCE || d * 3 > Math.min(name.length, target.length)) continue;
    if (!best || d < best.distance) best = { target, distance: d };
  }
  return best;
}

export const sc6 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'SC6',
    category: 'Supply Chain',
    severity: 'HIGH',
    confidence: 0.7,
    // A fact about a dependency manifest or an artifact, wherever its file sits (not re-placed).
    calibration: 'artifact',
    title: 'Possible Typosquat Dependency',
    description:
      'A dependency whose name is one or two edits away from a popular PyPI or npm package (for example `reqeusts` for `requests`) without being that package. Typosquatted names are a standard way to get malware installed through a one-letter mistake.',
    remediation: 'Check the name against the registry page of the package you meant; fix the spelling and pin the version.',
    fileTypes: ['text', 'json', 'toml', 'python', 'other'],
  },
  check(_bundle, files): (RuleHit & { file: string })[] {
    const out: (RuleHit & { file: string })[] = [];
    for (const dep of collectDependencies(files)) {
      if (dep.source === 'local') continue;
      const t = typosquatOf(dep.ecosystem, dep.name);
      if (!t) continue;
      out.push({
        file: dep.file, line: dep.line, matched: `${dep.name} ${dep.spec}`.trim(),
        label: `Possible typosquat: ${dep.name} resembles ${t.target}`,
        evidence: { package: dep.name, ecosystem: dep.ecosystem, resembles: t.target, distance: t.distance },
      });
    }
    return out;
  },
});
