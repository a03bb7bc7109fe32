// The bundle files SKILL.md leads to: the ones it names, then the ones those name, and so on. Each file's
// text is read once, so the search is linear in the bundle's text; only exact bundle paths count.
import type { Artifact } from '../shared/artifact.js';
import { decodeText } from './classify.js';
import { pathTokens } from './references.js';
import { directoryOf } from './skill-root.js';

export function reachableFrom(manifest: Artifact, artifacts: readonly Artifact[]): Set<string> {
  const byPath = new Map(artifacts.map((a) => [a.path, a]));
  const reached = new Set<string>([manifest.path]);
  const queue: Artifact[] = [manifest];
  const manifestDir = directoryOf(manifest.path);
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    // Containers are read through their members, which are artifacts of their own.
    if (!next.bytes || next.container) continue;
    const dir = directoryOf(next.path);
    const dirs = dir === manifestDir ? [dir] : [dir, manifestDir];
    pathTokens(decodeText(next.bytes), (p) => {
      const target = byPath.get(p);
      if (target && !reached.has(p)) {
        reached.add(p);
        queue.push(target);
      }
      return true;
    }, dirs);
  }
  return reached;
}
