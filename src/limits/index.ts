// Every resource-safety bound in one place. None is a user setting: they exist so hostile bundles
// end with a partial record instead of a hang or an out-of-memory.

export const LIMITS = {
  /** Bundle discovery (INSPECTION §1). */
  maxEntries: 10_000,
  maxDepth: 64,
  maxTotalBytes: 64 * 1024 * 1024,
  maxFileBytes: 16 * 1024 * 1024,
  scanDeadlineMs: 60_000,
  /** SKILL.md frontmatter (INSPECTION §2). */
  manifestPrefixBytes: 256 * 1024,
  manifestMaxNodes: 10_000,
  manifestMaxDepth: 64,
  manifestMaxAliases: 100,
  /** Containers (INSPECTION §3.3): one shared budget for the whole bundle. */
  archiveMaxDepth: 3,
  archiveMaxMembers: 1_000,
  archiveMaxExpandedBytes: 25 * 1024 * 1024,
  archiveMaxCentralDirectoryBytes: 4 * 1024 * 1024,
  archiveMaxMemberBytes: 1_000_000,
  archiveMaxRatio: 100,
  archiveDeadlineMs: 5_000,
  /** Analysis. */
  windowChars: 256_000,
  windowOverlapChars: 8_192,
  maxFindingsPerFile: 10_000,
  /**
   * Characters NFKC may add to one file's security view (U+FDFA alone becomes 18): past this the rest of
   * the view stays as written and the file is recorded as cut short (`output_limit`).
   */
  securityViewMaxExtraChars: 4 * 1024 * 1024,
  /** Candidate matches one rule helper may judge in one file (src/rules/kit/scan-helpers.ts). */
  maxCandidatesPerFile: 20_000,
  /** Candidates of one matcher kept per line; later ones on the same line add no new finding location. */
  maxCandidatesPerLine: 8,
  maxOutputRecords: 10_000,
  /**
   * Rule helpers' own bounds on how many candidates they follow in one file (or bundle). Each records an
   * `output_limit` row when reached, so decoys placed before a payload can never leave the scan complete.
   */
  /** Variables tracked as holding a secret (exfiltration flow, src/rules/exfiltration/flow.ts). */
  exfilFlowMaxTaintedNames: 256,
  /** Variables tracked as holding tool input (tool-misuse flows, src/rules/tool-misuse/flows.ts). */
  toolFlowMaxTaintedNames: 64,
  /** Loop heads whose bodies are examined for runaway execution (src/rules/tool-misuse/loops.ts). */
  maxLoopHeadsPerFile: 256,
  /** `x = decode(...)` assignments followed to an execution (SC3). */
  maxDecodeAssignmentsPerFile: 256,
  /** Downloads followed to an execution of the saved file (src/rules/supply-chain/remote-fetch.ts). */
  maxDownloadsPerFile: 256,
  /** `r = fetch(...)` assignments followed to an evaluation (src/rules/supply-chain/remote-fetch.ts). */
  maxFetchAssignmentsPerFile: 256,
  /** Bundle paths SKILL.md refers to that AE1 judges (src/rules/analysis-evasion/references.ts). */
  maxReferencesPerFile: 4_096,
  /** Executable components the least-privilege analysis reads (src/rules/least-privilege/analysis.ts). */
  maxExecutablesPerBundle: 512,
  /** Lines of one dependency manifest searched for "do not pin" advice (SC1). */
  maxDependencyManifestLines: 10_000,
  /**
   * Behavioural analysis (src/behaviour/parser.ts). A code file larger than `parseMaxBytes` (UTF-8) or whose
   * parse runs past `parseTimeMs` gets a `runtime_limit` row; one whose text is more than
   * `parseMaxErrorRatio` inside ERROR nodes gets `parse_error`. Pattern rules read such files regardless.
   */
  parseMaxBytes: 4 * 1024 * 1024,
  parseTimeMs: 2_000,
  parseMaxErrorRatio: 0.5,
  /**
   * Parse, tree-copy and fact-extraction time one scan may spend on all its code files together. Error recovery on text that
   * is not the file's language can parse at 0.1 MB/s, so a bundle of many such files could otherwise spend
   * its whole deadline here; past this budget the remaining code files are not parsed (`runtime_limit`,
   * partial, one row naming how many) and the pattern rules still read them.
   */
  behaviourScanTimeMs: 5_000,
} as const;

export type Limits = { -readonly [K in keyof typeof LIMITS]: number };

/** Time source injectable for tests; the engine passes `performance.now` by default. */
export type Clock = () => number;

/**
 * The one shared allowance for a scan. Discovery, containers and analysis all charge it, so
 * opening another archive never resets anything.
 */
export class Budget {
  entries = 0;
  bytes = 0;
  archiveMembers = 0;
  archiveBytes = 0;
  private archiveStartedAt: number | undefined;
  readonly startedAt: number;

  constructor(
    readonly limits: Limits,
    readonly clock: Clock = () => performance.now(),
  ) {
    this.startedAt = clock();
  }

  elapsedMs(): number {
    return this.clock() - this.startedAt;
  }

  scanExpired(): boolean {
    return this.elapsedMs() > this.limits.scanDeadlineMs;
  }

  remainingEntries(): number {
    return Math.max(0, this.limits.maxEntries - this.entries);
  }

  remainingBytes(): number {
    return Math.max(0, this.limits.maxTotalBytes - this.bytes);
  }

  /** Members still allowed: the archive ceiling reduced to what remains of the bundle's. */
  remainingArchiveMembers(): number {
    return Math.max(0, Math.min(this.limits.archiveMaxMembers - this.archiveMembers, this.remainingEntries()));
  }

  remainingArchiveBytes(): number {
    return Math.max(0, Math.min(this.limits.archiveMaxExpandedBytes - this.archiveBytes, this.remainingBytes()));
  }

  /** The archive clock starts at the first container and is shared by all of them. */
  startArchiveClock(): void {
    this.archiveStartedAt ??= this.clock();
  }

  archiveElapsedMs(): number {
    return this.archiveStartedAt === undefined ? 0 : this.clock() - this.archiveStartedAt;
  }

  archiveExpired(): boolean {
    return this.archiveElapsedMs() > this.limits.archiveDeadlineMs || this.scanExpired();
  }

  chargeMember(bytes: number): void {
    this.archiveMembers += 1;
    this.entries += 1;
    this.archiveBytes += bytes;
    this.bytes += bytes;
  }
}

export function defaultLimits(): Limits {
  return { ...LIMITS };
}
