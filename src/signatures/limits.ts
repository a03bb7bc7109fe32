// Bounds of the signature engine. They live here, not in src/limits, because src/limits is owned by the
// engine work in progress; the engineer wiring YR1–YR4 may move them there. Parse-time bounds reject the
// rule file (usage error); scan-time bounds set a flag in ScanResult.limits so the caller records an
// `output_limit` ledger row.
export const SIGNATURE_LIMITS = {
  /** Characters per rule file (upstream: 1 MiB per file). */
  maxFileChars: 1024 * 1024,
  /** Rules per compiled set (all files together). */
  maxRules: 4096,
  /** Strings per rule. */
  maxStringsPerRule: 256,
  /** Operands in one rule's condition (bounds the evaluator's recursion). */
  maxConditionTerms: 1000,
  /** Bytes of a text string, tokens of a hex string, characters of a regex. */
  maxPatternBytes: 1024,
  /** Upper bound of a hex jump `[n-m]`. */
  hexJumpMax: 256,
  /** Matches counted (and offsets kept) per string per scan (upstream: 4,096 instances per rule). */
  maxMatchesPerString: 4096,
  /** Candidate verifications per scan, all strings together, before verification stops (flagged). */
  maxVerifications: 4_000_000,
  /** Byte tests and jump expansions inside verification per scan (bounds hex jumps on adversarial input). */
  maxVerifySteps: 50_000_000,
  /** Bytes scanned per input; a longer input is scanned up to here and flagged. */
  maxScanBytes: 64 * 1024 * 1024,
} as const;
