// After discovery and container expansion, what of the bundle is not the skill, and what the bundle lacks:
// - version-control metadata inside archives (inventoried out of scope by ./inventory.ts; the disk walk
//   never reads it, ./vcs-walk.ts), unless SKILL.md leads to a file in it;
// - SkillSpector reports recognised by content (./report-files.ts), unless SKILL.md leads to them;
// - a missing SKILL.md, and a directory that is only symbolic links, said plainly as limitations.
import type { Ledger } from '../ledger/index.js';
import type { Artifact } from '../shared/artifact.js';
import { recordInventory } from './inventory.js';
import { reachableFrom } from './reachable.js';
import { recogniseReport } from './report-files.js';
import type { ReportFormat } from './report-files.js';
import { archiveSkillRoot, findManifest, MANIFEST_NAMES } from './skill-root.js';
import { vcsDirectoryOf } from './vcs.js';

export interface ScopeInput {
  kind: 'directory' | 'archive';
  artifacts: readonly Artifact[];
  ledger: Ledger;
  /** Entries directly in a directory target (links, and visible others). */
  root?: { links: number; visible: number };
}

const FORMAT_NAMES: Record<ReportFormat, string> = { json: 'JSON', sarif: 'SARIF', markdown: 'Markdown', terminal: 'terminal', html: 'HTML' };
const NESTED_MANIFESTS_SHOWN = 3;

/** Whether SKILL.md leads to a path; the search runs once, and only when something asks. */
type LedTo = (path: string) => boolean;

/** The artifacts that stay in scope; the ledger records what left it and what is missing. */
export function settleScope(input: ScopeInput): Artifact[] {
  const { ledger, artifacts } = input;
  const manifestPath = findManifest(new Set(artifacts.map((a) => a.path)), input.kind === 'archive');
  const manifest = artifacts.find((a) => a.path === manifestPath);
  let led: Set<string> | undefined;
  // Content the skill's instructions lead to is content the agent reads: it is never left out.
  const ledTo: LedTo = (path) => manifest !== undefined && (led ??= reachableFrom(manifest, artifacts)).has(path);
  const kept = excludeReports(excludeVcsMembers(artifacts, ledger, ledTo), manifestPath, ledger, ledTo);
  recordMissingManifest(input, manifestPath);
  return kept;
}

/** Rows inventory.ts put out of scope as VCS metadata leave the analysis, with one scope row per VCS directory. */
function excludeVcsMembers(artifacts: readonly Artifact[], ledger: Ledger, ledTo: LedTo): Artifact[] {
  const left = new Map<string, number>();
  const kept = artifacts.filter((a) => {
    if (ledger.getInventory(a.path)?.reason !== 'vcs_metadata') return true;
    if (ledTo(a.path)) {
      recordInventory(ledger, a, false);
      return true;
    }
    const dir = vcsDirectoryOf(a.path);
    left.set(dir, (left.get(dir) ?? 0) + 1);
    return false;
  });
  for (const [dir, count] of left) {
    // The disk walk already wrote the row of a directory it met.
    if (ledger.scopeExclusions.some((x) => x.path === dir)) continue;
    ledger.scope('vcs_metadata', dir, `Version-control metadata, not analyzed: ${count} file${count === 1 ? '' : 's'}. Configuration, active git hooks and files SKILL.md leads to are analyzed.`);
  }
  return kept;
}

function excludeReports(artifacts: readonly Artifact[], manifestPath: string | null, ledger: Ledger, ledTo: LedTo): Artifact[] {
  return artifacts.filter((a) => {
    if (a.path === manifestPath || !a.bytes || a.truncated || a.container) return true;
    const row = ledger.getInventory(a.path);
    if (row?.disposition !== 'analyzed') return true;
    const format = recogniseReport(a.path, a.bytes, a.mode);
    if (format === null || ledTo(a.path)) return true;
    ledger.degrade(a.path, 'out_of_scope', 'scanner_report');
    ledger.scope('scanner_report', a.path, `A SkillSpector ${FORMAT_NAMES[format]} report, recognised by its exact structure; not analyzed, so a report never scans itself. It would be analyzed if SKILL.md led to it.`);
    return false;
  });
}

function recordMissingManifest(input: ScopeInput, manifestPath: string | null): void {
  const { ledger, root } = input;
  if (manifestPath !== null) return;
  // A manifest that is a link, excluded or unreadable has its own row that says so.
  const roots = input.kind === 'archive' ? ['', archiveSkillRoot(ledger.inventory().map((r) => r.path))] : [''];
  if (roots.some((r) => MANIFEST_NAMES.some((n) => ledger.hasInventory(`${r}${n}`)))) return;
  if (input.kind === 'directory' && root && root.links > 0 && root.visible === 0) {
    ledger.limitation(
      `The target holds only symbolic links (${root.links} at its root) and no SKILL.md: links are never followed, so nothing behind them was scanned. Scan each link's target directory instead.`,
    );
    return;
  }
  const nested = ledger.inventory().map((r) => r.path).filter((p) => MANIFEST_NAMES.some((n) => p.endsWith(`/${n}`)) && !p.includes('!/'));
  const shown = nested.slice(0, NESTED_MANIFESTS_SHOWN).map((p) => p.slice(0, p.lastIndexOf('/') + 1));
  const more = nested.length > shown.length ? ` and ${nested.length - shown.length} more` : '';
  const hint = shown.length > 0 ? ` SKILL.md files were found in ${shown.join(', ')}${more}: scan each skill directory on its own.` : '';
  const where = input.kind === 'archive' ? 'at the archive root (or in its single top-level folder)' : 'at the target root';
  ledger.limitation(
    `No SKILL.md manifest ${where}: this is not a skill bundle as it stands, so nothing states what the files are for or which ones an agent runs; the verdict covers the files alone.${hint}`,
  );
}
