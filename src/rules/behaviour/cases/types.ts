// One firing or look-alike case for the behavioural rules, run end to end through `scanAsync`
// (src/rules/behaviour/cases.test.ts). Each language keeps its own table next to this file.
import type { Severity } from '../../../shared/types.js';

export interface BehaviourCase {
  /** The rule the case is about: AST1–AST10, TT1–TT6. */
  rule: string;
  /** The code file's name in the generated skill; its extension picks the language (`.py`, `.js`, `.ts`, `.tsx`, `.sh`). */
  file: string;
  code: string;
  /**
   * `fires`: the rule reports a finding in `file` at `line` (the sink's line, 1-based).
   * `quiet`: the look-alike twin: the rule reports nothing in `file` at or above `atLeast` (default: nothing at all).
   */
  expect: 'fires' | 'quiet';
  line?: number;
  /** For `quiet`: findings of the rule below this severity are allowed (calibrated cases, e.g. 'HIGH' = no HIGH or CRITICAL). */
  atLeast?: Severity;
  /** The skill's SKILL.md body (for cases that depend on what the skill documents, e.g. its vendor API host). */
  skill?: string;
  /** Why this case exists, one line. */
  note: string;
}
