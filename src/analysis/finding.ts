import type { Severity } from '../shared/types.js';
import type { RuleMeta } from '../rules/types.js';

/** One rule hit at one location, before de-duplication. */
export interface Finding {
  rule: RuleMeta;
  file: string;
  startLine: number;
  endLine: number;
  matched: string;
  label: string;
  severity: Severity;
  confidence: number;
  tags: string[];
  evidence: Record<string, unknown>;
}
