// Dependency manifests: which files count, and a bounded, never-throwing parser for each format.
// Shared by SC1/SC4/SC5/SC6; the parse of one `files` array is memoised so the four rules pay once.
import { LineIndex, LineList } from '../analysis/lines.js';
import type { FileView } from '../model/bundle.js';
import { parsePipfile, parsePyproject, parseSetupPy } from './deps-python.js';
import type { Dependency } from './dep-spec.js';
import { LIMITS, classifyNpmSpec, parsePep508 } from './dep-spec.js';

/** A manifest's lines, sliced on demand (a manifest of millions of newlines builds no array of them). */
function linesOf(text: string): LineList {
  return new LineList(new LineIndex(text));
}

export type { Dependency, Ecosystem } from './dep-spec.js';
export { normalizeName } from './dep-spec.js';

/** Path substrings from the catalogue; `requirements` only for requirement-style files, not prose docs. */
export function isDependencyManifest(path: string): boolean {
  const p = path.toLowerCase();
  const base = p.slice(p.lastIndexOf('/') + 1);
  if (base === 'package.json' || base === 'pyproject.toml' || base === 'setup.py' || base === 'pipfile') return true;
  return p.includes('requirements') && /(?:\.(?:txt|in|pip)|^[^.]*)$/.test(base);
}

function parseRequirements(f: FileView): Dependency[] {
  const out: Dependency[] = [];
  const lines = linesOf(f.text);
  for (let i = 0; i < lines.length && out.length < LIMITS.packagesPerManifest; i += 1) {
    const text = (lines.at(i) ?? '').replace(/(?:^|\s)#.*$/, '').replace(/\\\s*$/, '').trim();
    // Options (-r, -e, --hash, --index-url) and continuation lines are not requirements.
    if (text.length === 0 || text.startsWith('-') || text.length > LIMITS.specChars) continue;
    // Per-requirement options (`--hash=…`, `--install-option`) follow the requirement.
    const dep = parsePep508(text.split(/\s--?[a-z]/i)[0] ?? '', f.path, i + 1);
    if (dep) out.push(dep);
  }
  return out;
}

function keyLines(text: string): Map<string, number[]> {
  const map = new Map<string, number[]>();
  const lines = linesOf(text);
  for (let i = 0; i < lines.length; i += 1) {
    const m = /^\s*"([^"\\]{1,256})"\s*:/.exec(lines.at(i) ?? '');
    if (!m) continue;
    const key = m[1] ?? '';
    const list = map.get(key) ?? [];
    if (list.length < 64) list.push(i + 1);
    map.set(key, list);
  }
  return map;
}

function parsePackageJson(f: FileView): Dependency[] {
  if (f.text.length > LIMITS.jsonBytes) return [];
  let doc: unknown;
  try {
    doc = JSON.parse(f.text);
  } catch {
    return [];
  }
  if (typeof doc !== 'object' || doc === null) return [];
  const lines = keyLines(f.text);
  const out: Dependency[] = [];
  for (const section of ['dependencies', 'devDependencies']) {
    const deps = (doc as Record<string, unknown>)[section];
    if (typeof deps !== 'object' || deps === null || Array.isArray(deps)) continue;
    const sectionLine = lines.get(section)?.[0] ?? 1;
    for (const [name, value] of Object.entries(deps as Record<string, unknown>)) {
      if (out.length >= LIMITS.packagesPerManifest) return out;
      if (typeof value !== 'string' || name.length === 0 || name.length > LIMITS.nameChars) continue;
      const line = lines.get(name)?.find((l) => l > sectionLine) ?? sectionLine;
      const spec = value.slice(0, LIMITS.specChars);
      out.push({ ecosystem: 'npm', name, spec, ...classifyNpmSpec(spec), file: f.path, line });
    }
  }
  return out;
}

export function parseManifest(f: FileView): Dependency[] {
  const base = f.path.toLowerCase().slice(f.path.lastIndexOf('/') + 1);
  try {
    if (base === 'package.json') return parsePackageJson(f);
    if (base === 'pyproject.toml') return parsePyproject(f);
    if (base === 'setup.py') return parseSetupPy(f);
    if (base === 'pipfile') return parsePipfile(f);
    return parseRequirements(f);
  } catch {
    return []; // A parser bug must not take the scan down; malformed input is simply unparsed.
  }
}

const MEMO = new WeakMap<readonly FileView[], Dependency[]>();

/** Every dependency in the bundle's manifests, within the manifest and package bounds. */
export function collectDependencies(files: readonly FileView[]): Dependency[] {
  const cached = MEMO.get(files);
  if (cached) return cached;
  const out: Dependency[] = [];
  let manifests = 0;
  for (const f of files) {
    if (!isDependencyManifest(f.path)) continue;
    if (++manifests > LIMITS.manifests) break;
    for (const dep of parseManifest(f)) {
      if (out.length >= LIMITS.packagesPerScan) break;
      out.push(dep);
    }
  }
  MEMO.set(files, out);
  return out;
}
