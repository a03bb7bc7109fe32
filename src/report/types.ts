// The public report (CONTRACT §3). Writers are pure functions of this one object.
import type { AnalysisCompleteness } from '../ledger/completeness.js';
import type { RiskAssessment } from '../scoring/score.js';
import type { ContainerType, ContentKind, Disposition, FileType, Severity } from '../shared/types.js';
import type { ReasonCode } from '../ledger/reasons.js';

export const SCHEMA_VERSION = 1;

export interface ArchiveFields {
  outer_path: string;
  nested_path: string;
  container_type: ContainerType;
  container_ancestry: ContainerType[];
  container_depth: number;
}

export interface ComponentRow extends Partial<ArchiveFields> {
  path: string;
  type: FileType;
  lines: number;
  size_bytes: number;
  executable: boolean;
  hidden: boolean;
  local_only: boolean;
}

export interface InventoryReportRow extends Partial<ArchiveFields> {
  path: string;
  content_kind: ContentKind;
  disposition: Disposition;
  size_bytes: number;
  reason?: ReasonCode;
  hidden: boolean;
  local_only: boolean;
  /** An encrypted member opened with a password from the bundle's text: the file and line that gave it. */
  decrypted_with?: { file: string; line: number };
}

export interface Location {
  file: string;
  start_line: number;
  end_line: number;
}

export interface Issue {
  id: string;
  finding_id: string;
  category: string;
  pattern: string;
  severity: Severity;
  confidence: number;
  location: Location;
  finding: string;
  explanation: string;
  remediation: string;
  tags: string[];
  evidence: Record<string, unknown>;
  match_fingerprint: string;
  occurrences: Location[];
  suppression_reason?: string;
}

/**
 * What a writer needs to describe a rule without the rule registry: the catalogue metadata of a rule that
 * produced an active or suppressed issue (CONTRACT §3, additive).
 */
export interface RuleDescriptor {
  id: string;
  title: string;
  category: string;
  /** The rule's default severity (an issue may carry another). */
  severity: Severity;
  /** The rule's default confidence in [0, 1]. */
  confidence: number;
  description: string;
  remediation: string;
}

/** Which LLM analyzer a failure came from. */
export type LlmAnalyzerId = 'llm-semantic' | 'llm-meta';

/** Why LLM review stopped before every sent file was reviewed. */
export type LlmStopReason = 'max_calls' | 'token_budget' | 'provider_failure';

/** The `metadata.llm` block: what LLM review did, written whenever it was requested (CONTRACT §7). */
export interface LlmReportMetadata {
  files_sent: number;
  files_withheld: number;
  cache_hits: number;
  semantic_findings: number;
  quotes_discarded: number;
  meta: { reviewed: number; confirmed: number; raised: number; false_positives: number; refused_downgrades: number };
  stopped: { reason: LlmStopReason; files_unreviewed: number } | null;
  /** A provider call failed: the review is partial and SAFE is not claimed. */
  degraded: boolean;
  /** `message` is provider or model text: sanitise before printing. */
  failures: { analyzer: LlmAnalyzerId; kind: string; message: string }[];
}

export interface ReportMetadata {
  scan_mode: 'static-only' | 'static+llm';
  llm_requested: boolean;
  llm_used: boolean;
  // The LLM usage fields are always written by this version; optional so reports from before it (and
  // hand-built ones) still type-check. Writers read an absent one as null / 0.
  llm_provider?: string | null;
  llm_model?: string | null;
  llm_calls?: number;
  llm_input_tokens?: number;
  llm_output_tokens?: number;
  /** Present exactly when `llm_requested`. */
  llm?: LlmReportMetadata;
  duration_ms: number;
  has_executable_scripts: boolean;
  target_kind: 'directory' | 'file' | 'archive';
  rules_run: number;
  advisory_snapshot?: string;
  [key: string]: unknown;
}

export interface ScanReport {
  schema_version: typeof SCHEMA_VERSION;
  tool: { name: 'skillspector'; version: string };
  skill: { name: string; source: string; scanned_at: string };
  risk_assessment: RiskAssessment;
  components: ComponentRow[];
  inventory: InventoryReportRow[];
  issues: Issue[];
  suppressed_count: number;
  suppressed: Issue[];
  /**
   * One descriptor per rule id in `issues` or `suppressed`, in rule-id order. Always written by this version;
   * optional so reports from before it (and hand-built ones) still type-check. Writers read rules only here.
   */
  rules?: RuleDescriptor[];
  metadata: ReportMetadata;
  execution_successful: boolean;
  analysis_completeness: AnalysisCompleteness;
}
