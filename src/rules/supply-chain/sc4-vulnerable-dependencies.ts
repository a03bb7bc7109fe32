import type { Severity } from '../../shared/types.js';
import { severityRank } from '../../shared/types.js';
import type { RuleHit } from '../types.js';
import { defineRule } from '../types.js';
import type { Advisory } from './data/advisories.js';
import { ADVISORIES, SNAPSHOT_DATE } from './data/advisories.js';
import type { Dependency } from '../../dependencies/deps.js';
import { collectDependencies, normalizeName } from '../../dependencies/deps.js';
import type { OnlineAdvisory } from '../../advisories/osv.js';
import { inRange } from '../../dependencies/version.js';

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

/** One advisory as SC4 reports it, from either source. */
interface Known {
  id: string;
  aliases: readonly string[];
  severity: Severity;
  summary: string;
  source: 'bundled-snapshot' | 'osv-live';
}

const SOURCE_TEXT = { 'bundled-snapshot': 'bundled offline advisory snapshot', 'osv-live': 'OSV.dev live lookup' } as const;

function onlineIndex(advisories: readonly OnlineAdvisory[] | undefined): Map<string, OnlineAdvisory[]> {
  const out = new Map<string, OnlineAdvisory[]>();
  for (const a of advisories ?? []) {
    const key = `${a.ecosystem}:${a.package}@${a.version}`;
    out.set(key, [...(out.get(key) ?? []), a]);
  }
  return out;
}

/** Live records first (fresher), then snapshot ones they do not already cover, deduplicated by id and aliases. */
function merge(live: readonly OnlineAdvisory[], snapshot: readonly Advisory[]): Known[] {
  const seen = new Set<string>();
  const out: Known[] = [];
  const add = (k: Known): void => {
    if ([k.id, ...k.aliases].some((id) => seen.has(id))) return;
    for (const id of [k.id, ...k.aliases]) seen.add(id);
    out.push(k);
  };
  for (const a of live) add({ id: a.id, aliases: a.aliases, severity: a.severity, summary: a.summary, source: 'osv-live' });
  for (const a of snapshot) add({ id: a.id, aliases: a.aliases, severity: a.severity, summary: a.summary, source: 'bundled-snapshot' });
  return out;
}

function vulnerableHit(dep: Dependency, version: string, hits: Known[]): RuleHit & { file: string } {
  const worst = hits.reduce((w, a) => (severityRank(a.severity) > severityRank(w.severity) ? a : w));
  const ids = hits.map((a) => a.aliases.find((x) => x.startsWith('CVE-')) ?? a.id);
  const sources = [...new Set(hits.map((a) => a.source))];
  return {
    file: dep.file, line: dep.line, matched: `${dep.name} ${dep.spec}`.trim(), severity: worst.severity, confidence: CONFIDENCE[worst.severity],
    label: `Known-vulnerable dependency: ${dep.name} ${version} (${ids.join(', ')})`,
    evidence: {
      package: dep.name, ecosystem: dep.ecosystem, version, snapshotDate: SNAPSHOT_DATE, source: sources.map((s) => SOURCE_TEXT[s]).join(' + '), sources,
      advisories: hits.map((a) => ({ id: a.id, aliases: a.aliases, severity: a.severity, summary: a.summary, source: a.source })),
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
    // A fact about a dependency manifest or an artifact, wherever its file sits (not re-placed).
    calibration: 'artifact',
    title: 'Known-Vulnerable Dependency',
    description:
      `A dependency pinned to a release with a published advisory, checked offline against a bundled snapshot holding a curated subset of well-known PyPI and npm advisories, each re-verified against its published GHSA record (snapshot ${SNAPSHOT_DATE}; not exhaustive). Severity follows the advisory. A dependency on a package in the snapshot whose version is not pinned cannot be verified and is reported at LOW as "Unverifiable Dependency". With \`scan --online\` (never the default, never over MCP), pinned dependencies are also looked up live in OSV.dev; live and snapshot advisories are merged by id and alias, and a failed or truncated lookup makes the analysis incomplete rather than clean.`,
    remediation:
      'Upgrade to a release outside the affected range and pin it. For a complete, current answer run with --online or a live advisory lookup (osv-scanner, pip-audit, npm audit).',
    fileTypes: ['text', 'json', 'toml', 'python', 'other'],
  },
  check(bundle, files): (RuleHit & { file: string })[] {
    const out: (RuleHit & { file: string })[] = [];
    const online = onlineIndex(bundle.onlineAdvisories);
    for (const dep of collectDependencies(files)) {
      if (dep.source !== 'registry') continue;
      const advisories = advisoriesFor(dep);
      if (dep.pinned) {
        const live = online.get(`${dep.ecosystem}:${normalizeName(dep.ecosystem, dep.name)}@${dep.pinned}`) ?? [];
        const hits = merge(live, affecting(advisories, dep.pinned));
        if (hits.length > 0) out.push(vulnerableHit(dep, dep.pinned, hits));
        continue;
      }
      if (advisories.length === 0) continue;
      out.push({
        file: dep.file, line: dep.line, matched: `${dep.name} ${dep.spec}`.trim(), severity: 'LOW', confidence: 0.4,
        label: `Unverifiable Dependency: ${dep.name} is not pinned, and releases of it have known advisories`,
        evidence: { package: dep.name, ecosystem: dep.ecosystem, spec: dep.spec, snapshotDate: SNAPSHOT_DATE, advisories: advisories.map((a) => a.id) },
      });
    }
    return out;
  },
});
