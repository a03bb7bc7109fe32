// What a remote checkout (src/remote/) knows that the disk walk of its temporary copy cannot see: the
// symlinks and submodule links it never wrote, and the caps that cut it short.
import { decodeText } from '../discovery/classify.js';
import { MANIFEST_NAMES } from '../discovery/skill-root.js';
import type { Ledger } from '../ledger/index.js';
import type { RemoteSource } from '../model/remote-source.js';
import { isHiddenPath } from '../shared/artifact.js';
import type { Artifact } from '../shared/artifact.js';
import type { PathMatcher } from '../shared/glob.js';

/** Each link gets the row a link on disk gets; a link the manifest is, or names, makes the scan incomplete. */
export function recordRemoteFacts(remote: RemoteSource, artifacts: readonly Artifact[], ledger: Ledger, excludes: PathMatcher): void {
  const manifest = MANIFEST_NAMES.map((p) => artifacts.find((a) => a.path === p)).find((a) => a !== undefined);
  const manifestText = manifest?.bytes ? decodeText(manifest.bytes) : '';
  for (const path of remote.notRegular ?? []) {
    if (ledger.hasInventory(path)) continue;
    const excluded = excludes.matches(path);
    const reason = excluded ? 'user_exclusion' : 'not_regular_file';
    ledger.addInventory({ path, content_kind: 'opaque', disposition: 'out_of_scope', size_bytes: 0, reason, hidden: isHiddenPath(path), local_only: true });
    ledger.scope(reason, path);
    if (excluded) continue;
    // As on disk (src/discovery/walk-state.ts, flagReliedOnLink): what the skill relies on was not inspected.
    const isManifest = MANIFEST_NAMES.includes(path);
    if (isManifest || manifestText.includes(path)) {
      ledger.exception({
        phase: 'discovery', reason: 'opaque_content', path,
        message: `${isManifest ? 'The skill manifest' : 'SKILL.md names'} ${path}, a symbolic link or submodule in the remote repository; links are never followed, so the content it stands for was not inspected.`,
      });
    }
  }
  for (const text of remote.limitations ?? []) ledger.limitation(text);
}
