import type { Severity } from '../../shared/types.js';
import { severityRank } from '../../shared/types.js';
import type { RuleHit } from '../types.js';
import { defineRule } from '../types.js';
import type { Advisory } from './data/advisories.js';
import { ADVISORIES, SNAPSHOT_DATE } from './data/advisories.js';
import type { Dependency } from './deps.js';
import { collectDependencies, normalizeName } from './deps.js';
import { inRange } from './version.js';

const BY_PACKAGE = new Map<string, Advisory[]>();
for (const a of ADVISORIES) {
  const key = `${a.ecosystem}:${a.package}`;
  BY_PACKAGE.set(key, [...(BY_PACKAGE.get(key) ?? []), a]);
}

const CONFIDENCE: Record<Severity, number> = { CRITICAL: 0.9, HIGH: 0.8, MEDIUM: 0.7, LOW: 0.6 };

export function advisoriesFor(dep: Dependency): Advisory[] {
  return BY_PACKAGE.get(`${dep.ecosystem}:${normalizeName(dep.ecosystem, dep.name)}`) ?? [];
}

export function affecting(advisories: readonly Advisory[], version: string): Advisory[] {
  return advisories.filter((a) => a.ranges.some((r) => inRange(version, r)));
}

function vulnerableHit(dep: Dependency, version: string, hits: Advisory[]): RuleHit & { file: string } {
  const worst = hits.reduce((w, a) => (severityRank(a.severity) > severityRank(w.severity) ? a : w));
  const ids = hits.map((a) => a.aliases[0] ?? a.id);
  return {
    file: dep.file, line: dep.line, matched: `${dep.name} ${dep.spec}`.trim(), severity: worst.severity, confidence: CONFIDENCE[worst.severity],
    label: `Known-vulnerable dependency: ${dep.name} ${version} (${ids.join(', ')})`,
    evidence: {
      package: dep.name, ecosystem: dep.ecosystem, version, snapshotDate: SNAPSHOT_DATE, source: 'bundled offline advisory snapshot',
      advisories: hits.map((a) => ({ id: a.id, aliases: a.aliases, severity: a.severity, summary: a.summary })),
    },
  };
}

export const sc4 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'SC4',
    category: 'Supply Chain',
    severity: 'HIGH',
    confidence: 0.8,
    title: 'Known-Vulnerable Dependency',
    description:
      `A dependency pinned to a release with a published advisory, checked offline against a bundled snapshot of well-known PyPI and npm advisories (snapshot ${SNAPSHOT_DATE}; not exhaustive). Severity follows the advisory. A dependency on a package in the snapshot whose version is not pinned cannot be verified and is reported at LOW as "Unverifiable Dependency".`,
    remediation:
      'Upgrade to a release outside the affected range and pin it. For a complete, current answer run a live advisory lookup (osv-scanner, pip-audit, npm audit).',
    fileTypes: ['text', 'json', 'toml', 'python', 'other'],
  },
  check(_bundle, files): (RuleHit & { file: string })[] {
    const out: (RuleHit & { file: string })[] = [];
    for (const dep of collectDependencies(files)) {
      const advisories = advisoriesFor(dep);
      if (advisories.length === 0 || dep.source !== 'registry') continue;
      if (dep.pinned) {
        const hits = affecting(advisories, dep.pinned);
        if (hits.length > 0) out.push(vulnerableHit(dep, dep.pinned, hits));
        continue;
      }
      out.push({
        file: dep.file, line: dep.line, matched: `${dep.name} ${dep.spec}`.trim(), severity: 'LOW', confidence: 0.4,
        label: `Unverifiable Dependency: ${dep.name} is not pinned, and releases of it have known advisories`,
        evidence: { package: dep.name, ecosystem: dep.ecosystem, spec: dep.spec, snapshotDate: SNAPSHOT_DATE, advisories: advisories.map((a) => a.id) },
      });
    }
    return out;
  },
});
