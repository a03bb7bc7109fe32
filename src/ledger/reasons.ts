// The closed reason vocabulary (CONTRACT §5), each code with one plain sentence and its class.

export const SCOPE_REASONS = [
  'excluded_directory',
  'user_exclusion',
  'not_regular_file',
  'vcs_metadata',
  'baseline_file',
  'binary_content',
  'scanner_report',
] as const;

export const PARTIAL_REASONS = [
  'size_limit',
  'artifact_count_limit',
  'traversal_depth_limit',
  'total_bytes_limit',
  'runtime_limit',
  'output_limit',
  'manifest_parse_error',
  'manifest_parse_limit',
  'archive_format_mismatch',
  'archive_member_limit',
  'archive_size_limit',
  'archive_member_size_limit',
  'archive_compression_ratio',
  'archive_depth_limit',
  'archive_time_limit',
  'archive_unsafe_member_path',
  'archive_ambiguous_member_path',
  'archive_member_withheld',
  'opaque_content',
  'parse_error',
  'llm_withheld',
] as const;

/** Unreadable scanned content: the member row is failed/opaque, the ledger row `skipped`. */
export const UNREADABLE_REASONS = [
  'archive_encrypted',
  'archive_link_member',
  'archive_malformed',
  'archive_truncated',
  'archive_unsupported_compression',
] as const;

export const FATAL_REASONS = [
  'artifact_path_collision',
  'read_error',
  'stat_error',
  'file_disappeared',
  'analyzer_runtime_error',
] as const;

export type ScopeReason = (typeof SCOPE_REASONS)[number];
export type PartialReason = (typeof PARTIAL_REASONS)[number];
export type UnreadableReason = (typeof UNREADABLE_REASONS)[number];
export type FatalReason = (typeof FATAL_REASONS)[number];
export type ReasonCode = ScopeReason | PartialReason | UnreadableReason | FatalReason;
export type ExceptionReason = PartialReason | UnreadableReason | FatalReason;

export type Outcome = 'partial' | 'skipped' | 'failed';

export function outcomeFor(reason: ExceptionReason): Outcome {
  if ((FATAL_REASONS as readonly string[]).includes(reason)) return 'failed';
  if ((UNREADABLE_REASONS as readonly string[]).includes(reason)) return 'skipped';
  return 'partial';
}

export function isUnreadable(reason: ReasonCode): reason is UnreadableReason {
  return (UNREADABLE_REASONS as readonly string[]).includes(reason);
}

export const REASON_MESSAGES: Record<ReasonCode, string> = {
  excluded_directory: 'Directory is excluded from analysis by policy (dependencies, caches, virtualenvs).',
  user_exclusion: 'Path matches an --exclude pattern and was left out of analysis.',
  not_regular_file: 'Not a regular file (symlink, junction, device or FIFO); links are never followed.',
  vcs_metadata:
    'Version-control metadata (.git/, .hg/, .svn/, a .git file) is not analyzed; git and Mercurial configuration and active git hooks (not *.sample; executable or starting with #!) are.',
  baseline_file: 'The selected baseline file is not analyzed.',
  binary_content: 'Binary content with no applicable analyzer.',
  scanner_report:
    'A SkillSpector report (written by this scan, or recognised by its exact structure) is not analyzed, so a report never scans itself; a report SKILL.md leads to is analyzed.',
  size_limit: 'File is larger than the per-file read limit; only a bounded prefix was analyzed.',
  artifact_count_limit: 'The bundle has more entries than the discovery limit; the rest were not inspected.',
  traversal_depth_limit: 'Directory nesting exceeds the traversal depth limit; deeper entries were not inspected.',
  total_bytes_limit: 'The bundle byte budget was spent; this content was not read.',
  runtime_limit: 'The scan deadline passed before this content was inspected.',
  output_limit: 'Output record limit reached; further records were dropped.',
  manifest_parse_error: 'SKILL.md frontmatter could not be parsed; the manifest was treated as empty.',
  manifest_parse_limit: 'SKILL.md frontmatter exceeds the parser bounds; the manifest was treated as empty.',
  archive_format_mismatch: 'The extension promises a container but the bytes are not in that format.',
  archive_member_limit: 'The archive member budget was spent; remaining members were not inspected.',
  archive_size_limit: 'The archive byte budget (expanded bytes or central directory size) was exceeded.',
  archive_member_size_limit: 'Archive member is larger than the per-member limit and was not analyzed.',
  archive_compression_ratio: 'Archive member exceeds the compression-ratio limit (possible decompression bomb).',
  archive_depth_limit: 'Nested container exceeds the container depth limit and was not opened.',
  archive_time_limit: 'The archive inspection deadline passed; remaining members were not inspected.',
  archive_unsafe_member_path: 'Archive member name is unsafe (absolute, traversal, drive, NUL or reserved "!/") and was not inspected.',
  archive_ambiguous_member_path: 'Archive holds a duplicate member name; only the first copy was inspected.',
  archive_member_withheld: 'Archive member was withheld because a real disk path has the same virtual path.',
  opaque_content: 'Content could not be decoded for analysis.',
  parse_error: 'A code file could not be parsed, so behavioural analysis did not read it; pattern rules still did.',
  llm_withheld: 'File was kept out of LLM review (hidden, container member, oversized, excluded or over the LLM budget); it had static analysis only.',
  archive_encrypted: 'Archive member is encrypted and could not be inspected.',
  archive_link_member: 'Archive member is a symbolic link; links are never followed.',
  archive_malformed: 'Archive structure is malformed; its members could not be inspected.',
  archive_truncated: 'Archive member data is truncated or corrupt (inflate error or CRC mismatch).',
  archive_unsupported_compression: 'Archive member uses an unsupported compression method.',
  artifact_path_collision:
    'A real disk path equals an archive member\'s virtual path: "!/" is reserved as the archive delimiter and a directory name ends in "!". Rename that directory to remove the ambiguity; the archive member was not analyzed.',
  read_error: 'File could not be read.',
  stat_error: 'File metadata could not be read.',
  file_disappeared: 'File disappeared during the scan.',
  analyzer_runtime_error: 'An analyzer failed unexpectedly on this content.',
};
