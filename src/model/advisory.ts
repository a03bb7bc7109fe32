// An advisory a live lookup found for one pinned dependency; the model layer owns it so rules and the
// engine can carry advisories without depending on the OSV client.
import type { Severity } from '../shared/types.js';

export type Ecosystem = 'pypi' | 'npm';
export type SeveritySource = 'ghsa' | 'ecosystem' | 'cvss' | 'default';

/** One advisory OSV reports for an exact (ecosystem, package, version). */
export interface OnlineAdvisory {
  ecosystem: Ecosystem;
  /** Normalised package name (PEP 503 for PyPI), as SC4 keys dependencies. */
  package: string;
  /** The pinned version that was queried. */
  version: string;
  id: string;
  aliases: string[];
  severity: Severity;
  severitySource: SeveritySource;
  summary: string;
}
