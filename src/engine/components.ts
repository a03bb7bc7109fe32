// Component rows and rule file views from artifacts and their inventory rows.
import { countLines, decodeText, isExecutable, typeFromPath } from '../discovery/classify.js';
import { findManifest } from '../discovery/skill-root.js';
import type { InventoryRow } from '../ledger/index.js';
import type { ComponentRow } from '../report/types.js';
import type { FileView } from '../model/bundle.js';
import type { Artifact } from '../shared/artifact.js';
import type { FileType } from '../shared/types.js';

export interface Classified {
  artifact: Artifact;
  row: InventoryRow;
  component: ComponentRow;
  /** Present when the artifact is analysable text. */
  view?: FileView;
}

function typeOf(artifact: Artifact, row: InventoryRow): FileType {
  if (artifact.container) return artifact.container.type;
  const byName = typeFromPath(artifact.path);
  if (byName !== 'other') return byName;
  return row.content_kind === 'text' ? (artifact.origin === 'member' ? 'text' : 'other') : 'binary';
}

export function archiveFields(row: InventoryRow): Partial<ComponentRow> {
  const p = row.provenance;
  if (!p) return {};
  return {
    outer_path: p.outerPath,
    nested_path: p.nestedPath,
    container_type: p.containerType,
    container_ancestry: [...p.containerAncestry],
    container_depth: p.containerDepth,
  };
}

export function classify(artifact: Artifact, row: InventoryRow, manifestPath: string | null): Classified {
  const type = typeOf(artifact, row);
  const isText = row.content_kind === 'text' && artifact.bytes !== undefined && !artifact.container;
  const text = isText && artifact.bytes ? decodeText(artifact.bytes) : '';
  const executable = isExecutable(artifact.path, artifact.bytes, artifact.mode);
  const component: ComponentRow = {
    path: artifact.path,
    type,
    lines: isText ? countLines(text) : 0,
    size_bytes: artifact.size,
    executable,
    hidden: row.hidden,
    local_only: row.local_only,
    ...archiveFields(row),
  };
  const out: Classified = { artifact, row, component };
  if (isText) {
    const view: FileView = {
      path: artifact.path, type, text, executable, hidden: row.hidden, localOnly: row.local_only,
      isManifest: manifestPath === artifact.path,
    };
    if (row.provenance) view.provenance = row.provenance;
    out.view = view;
  }
  return out;
}

/** An opaque member (unreadable) still gets a component row, as binary and non-executable content. */
export function opaqueComponent(row: InventoryRow): ComponentRow {
  return {
    path: row.path, type: 'binary', lines: 0, size_bytes: row.size_bytes,
    executable: false, hidden: row.hidden, local_only: true, ...archiveFields(row),
  };
}

/**
 * The primary manifest (src/discovery/skill-root.ts): the root SKILL.md, or for an archive target (every
 * artifact is a member) the one in its single top-level folder.
 */
export function findManifestPath(artifacts: readonly Artifact[]): string | null {
  const isArchive = artifacts.length > 0 && artifacts.every((a) => a.origin === 'member');
  return findManifest(new Set(artifacts.map((a) => a.path)), isArchive);
}
