import { defineRule } from '../types.js';
import { manifestSource } from '../kit/manifest-text.js';

const FLOATING = new Set(['*', 'latest', 'any', 'x', 'next', 'newest']);

/** Confidence for a version that does not name one release, or null when it does. */
export function versionLooseness(raw: string): { confidence: number; why: string } | null {
  const v = raw.trim().toLowerCase();
  if (v === '') return null;
  if (FLOATING.has(v)) return { confidence: 0.8, why: 'floating' };
  if (v.startsWith('>=') || (v.startsWith('>') && !v.startsWith('>='))) return { confidence: 0.4, why: 'lower-bound' };
  if (v.startsWith('^') || v.startsWith('~')) return { confidence: 0.5, why: 'caret-or-tilde' };
  if (v.includes('||') || /\d\s+-\s+\d/.test(v) || /(?:^|\.)(?:x|\*)(?:\.|$)/.test(v)) return { confidence: 0.5, why: 'range' };
  return null;
}

export const rp3 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'RP3',
    category: 'Rug Pull',
    severity: 'LOW',
    confidence: 0.8,
    title: 'Unpinned Skill Version',
    description:
      'The manifest `version` (top-level or under `metadata`) is `*`, `latest` or `any` (0.8), or a range such as `>=1.0`, `^1.2`, `~1.2`, `1.x` (0.4–0.5). A version that names no single release cannot be audited or reproduced, and lets an update slip in under the reviewed name. (Parameter-schema changes against a previous manifest are not checked: no previous manifest is available to a scan.)',
    remediation: 'Set `version` to the exact release this bundle is (e.g. `1.2.3`).',
    noTriage: true,
  },
  check(bundle, files) {
    const src = manifestSource(bundle, files);
    if (!src) return [];
    const data = src.manifest.data;
    const meta = data.metadata;
    const candidates = [data.version, meta !== null && typeof meta === 'object' ? (meta as Record<string, unknown>).version : undefined];
    for (const version of candidates) {
      if (typeof version !== 'string') continue;
      const loose = versionLooseness(version.slice(0, 200));
      if (!loose) continue;
      const field = src.field('version', version);
      return [{
        file: src.path,
        line: field ? src.lineOf(version, field.line) : 1,
        matched: version.slice(0, 200),
        label: loose.why === 'floating' ? 'Skill version is unpinned' : 'Skill version is a range',
        confidence: loose.confidence,
        evidence: { version: version.slice(0, 200), kind: loose.why },
      }];
    }
    return [];
  },
});
