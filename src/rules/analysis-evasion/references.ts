// Intra-bundle references in SKILL.md: link targets, backticked or quoted paths and bare path tokens,
// resolved against the inventory. Only exact inventory paths count, so prose never "resolves".
import { activeLimits, noteActiveLimit } from '../../analysis/kernel.js';
import { resolveAgainst } from '../../discovery/references.js';

export interface Reference {
  /** Bundle-relative path the reference resolves to. */
  target: string;
  /** Text as written. */
  written: string;
  offset: number;
}

// Everything between delimiters is a candidate; markdown link syntax splits into text and target.
const TOKEN = /[^\s`'"()<>[\]{}|,;*]{2,512}/g;

/**
 * Resolves `./a/../b.md#x` to `b.md` from `baseDir` (the manifest's directory: '' at the bundle root);
 * null for URLs, absolute paths and escapes from the bundle root.
 */
export function resolveReference(raw: string, baseDir = ''): string | null {
  return resolveAgainst(raw, baseDir);
}

export function findReferences(text: string, known: ReadonlySet<string>, baseDir = ''): Reference[] {
  const out: Reference[] = [];
  const seen = new Set<string>();
  TOKEN.lastIndex = 0;
  const max = activeLimits().maxReferencesPerFile;
  for (let m = TOKEN.exec(text); m !== null; m = TOKEN.exec(text)) {
    // Quick reject: inventory paths have a dot (extension) or a slash.
    if (!m[0].includes('.') && !m[0].includes('/')) continue;
    const target = resolveReference(m[0], baseDir);
    if (target === null || seen.has(target) || !known.has(target)) continue;
    if (out.length >= max) {
      noteActiveLimit({ what: 'references to bundle paths', observed: out.length + 1, limit: max });
      break;
    }
    seen.add(target);
    out.push({ target, written: m[0], offset: m.index });
  }
  return out;
}
