// Severity of one OSV record, in the order the catalogue gives (digest §11, SC4/OSV): the GitHub
// advisory's `database_specific.severity`, then an `ecosystem_specific.severity`, then the CVSS
// vectors in `severity[]`, else HIGH. CVSS 3.x vectors get their real base score; other vectors
// (v2, v4) fall back to the share of base metrics at their worst value (≥75 % CRITICAL, ≥50 % HIGH,
// ≥25 % MEDIUM, else LOW).
import type { Severity } from '../shared/types.js';
import { severityRank } from '../shared/types.js';

import type { SeveritySource } from '../model/advisory.js';

export type { SeveritySource };

/** A severity word as OSV sources spell it (GHSA uses MODERATE). */
export function severityWord(value: unknown): Severity | null {
  if (typeof value !== 'string') return null;
  switch (value.trim().toUpperCase()) {
    case 'CRITICAL': return 'CRITICAL';
    case 'HIGH': case 'IMPORTANT': return 'HIGH';
    case 'MODERATE': case 'MEDIUM': return 'MEDIUM';
    case 'LOW': case 'NEGLIGIBLE': return 'LOW';
    default: return null;
  }
}

function metrics(vector: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of vector.split('/').slice(0, 32)) {
    const colon = part.indexOf(':');
    if (colon > 0 && !part.startsWith('CVSS')) out.set(part.slice(0, colon), part.slice(colon + 1));
  }
  return out;
}

const AV: Record<string, number> = { N: 0.85, A: 0.62, L: 0.55, P: 0.2 };
const AC: Record<string, number> = { L: 0.77, H: 0.44 };
const UI: Record<string, number> = { N: 0.85, R: 0.62 };
const CIA: Record<string, number> = { H: 0.56, L: 0.22, N: 0 };
const PR_UNCHANGED: Record<string, number> = { N: 0.85, L: 0.62, H: 0.27 };
const PR_CHANGED: Record<string, number> = { N: 0.85, L: 0.68, H: 0.5 };

/** CVSS 3.0/3.1 rounding: the smallest one-decimal number ≥ x, robust to float error. */
function roundUp(x: number): number {
  const i = Math.round(x * 100_000);
  return i % 10_000 === 0 ? i / 100_000 : (Math.floor(i / 10_000) + 1) / 10;
}

/** CVSS 3.x base score, or null when the vector is not a complete 3.x base vector. */
export function cvss3BaseScore(vector: string): number | null {
  if (!/^CVSS:3\.[01]\//.test(vector)) return null;
  const m = metrics(vector);
  const scope = m.get('S');
  const av = AV[m.get('AV') ?? ''];
  const ac = AC[m.get('AC') ?? ''];
  const ui = UI[m.get('UI') ?? ''];
  const pr = (scope === 'C' ? PR_CHANGED : PR_UNCHANGED)[m.get('PR') ?? ''];
  const c = CIA[m.get('C') ?? ''];
  const i = CIA[m.get('I') ?? ''];
  const a = CIA[m.get('A') ?? ''];
  if ((scope !== 'U' && scope !== 'C') || av === undefined || ac === undefined || ui === undefined || pr === undefined || c === undefined || i === undefined || a === undefined) return null;
  const iss = 1 - (1 - c) * (1 - i) * (1 - a);
  const impact = scope === 'U' ? 6.42 * iss : 7.52 * (iss - 0.029) - 3.25 * (iss - 0.02) ** 15;
  if (impact <= 0) return 0;
  const exploitability = 8.22 * av * ac * pr * ui;
  return roundUp(Math.min((scope === 'U' ? 1 : 1.08) * (impact + exploitability), 10));
}

function scoreSeverity(score: number): Severity {
  return score >= 9 ? 'CRITICAL' : score >= 7 ? 'HIGH' : score >= 4 ? 'MEDIUM' : 'LOW';
}

// Worst value of each base metric across CVSS v2/v3/v4 (v4 subsequent-system metrics left out).
const WORST: Record<string, readonly string[]> = {
  AV: ['N'], AC: ['L'], AT: ['N'], PR: ['N'], UI: ['N'], Au: ['N'], S: ['C'],
  C: ['H', 'C'], I: ['H', 'C'], A: ['H', 'C'], VC: ['H'], VI: ['H'], VA: ['H'],
};

function heuristicSeverity(vector: string): Severity | null {
  let seen = 0;
  let worst = 0;
  for (const [k, v] of metrics(vector)) {
    const w = WORST[k];
    if (!w) continue;
    seen += 1;
    if (w.includes(v)) worst += 1;
  }
  if (seen < 4) return null;
  const share = worst / seen;
  return share >= 0.75 ? 'CRITICAL' : share >= 0.5 ? 'HIGH' : share >= 0.25 ? 'MEDIUM' : 'LOW';
}

/** Severity of one `severity[]` entry: a CVSS vector, a bare numeric score, or a severity word. */
export function cvssSeverity(score: string): Severity | null {
  const s = score.trim();
  if (s.length === 0 || s.length > 256) return null;
  const v3 = cvss3BaseScore(s);
  if (v3 !== null) return scoreSeverity(v3);
  if (/^\d{1,2}(?:\.\d{1,2})?$/.test(s) && Number(s) <= 10) return scoreSeverity(Number(s));
  return severityWord(s) ?? (s.includes(':') ? heuristicSeverity(s) : null);
}

function worstOf(list: readonly (Severity | null)[]): Severity | null {
  let out: Severity | null = null;
  for (const s of list) if (s !== null && (out === null || severityRank(s) > severityRank(out))) out = s;
  return out;
}

export interface SeverityInputs {
  ghsa?: unknown;
  ecosystemSpecific: readonly unknown[];
  vectors: readonly string[];
}

export function osvSeverity(input: SeverityInputs): { severity: Severity; source: SeveritySource } {
  const ghsa = severityWord(input.ghsa);
  if (ghsa) return { severity: ghsa, source: 'ghsa' };
  const eco = worstOf(input.ecosystemSpecific.map(severityWord));
  if (eco) return { severity: eco, source: 'ecosystem' };
  const cvss = worstOf(input.vectors.map(cvssSeverity));
  if (cvss) return { severity: cvss, source: 'cvss' };
  return { severity: 'HIGH', source: 'default' };
}
