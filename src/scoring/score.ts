// Risk score and verdict (CONTRACT §4). Pure: findings + completeness in, assessment out.
import type { Recommendation, Severity } from '../shared/types.js';
import { severityRank } from '../shared/types.js';

export interface ScoredFinding {
  ruleId: string;
  severity: Severity;
  confidence: number;
  /** The finding's file is executable (suffix, shebang, magic or mode). */
  executable: boolean;
  /** Context triage lowered it (`contextual-triage`); a triaged finding is never decisive. */
  triaged?: boolean;
}

export interface RiskAssessment {
  score: number;
  severity: Severity;
  recommendation: Recommendation;
  max_issue_severity: Severity | 'NONE';
}

export interface FloorInputs {
  isComplete: boolean;
  executionSuccessful: boolean;
  entirelyUninspected: number;
  llmDegraded: boolean;
}

const BASE: Record<Severity, number> = { CRITICAL: 50, HIGH: 25, MEDIUM: 10, LOW: 5 };
const RULE_WEIGHTS = [1, 0.5, 0.25];
export const SCORE_THRESHOLD = 50;
export const SC8_FLOOR = 51;
/** A decisive finding floors the score here, the lowest DO_NOT_INSTALL score (CONTRACT §4). */
export const DECISIVE_FLOOR = 51;
export const DECISIVE_CONFIDENCE = 0.8;

/** An active CRITICAL at confidence ≥ 0.8 that context triage did not lower: alone enough to block. */
export function isDecisive(f: ScoredFinding): boolean {
  return f.severity === 'CRITICAL' && f.confidence >= DECISIVE_CONFIDENCE && f.triaged !== true;
}

export function rawScore(findings: readonly ScoredFinding[]): number {
  const byRule = new Map<string, ScoredFinding[]>();
  for (const f of findings) {
    const list = byRule.get(f.ruleId) ?? [];
    list.push(f);
    byRule.set(f.ruleId, list);
  }
  let sum = 0;
  for (const list of byRule.values()) {
    const ordered = [...list].sort((a, b) => contribution(b) - contribution(a));
    ordered.slice(0, RULE_WEIGHTS.length).forEach((f, i) => {
      sum += contribution(f) * (RULE_WEIGHTS[i] ?? 0);
    });
  }
  let score = Math.min(100, Math.trunc(sum + 1e-9));
  if (findings.some((f) => f.ruleId === 'SC8' && f.confidence > 0)) score = Math.max(score, SC8_FLOOR);
  if (findings.some(isDecisive)) score = Math.max(score, DECISIVE_FLOOR);
  return score;
}

function contribution(f: ScoredFinding): number {
  const confidence = Math.min(1, Math.max(0, f.confidence));
  return BASE[f.severity] * confidence * (f.executable ? 1.3 : 1);
}

export function band(score: number): Severity {
  if (score >= 81) return 'CRITICAL';
  if (score >= 51) return 'HIGH';
  if (score >= 21) return 'MEDIUM';
  return 'LOW';
}

export function recommendationFor(severity: Severity): Recommendation {
  if (severity === 'LOW') return 'SAFE';
  if (severity === 'MEDIUM') return 'CAUTION';
  return 'DO_NOT_INSTALL';
}

export function assess(findings: readonly ScoredFinding[], floor: FloorInputs): RiskAssessment {
  const score = rawScore(findings);
  const severity = band(score);
  let recommendation = recommendationFor(severity);
  // Fail closed: we never claim SAFE for content we did not fully inspect. The score is left as is.
  const uncertain =
    !floor.isComplete || !floor.executionSuccessful || floor.entirelyUninspected > 0 || floor.llmDegraded;
  if (recommendation === 'SAFE' && uncertain) recommendation = 'CAUTION';
  let max: Severity | 'NONE' = 'NONE';
  for (const f of findings) if (max === 'NONE' || severityRank(f.severity) > severityRank(max)) max = f.severity;
  return { score, severity, recommendation, max_issue_severity: max };
}
