// Writes a baseline that accepts every current finding, as YAML (or JSON for a .json file).
import { stringify } from 'yaml';
import type { Finding } from '../analysis/finding.js';
import { sanitizeLine, stringifyJsonSafe } from '../shared/sanitize.js';
import type { Baseline } from './schema.js';

/** Long enough to recognise the finding, short enough to keep the file readable. */
const MESSAGE_MAX = 200;

function messageOf(f: Finding): string {
  const text = sanitizeLine(f.label).replace(/\s+/g, ' ').trim();
  return text.length > MESSAGE_MAX ? `${text.slice(0, MESSAGE_MAX - 1)}…` : text;
}

function byPlace(a: Finding, b: Finding): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.startLine - b.startLine || (a.rule.id < b.rule.id ? -1 : a.rule.id > b.rule.id ? 1 : 0);
}

export function buildBaseline(findings: readonly Finding[], fingerprintOf: (f: Finding) => string, scannerVersion: string, reason: string): Baseline {
  const seen = new Set<string>();
  const fingerprints: Baseline['fingerprints'] = [];
  for (const f of [...findings].sort(byPlace)) {
    const hash = fingerprintOf(f);
    if (seen.has(hash)) continue;
    seen.add(hash);
    fingerprints.push({ id: f.rule.id, path: f.file, message: messageOf(f), reason, hash });
  }
  return { version: 2, scanner_version: scannerVersion, rules: [], fingerprints };
}

const HEADER = [
  '# SkillSpector baseline: accepted findings (docs/CONFIG.md).',
  '# A fingerprint accepts one finding by rule id, path and the matched lines with one line either side;',
  '# it survives edits elsewhere, moved blocks and scanner upgrades, and lapses when those lines change.',
  '# Glob rules {id, path, message, reason} accept broader classes; every entry needs a reason.',
].join('\n');

export function serializeBaseline(baseline: Baseline, file: string): string {
  if (/\.json$/i.test(file)) return `${stringifyJsonSafe(baseline, 2)}\n`;
  return `${HEADER}\n${stringify(baseline)}`;
}
