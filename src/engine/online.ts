// `scan --online`: the one place a scan reaches the network, and only when the user asked. The engine
// stays synchronous and offline; this prefetches OSV advisories for the bundle's pinned dependencies
// so the caller can hand them to `scan({ onlineAdvisories, osvErrors })`. The MCP tool never calls it.
import { collectPinnedDependencies, queryOsv } from '../advisories/osv.js';
import type { OsvOptions, OsvResult } from '../advisories/osv.js';
import type { FileView } from '../model/bundle.js';
import { defineRule } from '../rules/types.js';
import { scanDetailed } from './scan.js';
import type { ScanOptions } from './scan.js';

/** The analysed file views of a target, exactly as a scan sees them (same walk, excludes and bounds), with no rule run. */
export function collectFileViews(options: Pick<ScanOptions, 'target' | 'excludes' | 'baselinePath' | 'limits'>): readonly FileView[] {
  let files: readonly FileView[] = [];
  const collector = defineRule({
    kind: 'bundle',
    meta: {
      id: 'OSV-PREFETCH', category: 'Supply Chain', severity: 'LOW', confidence: 0, title: 'Dependency collection for --online',
      description: 'Internal: captures the file views for the live OSV lookup; never reports.', remediation: 'n/a',
    },
    check(_bundle, views) {
      files = views;
      return [];
    },
  });
  scanDetailed({ ...options, rules: [collector] });
  return files;
}

/** Collects the target's pinned dependencies and looks them up in OSV. Never throws for a network failure. */
export async function prefetchOnlineAdvisories(
  options: Pick<ScanOptions, 'target' | 'excludes' | 'baselinePath' | 'limits'>, osv: OsvOptions = {},
): Promise<OsvResult> {
  return queryOsv(collectPinnedDependencies(collectFileViews(options)), osv);
}
