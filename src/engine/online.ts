// `scan --online`: the one place a scan reaches the network, and only when the user asked. The engine
// stays synchronous and offline; between its two steps (`prepareScan`, `finishScan`) the CLI collects
// the pinned dependencies of the prepared views, awaits this lookup, and hands the advisories to the
// finish step, so the target is walked and read once. The MCP tool never calls it.
import { collectPinnedDependencies, queryOsv } from '../advisories/osv.js';
import type { OsvOptions, OsvResult } from '../advisories/osv.js';
import type { FinishOptions, PreparedScan } from './scan.js';

/** Looks a prepared target's pinned dependencies up in OSV. Never throws for a network failure. */
export async function lookupOnlineAdvisories(prepared: PreparedScan, osv: OsvOptions = {}): Promise<OsvResult> {
  return queryOsv(collectPinnedDependencies(prepared.files), osv);
}

/** The advisories and errors of a lookup as the finish step takes them. */
export function onlineFinishOptions(online: OsvResult): FinishOptions {
  return { onlineAdvisories: online.advisories, osvErrors: online.errors };
}

