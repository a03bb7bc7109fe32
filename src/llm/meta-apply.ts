// How one verdict may change one finding. The judge reads untrusted content, so it is allowed only
// moves that add information: confirm, explain, tag, or raise severity. It never removes a finding,
// never lowers a severity, and gets no say at all over a HIGH or CRITICAL it would like to soften.
import type { Finding } from '../analysis/finding.js';
import { sanitizeText } from '../shared/sanitize.js';
import { severityRank } from '../shared/types.js';
import type { Severity } from '../shared/types.js';
import type { MetaVerdict } from './meta-prompt.js';

/** A confirmed or raised finding has at least this confidence; one already higher keeps its own. */
export const CONFIRMED_CONFIDENCE = 0.85;
/** Bounds the judge's prose copied into a finding. */
export const MAX_EXPLANATION_CHARS = 2000;

export type VerdictOutcome = 'confirmed' | 'raised' | 'false_positive' | 'refused_downgrade' | 'no_effect';

export interface Applied {
  finding: Finding;
  outcome: VerdictOutcome;
  /** A lowering the verdict asked for on a MEDIUM or LOW finding, refused while the rest of the verdict applied. */
  loweringRefused: boolean;
}

function isProtected(severity: Severity): boolean {
  return severity === 'HIGH' || severity === 'CRITICAL';
}

function judgeText(text: string): string {
  return sanitizeText(text).slice(0, MAX_EXPLANATION_CHARS);
}

function withTag(tags: readonly string[], tag: string): string[] {
  return tags.includes(tag) ? [...tags] : [...tags, tag];
}

function enriched(finding: Finding, verdict: MetaVerdict, tag: string, changes: Partial<Finding> = {}): Finding {
  const evidence: Record<string, unknown> = { ...finding.evidence, llm_verdict: verdict.verdict, llm_explanation: judgeText(verdict.explanation) };
  if (verdict.remediation !== null) evidence.llm_remediation = judgeText(verdict.remediation);
  return { ...finding, ...changes, tags: withTag(finding.tags, tag), evidence };
}

/** The finding after `verdict`: always a new object when anything changed, the same one when nothing did. */
export function applyVerdict(finding: Finding, verdict: MetaVerdict): Applied {
  const lowers = verdict.severity !== null && severityRank(verdict.severity) < severityRank(finding.severity);
  if (isProtected(finding.severity) && (lowers || verdict.verdict === 'false_positive')) {
    return { finding, outcome: 'refused_downgrade', loweringRefused: false };
  }
  if (verdict.verdict === 'false_positive') {
    // Tagged for the reader only: severity and confidence stay what static analysis found.
    return { finding: enriched(finding, verdict, 'llm-false-positive'), outcome: 'false_positive', loweringRefused: lowers };
  }
  const confidence = Math.max(finding.confidence, CONFIRMED_CONFIDENCE);
  if (verdict.verdict === 'confirm') {
    return { finding: enriched(finding, verdict, 'llm-confirmed', { confidence }), outcome: 'confirmed', loweringRefused: lowers };
  }
  if (verdict.severity === null || severityRank(verdict.severity) <= severityRank(finding.severity)) {
    return { finding, outcome: lowers ? 'refused_downgrade' : 'no_effect', loweringRefused: false };
  }
  const raised = enriched(finding, verdict, 'llm-raised', { severity: verdict.severity, confidence });
  raised.evidence.llm_previous_severity = finding.severity;
  return { finding: raised, outcome: 'raised', loweringRefused: false };
}
