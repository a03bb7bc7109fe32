// Virtual paths as SARIF artifact locations under SRCROOT. A file on disk is its own artifact; a member of
// an archive (`outer.zip!/a.sh`, or any path of an archive target) is located at the outer file, the only
// thing a repository holds, and keeps its full virtual path in `properties.virtualPath`. Which is which
// comes from the report's inventory, not from the text: a directory may be named `notes!`.
import type { Location as SarifLocation } from 'sarif';
import type { ScanReport } from '../types.js';
import { encodeVirtualPath } from '../view.js';
import type { SarifRoot } from './sarif-options.js';

export const SRCROOT = 'SRCROOT';
const MEMBER_BOUNDARY = '!/';
/** `!/` boundaries tried when a path has no inventory row; real nesting stops at a few levels. */
const MAX_BOUNDARIES = 64;

type TargetKind = ScanReport['metadata']['target_kind'];

interface Placement {
  /** The artifact's URI under SRCROOT. */
  uri: string;
  /** The report's virtual path when the location is an archive holding it, not the file itself. */
  virtualPath?: string;
  /** How a message names the member: the archive's name, `!/`, the member path. */
  display?: string;
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function parentPrefix(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut === -1 ? '' : path.slice(0, cut + 1);
}

/** Without a root (an MCP reply): SRCROOT is the target directory, or the directory holding a file or archive target. */
export function defaultTargetPath(report: ScanReport): string {
  if (report.metadata.target_kind === 'directory') return '';
  let source = report.skill.source.replace(/\\/g, '/');
  while (source.endsWith('/')) source = source.slice(0, -1);
  return lastSegment(source) || report.skill.name;
}

/** Each inventoried path and its physical container: the path itself for a file on disk. */
function outerPaths(report: ScanReport): Map<string, string> {
  const out = new Map<string, string>();
  for (const row of [...report.inventory, ...report.components]) if (!out.has(row.path)) out.set(row.path, row.outer_path ?? row.path);
  return out;
}

export class ArtifactPlacer {
  private readonly prefix: string;

  constructor(private readonly kind: TargetKind, readonly targetPath: string, private readonly outers: ReadonlyMap<string, string> = new Map()) {
    this.prefix = kind === 'directory' ? (targetPath === '' ? '' : `${targetPath}/`) : parentPrefix(targetPath);
  }

  /**
   * The file on disk holding `path`: its inventory row says so; a path without one (a hand-built report)
   * is held by the first `!/` prefix that is an inventoried disk file, else by its first `!/` prefix.
   */
  private outerOf(path: string): string {
    const known = this.outers.get(path);
    if (known !== undefined) return known;
    const first = path.indexOf(MEMBER_BOUNDARY);
    let cut = first;
    for (let n = 0; cut !== -1 && n < MAX_BOUNDARIES; n++) {
      const prefix = path.slice(0, cut);
      if (this.outers.get(prefix) === prefix) return prefix;
      cut = path.indexOf(MEMBER_BOUNDARY, cut + MEMBER_BOUNDARY.length);
    }
    return first <= 0 ? path : path.slice(0, first);
  }

  place(path: string): Placement {
    if (this.kind === 'archive') {
      return { uri: encodeVirtualPath(this.targetPath), virtualPath: path, display: `${lastSegment(this.targetPath)}${MEMBER_BOUNDARY}${path}` };
    }
    const outer = this.outerOf(path);
    const uri = encodeVirtualPath(`${this.prefix}${outer}`);
    return outer === path ? { uri } : { uri, virtualPath: path, display: path };
  }

  /** A location at `path`; a region only when the lines are lines of that artifact (the schema wants lines ≥ 1). */
  location(path: string, startLine?: number, endLine?: number): { location: SarifLocation; placement: Placement } {
    const placement = this.place(path);
    const location: SarifLocation = { physicalLocation: { artifactLocation: { uri: placement.uri, uriBaseId: SRCROOT } } };
    if (placement.virtualPath !== undefined) location.properties = { virtualPath: placement.virtualPath };
    else if (startLine !== undefined && startLine >= 1 && location.physicalLocation) {
      location.physicalLocation.region = { startLine, endLine: Math.max(startLine, endLine ?? startLine) };
    }
    return { location, placement };
  }
}

/** ` (in outer.zip!/a.sh:3)`: where a member finding is, for messages whose location is the outer file. */
export function memberSuffix(placement: Placement, line?: number): string {
  if (placement.display === undefined) return '';
  return ` (in ${placement.display}${line !== undefined && line >= 1 ? `:${line}` : ''})`;
}

/** The run's `originalUriBaseIds`: SRCROOT with its file:// URI when the scan ran on a local path. */
export function uriBaseIds(root: SarifRoot | undefined): Record<string, { uri?: string; description: { text: string } }> {
  const text = root
    ? 'Root the artifact URIs are relative to: the git checkout holding the target (or --sarif-root), else the target directory.'
    : 'Directory of the scanned target: the target directory itself, or the directory holding a file or archive target.';
  return { [SRCROOT]: { ...(root ? { uri: root.uri } : {}), description: { text } } };
}

export function placerFor(report: ScanReport, root: SarifRoot | undefined): ArtifactPlacer {
  return new ArtifactPlacer(report.metadata.target_kind, root ? root.targetPath : defaultTargetPath(report), outerPaths(report));
}
