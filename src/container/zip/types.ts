// Public types of the bounded ZIP reader. Every refusal is a value, never an exception.

export type ZipRefusalReason = 'malformed' | 'member_limit' | 'size_limit';

export interface ZipOpenLimits {
  /** Members this container may still add to the shared budget. */
  maxMembers: number;
  /** Largest central directory we accept (INSPECTION §3.3: 4 MiB). */
  maxCentralDirectoryBytes: number;
}

export interface ZipEntry {
  /** Order in the central directory; -1 for a local entry the central directory does not list. */
  index: number;
  /** Decoded name exactly as stored (not normalised). */
  name: string;
  nameUtf8Invalid: boolean;
  /** Name ends with '/' (or '\\'). */
  isDirectory: boolean;
  flags: number;
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  versionMadeBy: number;
  externalAttributes: number;
  /** externalAttributes >>> 16 (0 when the high half is empty). */
  unixMode: number;
  /** (unixMode & 0o170000) === 0o120000 */
  isSymlink: boolean;
  /** Flag bit 0, flag 0x40 (strong encryption), or method 99 (AES). */
  isEncrypted: boolean;
  /** Sizes or offset came from a ZIP64 extra field. */
  zip64: boolean;
  /** The entry comment (`unzip -v` and `zipinfo` print it); a view of the archive bytes, never copied. */
  comment: Buffer;
}

/** Bytes of the archive that the central directory does not account for, or headers that disagree. */
export interface ZipAnomaly {
  kind: 'prefix_entry' | 'gap' | 'overlap' | 'header_mismatch';
  /** Absolute offset in the data. */
  offset: number;
  message: string;
}

export type ZipOpenResult =
  | {
      ok: true;
      entries: ZipEntry[];
      declaredCount: number;
      centralDirectorySize: number;
      zip64: boolean;
      commentLength: number;
      /** The archive comment (`unzip` prints it); a view of the archive bytes. */
      comment: Buffer;
      /** Where the archive's offset 0 lies: the length of an unadjusted prefix (polyglot, self-extractor). */
      archiveStart: number;
      /** Bytes before the first byte the archive accounts for (the host file of a polyglot); 0 for a plain archive. */
      leadingBytes: number;
      /** Uncovered bytes, overlaps and local/central disagreements: what other readers may see differently. */
      anomalies: ZipAnomaly[];
      /** How many anomalies were found in all (`anomalies` keeps the first few). */
      anomalyCount: number;
      /** Local entries found in uncovered bytes whose header could be parsed with a known size (index -1). */
      hiddenEntries: ZipEntry[];
    }
  | { ok: false; reason: ZipRefusalReason; message: string; observed?: number; limit?: number };

export type ZipReadFailure =
  | 'unsupported_compression'
  | 'truncated'
  | 'member_size_limit'
  | 'compression_ratio'
  | 'size_limit'
  | 'encrypted';

export interface ZipReadLimits {
  /** Largest materialised member (INSPECTION §3.3: 1,000,000 bytes). */
  maxMemberBytes: number;
  /** Largest uncompressed:compressed ratio (INSPECTION §3.3: 100). */
  maxRatio: number;
  /** What is left of the shared expanded-bytes budget. */
  remainingBytes: number;
}

export type ZipReadResult =
  | { ok: true; bytes: Buffer }
  | { ok: false; reason: ZipReadFailure; message: string; observed?: number; limit?: number };

export type MemberNameCheck = { ok: true; name: string } | { ok: false; why: string };
