// The inventory row for an artifact whose bytes were read.
import type { InventoryRow, Ledger } from '../ledger/index.js';
import type { Artifact } from '../shared/artifact.js';
import { isZipBytes } from '../container/zip/index.js';
import { contentKindOf, isExecutable } from './classify.js';

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
  } else if (row.content_kind === 'binary' && isExecutable(artifact.path, bytes, artifact.mode)) {
    // Executable binary content (native code, bytecode, mode bits) cannot be read by text rules:
    // never let it pass as analyzed or out of scope.
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
  return row;
}
