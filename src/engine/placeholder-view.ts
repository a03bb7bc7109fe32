// The file view of a component with no text (binaries, containers, opaque members), so a finding on it can
// go through placement and triage like any other: an empty, local-only file of its inventory type.
import type { FileView, InventoryEntry } from '../model/bundle.js';

export function placeholderView(path: string, entry: InventoryEntry | undefined, hidden = entry?.hidden ?? false): FileView {
  return { path, type: entry?.type ?? 'binary', text: '', executable: entry?.executable ?? false, hidden, localOnly: true, isManifest: false };
}
