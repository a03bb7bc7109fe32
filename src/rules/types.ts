// A rule is metadata plus an implementation, under one public id (RULES.md).
import type { FileViews } from '../analysis/views.js';
import type { ParseOutcome } from '../behaviour/parser.js';
import type { BundleView, FileView } from '../model/bundle.js';
import type { CalibrationClass } from '../model/place.js';
import type { FileType, Severity } from '../shared/types.js';

export const CATEGORIES = [
  'Prompt Injection', 'System Prompt Leakage', 'Data Exfiltration', 'Privilege Escalation', 'Supply Chain',
  'Excessive Agency', 'Output Handling', 'Memory Poisoning', 'Tool Misuse', 'Rogue Agent', 'Agent Snooping',
  'Anti-Refusal', 'SSRF', 'Deserialization', 'Analysis Evasion', 'Trigger Abuse', 'Tool Poisoning',
  'Least Privilege', 'Rug Pull', 'Malware',
] as const;
export type RuleCategory = (typeof CATEGORIES)[number];

export interface RuleMeta {
  id: string;
  category: RuleCategory;
  /** Default severity; a pattern or hit may lower or raise it only where documented. */
  severity: Severity;
  /** Default confidence in [0, 1]. */
  confidence: number;
  title: string;
  description: string;
  remediation: string;
  /** File types the rule reads; omitted means every text file. */
  fileTypes?: readonly FileType[];
  /** Skip polarity/context triage (rules whose matches are never prose, e.g. invisible characters). */
  noTriage?: boolean;
  /** Asks for the file's syntax tree (`ctx.tree`): parsers are loaded only when some active rule does. */
  usesTree?: boolean;
  /** How severity responds to where a match sits (src/analysis/calibration.ts); default by category. */
  calibration?: CalibrationClass;
}

export interface PatternSpec {
  /** Linear-time pattern: bounded gaps, no nested quantifiers. Flags other than `g` are kept. */
  re: RegExp;
  /** What this pattern detects, shown as the finding's `pattern`. */
  label?: string;
  confidence?: number;
  severity?: Severity;
  /** Lower-case substrings; the pattern runs only when one is present in the window (cheap prefilter). */
  keywords?: readonly string[];
}

export interface RuleHit {
  /** 1-based line of the match start in the raw text. */
  line: number;
  endLine?: number;
  matched: string;
  label?: string;
  confidence?: number;
  severity?: Severity;
  tags?: string[];
  evidence?: Record<string, unknown>;
  /** Start offset of the match within the line (for context triage). */
  column?: number;
}

export interface RuleContext {
  file: FileView;
  bundle: BundleView;
  /**
   * Shared per-file views, computed once for all rules: `views.raw` (the raw text) and `views.security`
   * (the security view, when it differs), each with `index` (LineIndex), `lower` (lower-cased text),
   * `keywords` (one-pass keyword presence: `keywords.any(['curl', 'wget'])`) and `lines`. The runner
   * always sets it; `viewsOf(file.text)` (src/analysis/views.ts) returns the same object.
   */
  views?: FileViews;
  /**
   * The file's syntax tree (behavioural analysis). Present only when the scan ran through `scanAsync`
   * (or the CLI/MCP) with the file's grammar loaded. Returns null for files that are not Python, JS/TS
   * or shell, a failure (already recorded in the ledger) when the file could not be parsed within its
   * budget, or the tree, valid until the file's rules finish. Rules must not keep or delete it.
   */
  tree?: () => ParseOutcome | null;
}

export interface PatternRule {
  kind: 'pattern';
  meta: RuleMeta;
  patterns: readonly PatternSpec[];
  /** Optional extra applicability test on the file. */
  appliesTo?: (file: FileView) => boolean;
}

export interface CustomRule {
  kind: 'custom';
  meta: RuleMeta;
  appliesTo?: (file: FileView) => boolean;
  /** Must run in time linear in the file size. */
  check(ctx: RuleContext): RuleHit[];
}

/** Rules that look at the bundle as a whole (manifest fields, inventory shape) rather than one file. */
export interface BundleRule {
  kind: 'bundle';
  meta: RuleMeta;
  check(bundle: BundleView, files: readonly FileView[]): (RuleHit & { file: string })[];
}

/**
 * Signature rules (YR1–YR4, YR-CUSTOM): metadata only. The signature stage (src/engine/signatures.ts)
 * matches the bundled and `--rules-dir` signature sets on every component's raw bytes and reports each
 * matched signature under the id its `meta.category` maps to; no per-file runner calls these rules.
 */
export interface SignatureRule {
  kind: 'signature';
  meta: RuleMeta;
}

/**
 * LLM rules (SSD-1..4, SDI-1..4, SQP-1..3, TP4): metadata only. They fire only when a scan runs the LLM
 * stage (src/engine/llm-stage.ts), from model findings whose quotes were checked against the real text.
 */
export interface LlmRule {
  kind: 'llm';
  meta: RuleMeta;
}

export type Rule = PatternRule | CustomRule | BundleRule | SignatureRule | LlmRule;

export function defineRule<R extends Rule>(rule: R): R {
  return rule;
}
