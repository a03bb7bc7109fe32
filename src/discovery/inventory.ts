// The inventory row for an artifact whose bytes were read.
import type { InventoryRow, Ledger } from '../ledger/index.js';
import type { Artifact } from '../shared/artifact.js';
import { isExecutableArtifact } from '../container/concealment.js';
import { isZipBytes } from '../container/zip/index.js';
import { contentKindOf } from './classify.js';

// Compressed or archive formats we cannot open (ZIP-based ones we can): gzip/tar.gz, bzip2, xz, 7z,
// RAR, zstd, lzip, CAB. Anything could be inside, so they are never out of scope.
const OTHER_ARCHIVE_MAGIC: readonly Buffer[] = [
  Buffer.from([0x1f, 0x8b]), Buffer.from('BZh'), Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]),
  Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), Buffer.from('Rar!\u001a\u0007'), Buffer.from([0x28, 0xb5, 0x2f, 0xfd]),
  Buffer.from('LZIP'), Buffer.from('MSCF'),
];

export function isUnsupportedArchive(bytes: Buffer): boolean {
  if (OTHER_ARCHIVE_MAGIC.some((m) => bytes.length >= m.length && bytes.subarray(0, m.length).equals(m))) return true;
  return bytes.length >= 262 && bytes.subarray(257, 262).toString('latin1') === 'ustar';
}

export function inventoryRowFor(artifact: Artifact): InventoryRow {
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
  if (!bytes || (bytes.length === 0 && artifact.size > 0)) {
    row.disposition = 'partial';
    row.reason = 'total_bytes_limit';
    return row;
  }
  row.content_kind = contentKindOf(bytes);
  if (artifact.truncated) {
    row.disposition = 'partial';
    row.reason = 'size_limit';
  } else if (row.content_kind === 'binary' && (isUnsupportedArchive(bytes) || isExecutableArtifact({ row, bytes, mode: artifact.mode, origin: artifact.origin }))) {
    // Executable binary content (native code, bytecode, macro projects, mode bits) and archives we
    // cannot open are unread: never let them pass as analyzed or out of scope.
    row.disposition = 'partial';
    row.reason = 'opaque_content';
  } else if (row.content_kind === 'binary' && !isZipBytes(bytes)) {
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

export function recordInventory(ledger: Ledger, artifact: Artifact): InventoryRow {
  const row = inventoryRowFor(artifact);
  ledger.addInventory(row);
  if (row.reason === 'binary_content') ledger.scope('binary_content', row.path);
  if (row.reason === 'opaque_content' && artifact.bytes) {
    ledger.exception({
      phase: 'analysis', reason: 'opaque_content', path: row.path,
      message: isUnsupportedArchive(artifact.bytes)
        ? 'Compressed archive in a format SkillSpector cannot open (only ZIP-based containers are inspected); its contents were not analyzed.'
        : 'Executable binary content (native code, bytecode or a macro project) cannot be analyzed by text rules.',
    });
  }
  return row;
}
