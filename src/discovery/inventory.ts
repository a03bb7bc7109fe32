// The inventory row for an artifact whose bytes were read.
import type { InventoryRow, Ledger } from '../ledger/index.js';
import type { Artifact } from '../shared/artifact.js';
import { isExecutableArtifact } from '../container/concealment.js';
import { isOpenableContainerBytes } from '../container/openable.js';
import { isUnopenableArchive, looksCompressed } from './binary-formats.js';
import { classifyContent } from './classify.js';
import { isVcsMetadata } from './vcs.js';

/**
 * Compressed or archive content we cannot open (ZIP-based containers we can): a known compression or
 * archive start (gzip, bzip2, xz, 7z, RAR, zstd, LZMA-alone, raw zlib, Unix compress, tar…), or bytes of
 * no known data format with the entropy of compressed or encrypted data. Anything could be inside, so
 * they are never out of scope.
 */
export function isUnsupportedArchive(bytes: Buffer): boolean {
  // ZIP, tar and gzip are opened by the container stage, which records every refusal itself.
  if (isOpenableContainerBytes(bytes)) return false;
  return isUnopenableArchive(bytes) || looksCompressed(bytes);
}

/**
 * `scopeVcs: false` inventories a member inside version-control metadata like any other, for the ones
 * SKILL.md leads to (./bundle-scope.ts).
 */
export function inventoryRowFor(artifact: Artifact, scopeVcs = true): InventoryRow {
  const bytes = artifact.bytes;
  const row: InventoryRow = {
    path: artifact.path,
    content_kind: 'opaque',
    disposition: 'analyzed',
    size_bytes: artifact.size,
    hidden: artifact.hidden,
    local_only: isLocalOnly(artifact),
  };
  if (artifact.provenance) row.provenance = artifact.provenance;
  if (scopeVcs && artifact.origin === 'member' && isVcsMetadata(artifact)) {
    // A checkout inside an archive: its object store and sample hooks are not the skill (./vcs.ts). On
    // disk the walk never admits such files, except ones the skill references (read by ./follow.ts).
    row.disposition = 'out_of_scope';
    row.reason = 'vcs_metadata';
    row.local_only = true;
    return row;
  }
  if (!bytes || (bytes.length === 0 && artifact.size > 0)) {
    row.disposition = 'partial';
    row.reason = 'total_bytes_limit';
    return row;
  }
  const content = classifyContent(bytes, artifact.path);
  row.content_kind = content.kind;
  if (artifact.truncated) {
    row.disposition = 'partial';
    row.reason = 'size_limit';
  } else if (content.mixed) {
    // Its readable text is analysed; the rest is neither text nor a format we know, so it was not read.
    row.disposition = 'partial';
    row.reason = 'opaque_content';
  } else if (row.content_kind === 'binary' && (isUnsupportedArchive(bytes) || isExecutableArtifact({ row, bytes, mode: artifact.mode, origin: artifact.origin }))) {
    // Executable binary content (native code, bytecode, macro projects, mode bits) and archives we
    // cannot open are unread: never let them pass as analyzed or out of scope.
    row.disposition = 'partial';
    row.reason = 'opaque_content';
  } else if (row.content_kind === 'binary' && !isOpenableContainerBytes(bytes)) {
    // Images, PDFs and other data: no rule reads them, and they cannot instruct an agent as text.
    row.disposition = 'out_of_scope';
    row.reason = 'binary_content';
  }
  return row;
}

/** Hidden files, containers, members and truncated files never reach an external LLM. */
export function isLocalOnly(artifact: Artifact): boolean {
  return artifact.hidden || artifact.origin === 'member' || artifact.truncated || artifact.container !== undefined;
}

export function recordInventory(ledger: Ledger, artifact: Artifact, scopeVcs = true): InventoryRow {
  const row = inventoryRowFor(artifact, scopeVcs);
  ledger.addInventory(row);
  if (row.reason === 'binary_content') ledger.scope('binary_content', row.path);
  if (row.reason === 'opaque_content' && artifact.bytes) {
    ledger.exception({ phase: 'analysis', reason: 'opaque_content', path: row.path, message: opaqueMessage(row, artifact.bytes) });
  }
  return row;
}

function opaqueMessage(row: InventoryRow, bytes: Buffer): string {
  if (row.content_kind === 'text') {
    return 'Mixed content: its readable text was analyzed, but other parts are neither text nor a known binary format and were not analyzed.';
  }
  return isUnsupportedArchive(bytes)
    ? 'Compressed or encrypted content in a format SkillSpector cannot open (only ZIP-based, tar and gzip containers are inspected); its contents were not analyzed.'
    : 'Executable binary content (native code, bytecode or a macro project) cannot be analyzed by text rules.';
}
