import { LineIndex } from '../../analysis/lines.js';
import { defineRule } from '../types.js';
import type { RuleHit } from '../types.js';
import type { InventoryEntry } from '../../model/bundle.js';
import { findReferences } from './references.js';

// Media the agent can only look at: still reported, at lower severity (documented in the description).
const MEDIA = /\.(?:png|jpe?g|gif|bmp|ico|webp|tiff?|avif|heic|ttf|otf|woff2?|eot|mp3|wav|ogg|flac|m4a|mp4|mov|avi|mkv|webm)$/i;

/**
 * Content the scan could not fully read. Of the out-of-scope rows only binary content counts: the user's
 * own exclusions, VCS metadata and recognised reports are scope decisions, not content kept from review
 * (a link the skill relies on is reported by discovery).
 */
function uninspected(row: InventoryEntry): boolean {
  return row.disposition === 'partial' || row.disposition === 'failed' || (row.disposition === 'out_of_scope' && row.contentKind === 'binary');
}

export const ae1 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'AE1',
    category: 'Analysis Evasion',
    severity: 'HIGH',
    confidence: 1.0,
    title: 'SKILL.md References an Uninspected Artifact',
    description:
      'SKILL.md points (markdown link, backticked, quoted or bare path, read from its own folder) at a file in the bundle that the scan could not fully inspect: its inventory disposition is partial (truncated, mislabelled container), failed (unreadable) or out_of_scope binary content. Paths the user excluded (--exclude) never count. The instructions direct the agent to exactly the content the scanner did not see, which is how payloads are kept out of review. References to binary images, fonts and audio/video are reported as MEDIUM 0.6.',
    remediation: 'Ship referenced material as reviewable text, keep it within the size limits, or remove the reference; do not point the agent at binaries or oversized files.',
    noTriage: true,
  },
  check(bundle, files) {
    const skill = files.find((f) => f.isManifest) ?? files.find((f) => f.path === bundle.manifestPath);
    if (!skill) return [];
    const byPath = new Map<string, InventoryEntry>();
    for (const row of bundle.inventory) if (uninspected(row) && row.path !== skill.path) byPath.set(row.path, row);
    if (byPath.size === 0) return [];
    const known = new Set(byPath.keys());
    let idx: LineIndex | undefined;
    const hits: (RuleHit & { file: string })[] = [];
    // Paths in SKILL.md name files beside it: in a zipped skill folder that is `my-skill/`, not the archive root.
    const slash = skill.path.lastIndexOf('/');
    for (const ref of findReferences(skill.text, known, slash === -1 ? '' : skill.path.slice(0, slash))) {
      const row = byPath.get(ref.target);
      if (!row) continue;
      idx ??= new LineIndex(skill.text);
      const line = idx.lineOf(ref.offset);
      const media = row.disposition === 'out_of_scope' && row.contentKind === 'binary' && MEDIA.test(row.path);
      const hit: RuleHit & { file: string } = {
        file: skill.path,
        line,
        column: ref.offset - idx.lineStart(line),
        matched: ref.written,
        label: `SKILL.md references ${row.path}, which was not fully inspected (${row.disposition})`,
        tags: [`target-disposition:${row.disposition}`],
        evidence: { target: row.path, disposition: row.disposition, contentKind: row.contentKind, size: row.size },
      };
      if (media) {
        hit.severity = 'MEDIUM';
        hit.confidence = 0.6;
      }
      hits.push(hit);
    }
    return hits;
  },
});
