// What a remote target (src/remote/) tells the engine about itself: the report names the URL, not the
// temporary checkout, and the checkout's links and cut-offs, which the disk walk cannot see, still show.

/** `metadata.source` of a remote scan (CONTRACT §10). */
export interface RemoteSourceMetadata {
  kind: 'url' | 'git';
  url: string;
  /** git: the commit that was scanned. */
  resolved_ref?: string;
  /** url: the SHA-256 of the downloaded bytes. */
  sha256?: string;
}

export interface RemoteSource {
  /** The target exactly as the user gave it: `skill.source`. */
  source: string;
  metadata: RemoteSourceMetadata;
  /** Bundle-relative paths of symlinks and submodule links in the checkout: never materialised, inventoried as `not_regular_file`. */
  notRegular?: readonly string[];
  /** Why the checkout was only partly written (file or byte cap): each one makes the analysis incomplete. */
  limitations?: readonly string[];
}
