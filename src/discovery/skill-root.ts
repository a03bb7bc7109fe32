// Where a bundle's skill lives: its primary manifest (SKILL.md or skill.md) at the bundle root, or, for
// an archive whose members all sit under one top-level folder (what `zip -r my-skill.zip my-skill` and
// skill packagers produce, `.skill` files included), in that folder. Member paths keep the folder
// (`my-skill/SKILL.md`): they are the archive's own member names, so they stay the same whatever else
// the archive holds, and nothing is renamed.

export const MANIFEST_NAMES: readonly string[] = ['SKILL.md', 'skill.md'];
/** macOS archivers add resource forks under this folder; they are not a second top-level folder. */
const MACOS_METADATA = '__MACOSX';

/** '' or `folder/` when every path (macOS metadata aside) lies under that one top-level folder. */
export function archiveSkillRoot(paths: Iterable<string>): string {
  let folder: string | undefined;
  for (const path of paths) {
    const slash = path.indexOf('/');
    if (slash === -1) return '';
    const top = path.slice(0, slash);
    if (top === MACOS_METADATA) continue;
    if (folder === undefined) folder = top;
    else if (folder !== top) return '';
  }
  return folder === undefined ? '' : `${folder}/`;
}

/** The manifest under `root` ('' or `folder/`) among `paths`, or null. */
export function manifestUnder(paths: ReadonlySet<string>, root: string): string | null {
  for (const name of MANIFEST_NAMES) if (paths.has(`${root}${name}`)) return `${root}${name}`;
  return null;
}

/**
 * The primary manifest: the root SKILL.md, else (archive targets only) the one in the archive's single
 * top-level folder.
 */
export function findManifest(paths: ReadonlySet<string>, isArchive: boolean): string | null {
  const atRoot = manifestUnder(paths, '');
  if (atRoot !== null || !isArchive) return atRoot;
  const root = archiveSkillRoot(paths);
  return root === '' ? null : manifestUnder(paths, root);
}

/** The directory a bundle path lies in ('' for the root). */
export function directoryOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}
