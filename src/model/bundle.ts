// The shapes every pipeline stage shares: an analysed file, an inventory row, the bundle as rules see it.
// Below the rules and the engine, so discovery, containers, analysis and reporting can all use them.
import type { OnlineAdvisory } from './advisory.js';
import type { Manifest } from '../discovery/manifest.js';
import type { FileType, Provenance } from '../shared/types.js';
import type { FileRole } from './place.js';

/** One analysed text artifact (ordinary file or readable archive member). */
export interface FileView {
  path: string;
  type: FileType;
  text: string;
  executable: boolean;
  hidden: boolean;
  localOnly: boolean;
  /** The bundle's primary manifest (root SKILL.md / skill.md). */
  isManifest: boolean;
  provenance?: Provenance;
  /** How the file reaches the agent; set once per scan by the engine (src/analysis/placement.ts). */
  role?: FileRole;
}

export interface InventoryEntry {
  path: string;
  disposition: 'analyzed' | 'partial' | 'failed' | 'out_of_scope';
  contentKind: 'text' | 'binary' | 'opaque';
  type: FileType;
  executable: boolean;
  size: number;
  hidden?: boolean;
  provenance?: Provenance;
  /** Set by the container stage when executable content is concealed (SC9). */
  concealment?: Concealment;
  /** An encrypted member opened with a password from the bundle's text: where the password was written (SC10). */
  decryptedWith?: { file: string; line: number };
}

export type ConcealmentReason = 'document_container' | 'hidden_artifact' | 'disguised_container';

export interface Concealment {
  reasons: ConcealmentReason[];
  evidence: Record<string, unknown>;
}

export interface BundleView {
  /** Every inventoried path (virtual member paths included), for rules that reason about the bundle's shape. */
  paths: readonly string[];
  /** Parsed root SKILL.md frontmatter, or null when absent or unparsable. */
  manifest: Manifest | null;
  /** Path of the primary manifest file, when there is one. */
  manifestPath: string | null;
  /** Shipped Python bytecode seen on disk: `.pyc`/`.pyo` files and `__pycache__/` directories (with trailing slash). */
  bytecode: readonly string[];
  /** Inventory rows as known before analysis. */
  inventory: readonly InventoryEntry[];
  /** Advisories from a live OSV lookup (`scan --online`); absent in the default, offline scan. SC4 reads them. */
  onlineAdvisories?: readonly OnlineAdvisory[];
  /**
   * Hosts (lower case) that the skill's own documents name in URLs: SKILL.md and the other Markdown/text
   * files. Behavioural rules read a request to one of them as a call to the documented service. Computed on
   * first use: most scans never send a secret anywhere.
   */
  documentedHosts?: () => ReadonlySet<string>;
}
