// Resolves the CLI/MCP target before any scanning: refuses links and symlinked parents.
import { lstatSync } from 'node:fs';
import type { BigIntStats } from 'node:fs';
import { basename, dirname, resolve, sep } from 'node:path';

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export type TargetKind = 'directory' | 'file';

export interface ResolvedTarget {
  kind: TargetKind;
  /** Absolute path of the target. */
  absolute: string;
  /** Name used for a single-file bundle. */
  name: string;
  /** Device and inode seen here: the walk checks the directory it opens is this one. */
  identity: { dev: bigint; ino: bigint };
}

function lstatOrNull(p: string): BigIntStats | null {
  try {
    return lstatSync(p, { bigint: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw new UsageError(`cannot read target ${JSON.stringify(p)}: ${code ?? 'error'}`);
  }
}

/** Every ancestor of `abs` (root excluded) must be a real directory, not a link. */
function assertNoSymlinkedParent(abs: string): void {
  let current = dirname(abs);
  while (current !== dirname(current)) {
    const st = lstatOrNull(current);
    if (st?.isSymbolicLink()) {
      throw new UsageError(
        `target ${JSON.stringify(abs)} lies under a symlinked directory (${current}); scan the real path instead`,
      );
    }
    current = dirname(current);
  }
}

export function resolveTarget(target: string): ResolvedTarget {
  if (target.trim() === '') throw new UsageError('no target given: pass a skill directory, file or archive');
  const absolute = resolve(target);
  const st = lstatOrNull(absolute);
  if (!st) throw new UsageError(`target not found: ${JSON.stringify(target)}`);
  if (st.isSymbolicLink()) {
    throw new UsageError(`target ${JSON.stringify(target)} is a symlink; links are never followed, scan the real path`);
  }
  assertNoSymlinkedParent(absolute);
  const identity = { dev: st.dev, ino: st.ino };
  if (st.isDirectory()) return { kind: 'directory', absolute, name: basename(absolute), identity };
  if (st.isFile()) return { kind: 'file', absolute, name: basename(absolute), identity };
  throw new UsageError(`target ${JSON.stringify(target)} is not a regular file or directory`);
}

export const PATH_SEP = sep;
