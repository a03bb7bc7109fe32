// What `tools/list` tells an agent, worded for the target policy the server enforces, so a client learns
// what it may pass before its first call fails.
import type { TargetPolicy } from './target-policy.js';

const REMOTE =
  'An https:// URL of a ZIP or tar/tar.gz archive, or of a git repository (optional #branch, #tag or #commit), is '
  + 'fetched and scanned; plain http and private, loopback or link-local addresses are refused.';

const LOCAL_TARGET =
  'The skill bundle to scan, as a path on the machine running this server: a directory, a single file, or an archive '
  + '(.zip, .docx, .jar, …). Prefer an absolute path; a relative one resolves against the server\'s working directory. '
  + '~ and file:// URLs are accepted. ' + REMOTE;

const NO_LOCAL_TARGET =
  'The skill bundle to scan. This server runs over HTTP, where no local target is accepted: absolute, relative, ~, drive '
  + 'and UNC paths and file:// URLs are refused. ' + REMOTE;

const VERDICT =
  'Install only when safe_to_install is true (exactly when recommendation is SAFE: low risk and a complete, successful '
  + 'scan; a low risk_score alone is not enough). The reply is compact: verdict, finding counts by severity, the 20 most '
  + 'severe findings with file:line, and the inspection exceptions; pass output_format "json" for the full report.';

export function targetDescription(policy: TargetPolicy): string {
  return policy.allowLocalTargets ? LOCAL_TARGET : NO_LOCAL_TARGET;
}

export function toolDescription(policy: TargetPolicy): string {
  const accepts = policy.allowLocalTargets
    ? 'Accepts a local path (directory, file or archive) or an https:// archive or git repository URL.'
    : 'Over this HTTP transport local paths and file:// URLs are refused (use the stdio transport to scan local paths); pass an https:// archive or git repository URL.';
  return `Scan an AI agent skill bundle with SkillSpector before installing it. ${accepts} ${VERDICT}`;
}
