// The bundle's contents as a tree for the HTML report: one row per inventory row, plus a row for each
// folder that only appears inside paths. Archive members (`docs.zip!/in/run.sh`) nest under their
// container's own row. Linear: one sort, then one pass with a stack of the open ancestors.
import type { InventoryReportRow } from '../types.js';

export interface TreeRow {
  /** Nesting level: 0 for a top-level entry. */
  depth: number;
  /** The last path segment, as stored (unescaped). */
  name: string;
  /** `folder`: a directory (its own row when excluded, else implied by deeper paths); `container`: a file with members under it. */
  kind: 'folder' | 'file' | 'container';
  row?: InventoryReportRow;
}

/** Path segments with the `!` of a member boundary dropped, so `docs.zip!/a` nests under `docs.zip`. */
function segmentsOf(path: string): string[] {
  const parts = path.split('/');
  if (parts.length > 1 && parts.at(-1) === '') parts.pop();
  return parts.map((p, i) => (i < parts.length - 1 && p.endsWith('!') ? p.slice(0, -1) : p));
}

export function inventoryTree(rows: readonly InventoryReportRow[]): TreeRow[] {
  // NUL sorts before every path character, so a folder's entries stay together (`a/b` before `a-b`).
  const entries = rows.map((row) => {
    const segments = segmentsOf(row.path);
    return { row, segments, key: segments.join('\u0000') };
  });
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const open: string[] = [];
  const out: TreeRow[] = [];
  for (const { row, segments } of entries) {
    const parents = segments.length - 1;
    let common = 0;
    while (common < open.length && common < parents && open[common] === segments[common]) common += 1;
    open.length = common;
    for (let d = common; d < parents; d += 1) {
      const name = segments[d] ?? '';
      out.push({ depth: d, name, kind: 'folder' });
      open.push(name);
    }
    const name = segments[parents] ?? row.path;
    out.push({ depth: parents, name, kind: row.path.endsWith('/') ? 'folder' : 'file', row });
    open.push(name);
  }
  for (let i = 0; i + 1 < out.length; i += 1) {
    const here = out[i];
    if (here && here.kind === 'file' && (out[i + 1]?.depth ?? 0) > here.depth) here.kind = 'container';
  }
  return out;
}
