// Dependency records and the requirement-string grammars (PEP 508, npm ranges) shared by every parser.

import type { Ecosystem } from '../model/advisory.js';

export type { Ecosystem };
export type DepSource = 'registry' | 'url' | 'vcs' | 'local';

export interface Dependency {
  ecosystem: Ecosystem;
  /** As written (trimmed); see `normalizedName` for comparison. */
  name: string;
  /** Version specifier as written ('' when bare). */
  spec: string;
  /** The single release the spec allows, when it pins exactly one. */
  pinned: string | null;
  source: DepSource;
  file: string;
  line: number;
}

export const LIMITS = { manifests: 64, packagesPerManifest: 256, packagesPerScan: 1_024, nameChars: 256, specChars: 4_096, jsonBytes: 2_000_000 } as const;

export function normalizeName(eco: Ecosystem, name: string): string {
  // PEP 503: case-insensitive, runs of -_. are equivalent. npm names are already lower-case.
  return eco === 'pypi' ? name.toLowerCase().replace(/[-_.]+/g, '-') : name.toLowerCase();
}

const NAME_RE = /^([A-Za-z0-9][A-Za-z0-9._-]{0,255})/;
const EXACT_PEP440 = /^={2,3}\s*([0-9][0-9A-Za-z.!+_-]{0,127})$/;

/** One PEP 508 requirement string ("name[extra] >=1.0; marker", "name @ url"). */
export function parsePep508(raw: string, file: string, line: number): Dependency | null {
  const text = raw.trim();
  const m = NAME_RE.exec(text);
  if (!m || text.length > LIMITS.specChars) return null;
  const name = m[1] ?? '';
  let rest = text.slice(name.length).trimStart();
  if (rest.startsWith('[')) {
    const close = rest.indexOf(']');
    rest = close === -1 ? '' : rest.slice(close + 1).trimStart();
  }
  if (/^[:/\\]/.test(rest)) return null; // a bare URL or path, not a named requirement
  if (rest.startsWith('@')) {
    const url = rest.slice(1).trim();
    return { ecosystem: 'pypi', name, spec: `@ ${url}`, pinned: null, source: /^git\+|\.git(?:@|$)/.test(url) ? 'vcs' : 'url', file, line };
  }
  const spec = (rest.split(';')[0] ?? '').replace(/^\(|\)$/g, '').trim();
  const exact = EXACT_PEP440.exec(spec);
  const pinned = exact && !(exact[1] ?? '').includes('*') ? (exact[1] ?? null) : null;
  return { ecosystem: 'pypi', name, spec, pinned, source: 'registry', file, line };
}

const NPM_EXACT = /^(?:=|v)?(\d{1,12}\.\d{1,12}\.\d{1,12}(?:[-+][0-9A-Za-z.-]{1,100})?)$/;

/** npm dependency value → source and exact pin. */
export function classifyNpmSpec(spec: string): { pinned: string | null; source: DepSource } {
  const s = spec.trim();
  if (/^(?:file|link|workspace|portal):/.test(s)) return { pinned: null, source: 'local' };
  if (/^(?:git(?:\+[a-z]+)?:|github:|gitlab:|bitbucket:|[\w.-]{1,100}\/[\w.-]{1,100}(?:#|$))/.test(s)) return { pinned: null, source: 'vcs' };
  if (/^https?:/.test(s)) return { pinned: null, source: 'url' };
  const m = NPM_EXACT.exec(s);
  return { pinned: m ? (m[1] ?? null) : null, source: 'registry' };
}

