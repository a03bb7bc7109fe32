// The report's view of a suppression partition: suppressed issues with their reasons, and counts that
// agree everywhere (`suppressed_count` is the number of suppressed issues, the unit `issues` uses).
import type { Finding } from '../analysis/finding.js';
import { buildIssues, matchFingerprint } from '../report/issues.js';
import type { Issue } from '../report/types.js';
import type { Partition, SuppressionSource } from './apply.js';
import type { Baseline } from './schema.js';

export interface SuppressedIssues {
  issues: Issue[];
  /** Suppressed issues by what suppressed them; the two add up to `issues.length`. */
  bySource: Record<SuppressionSource, number>;
}

function issueKey(f: Finding): string {
  return `${f.rule.id}\u001f${matchFingerprint(f.rule.id, f.matched)}`;
}

/** Issues are grouped as `buildIssues` groups them; each takes the reason of its first suppressed finding. */
export function suppressedIssues(partition: Partition): SuppressedIssues {
  const first = new Map<string, { reason: string; source: SuppressionSource }>();
  for (const s of partition.suppressed) {
    const key = issueKey(s.finding);
    if (!first.has(key)) first.set(key, { reason: s.reason, source: s.source });
  }
  const bySource: Record<SuppressionSource, number> = { baseline: 0, inline: 0 };
  const issues = buildIssues(partition.suppressed.map((x) => x.finding)).map((issue) => {
    const why = first.get(`${issue.id}\u001f${issue.match_fingerprint}`) ?? { reason: 'baseline', source: 'baseline' as const };
    bySource[why.source]++;
    return { ...issue, suppression_reason: why.reason };
  });
  return { issues, bySource };
}

/** `metadata.baseline` and `metadata.inline_suppressions`, each present only when it has something to say. */
export function suppressionMetadata(baseline: Baseline | undefined, partition: Partition, counts: SuppressedIssues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (baseline) {
    out['baseline'] = { applied: true, suppressed: counts.bySource.baseline, rules: baseline.rules.length, fingerprints: baseline.fingerprints.length };
  }
  if (partition.inline.trusted || partition.inline.matched > 0) {
    out['inline_suppressions'] = { ...partition.inline, suppressed: counts.bySource.inline };
  }
  return out;
}
