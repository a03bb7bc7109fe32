// Findings → public issues: de-duplicated by (rule, fingerprint) with every location kept.
import { createHash } from 'node:crypto';
import type { Finding } from '../analysis/finding.js';
import { sanitizeLine, sanitizeText } from '../shared/sanitize.js';
import { severityRank } from '../shared/types.js';
import type { Issue, Location, RuleDescriptor } from './types.js';

export function matchFingerprint(ruleId: string, matched: string): string {
  return createHash('sha256').update(`${ruleId}\u001f${matched.replace(/\s+/g, ' ').trim()}`).digest('hex');
}

function compareLocation(a: Location, b: Location): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.start_line - b.start_line || a.end_line - b.end_line;
}

function better(a: Finding, b: Finding): boolean {
  return severityRank(a.severity) > severityRank(b.severity) || (a.severity === b.severity && a.confidence > b.confidence);
}

function toIssue(rep: Finding, fingerprint: string, occurrences: Location[]): Issue {
  const first = occurrences[0] ?? { file: rep.file, start_line: rep.startLine, end_line: rep.endLine };
  const id = createHash('sha256').update(`${rep.rule.id}\u001f${fingerprint}\u001f${first.file}\u001f${first.start_line}`).digest('hex');
  return {
    id: rep.rule.id,
    finding_id: `finding-${id.slice(0, 24)}`,
    category: rep.rule.category,
    pattern: sanitizeText(rep.label),
    severity: rep.severity,
    confidence: Math.round(rep.confidence * 1000) / 1000,
    location: first,
    finding: sanitizeText(rep.matched),
    explanation: rep.rule.description,
    remediation: rep.rule.remediation,
    tags: [...new Set(rep.tags)].sort(),
    evidence: rep.evidence,
    match_fingerprint: fingerprint,
    occurrences,
  };
}

export function buildIssues(findings: readonly Finding[]): Issue[] {
  const groups = new Map<string, { rep: Finding; fingerprint: string; locations: Location[] }>();
  for (const f of findings) {
    const fingerprint = matchFingerprint(f.rule.id, f.matched);
    const key = `${f.rule.id}\u001f${fingerprint}`;
    const loc: Location = { file: f.file, start_line: f.startLine, end_line: f.endLine };
    const g = groups.get(key);
    if (!g) groups.set(key, { rep: f, fingerprint, locations: [loc] });
    else {
      if (better(f, g.rep)) g.rep = f;
      if (!g.locations.some((l) => compareLocation(l, loc) === 0)) g.locations.push(loc);
    }
  }
  const issues = [...groups.values()].map((g) => toIssue(g.rep, g.fingerprint, g.locations.sort(compareLocation)));
  return issues.sort(
    (a, b) =>
      severityRank(b.severity) - severityRank(a.severity) ||
      compareLocation(a.location, b.location) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** Rule ids compare by family prefix, then number, so P2 precedes P10. */
export function compareRuleIds(a: string, b: string): number {
  const ma = /^([A-Za-z]*)(\d*)(.*)$/.exec(a);
  const mb = /^([A-Za-z]*)(\d*)(.*)$/.exec(b);
  const [pa, na, ra] = [ma?.[1] ?? a, Number(ma?.[2] || -1), ma?.[3] ?? ''];
  const [pb, nb, rb] = [mb?.[1] ?? b, Number(mb?.[2] || -1), mb?.[3] ?? ''];
  return cmp(pa, pb) || na - nb || cmp(ra, rb) || cmp(a, b);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The catalogue metadata of every rule behind `findings`, one per id, in rule-id order: the report's `rules`. */
export function ruleDescriptors(findings: readonly Finding[]): RuleDescriptor[] {
  const byId = new Map<string, RuleDescriptor>();
  for (const { rule } of findings) {
    if (byId.has(rule.id)) continue;
    byId.set(rule.id, {
      id: rule.id, title: sanitizeLine(rule.title), category: rule.category, severity: rule.severity, confidence: rule.confidence,
      description: sanitizeText(rule.description), remediation: sanitizeText(rule.remediation),
    });
  }
  return [...byId.values()].sort((a, b) => compareRuleIds(a.id, b.id));
}
