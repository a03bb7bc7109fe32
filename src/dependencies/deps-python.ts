// Python manifest formats beyond requirements files: pyproject.toml, Pipfile (small line parsers, no
// TOML library) and setup.py install_requires. All bounded; malformed input yields fewer dependencies.
import { LineIndex, LineList } from '../analysis/lines.js';
import type { FileView } from '../model/bundle.js';
import type { Dependency } from './dep-spec.js';
import { LIMITS, parsePep508 } from './dep-spec.js';

/** A manifest's lines, sliced on demand (a manifest of millions of newlines builds no array of them). */
function linesOf(text: string): LineList {
  return new LineList(new LineIndex(text));
}

const MAX_ARRAY_LINES = 400;
const STRING_RE = /"((?:[^"\\\n]|\\.){1,4096})"|'([^'\n]{1,4096})'/g;
const TABLE_RE = /^\s*\[{1,2}\s*([^\]\n]{1,200}?)\s*\]{1,2}\s*(?:#.*)?$/;
const KEY_RE = /^\s*(?:"([^"\n]{1,256})"|([A-Za-z0-9_.-]{1,256}))\s*=\s*(.{0,4096})$/;

function strings(line: string): string[] {
  const out: string[] = [];
  STRING_RE.lastIndex = 0;
  for (let m = STRING_RE.exec(line); m !== null; m = STRING_RE.exec(line)) out.push(m[1] ?? m[2] ?? '');
  return out;
}

/** Reads the string items of an array that opens on line `start` after `=`; returns the deps and the last line used. */
function readArray(lines: LineList, start: number, afterEq: string, f: FileView, out: Dependency[]): number {
  let text = afterEq;
  for (let i = start; i < lines.length && i < start + MAX_ARRAY_LINES; i += 1) {
    if (i > start) text = lines.at(i) ?? '';
    for (const s of strings(text)) {
      if (out.length >= LIMITS.packagesPerManifest) return i;
      const dep = parsePep508(s, f.path, i + 1);
      if (dep) out.push(dep);
    }
    if (/[\])]/.test(text.replace(STRING_RE, ''))) return i;
  }
  // Unterminated: resume after everything scanned, so a hostile file cannot make us rescan it.
  return Math.min(lines.length, start + MAX_ARRAY_LINES) - 1;
}

/** Poetry / Pipfile value: `"^1.2"`, `"==1.2"`, `"*"`, `{ version = "1.2", extras = [...] }`, `{ git = "…" }`. */
function tableValueDep(name: string, value: string, f: FileView, line: number, poetry: boolean): Dependency | null {
  if (name.length === 0 || name.length > LIMITS.nameChars) return null;
  const v = value.trim();
  let spec = '';
  let source: Dependency['source'] = 'registry';
  if (v.startsWith('{')) {
    if (/\b(?:git|url)\s*=/.test(v)) source = /\bgit\s*=/.test(v) ? 'vcs' : 'url';
    else if (/\bpath\s*=/.test(v)) source = 'local';
    spec = /\bversion\s*=\s*["']([^"'\n]{0,4096})["']/.exec(v)?.[1] ?? '';
  } else {
    spec = strings(v)[0] ?? '';
  }
  spec = spec.trim();
  if (spec === '*') spec = '';
  // Poetry's bare "1.2.3" means exactly 1.2.3; Pipfile needs "==".
  const exact = (poetry ? /^(?:==?)?\s*(\d[0-9A-Za-z.+!-]{0,127})$/ : /^===?\s*(\d[0-9A-Za-z.+!-]{0,127})$/).exec(spec);
  return { ecosystem: 'pypi', name, spec, pinned: source === 'registry' && exact ? (exact[1] ?? null) : null, source, file: f.path, line };
}

export function parsePyproject(f: FileView): Dependency[] {
  const out: Dependency[] = [];
  const lines = linesOf(f.text);
  let table = '';
  for (let i = 0; i < lines.length && out.length < LIMITS.packagesPerManifest; i += 1) {
    const line = lines.at(i) ?? '';
    const header = TABLE_RE.exec(line);
    if (header) {
      table = (header[1] ?? '').replace(/["'\s]/g, '').toLowerCase();
      continue;
    }
    const kv = KEY_RE.exec(line);
    if (!kv) continue;
    const key = (kv[1] ?? kv[2] ?? '').toLowerCase();
    const value = kv[3] ?? '';
    const arrayKey =
      (table === 'project' && key === 'dependencies') ||
      table === 'project.optional-dependencies' ||
      table === 'dependency-groups' ||
      (table === 'build-system' && key === 'requires');
    if (arrayKey && value.trimStart().startsWith('[')) {
      i = readArray(lines, i, value, f, out);
    } else if (/^tool\.poetry\.(?:(?:dev-)?dependencies|group\.[^.]{1,100}\.dependencies)$/.test(table) && key !== 'python') {
      const dep = tableValueDep(kv[1] ?? kv[2] ?? '', value, f, i + 1, true);
      if (dep) out.push(dep);
    }
  }
  return out;
}

export function parsePipfile(f: FileView): Dependency[] {
  const out: Dependency[] = [];
  const lines = linesOf(f.text);
  let inPackages = false;
  for (let i = 0; i < lines.length && out.length < LIMITS.packagesPerManifest; i += 1) {
    const line = lines.at(i) ?? '';
    const header = TABLE_RE.exec(line);
    if (header) {
      const t = (header[1] ?? '').trim().toLowerCase();
      inPackages = t === 'packages' || t === 'dev-packages';
      continue;
    }
    if (!inPackages) continue;
    const kv = KEY_RE.exec(line);
    if (!kv) continue;
    const dep = tableValueDep(kv[1] ?? kv[2] ?? '', kv[3] ?? '', f, i + 1, false);
    if (dep) out.push(dep);
  }
  return out;
}

/** `install_requires=[...]`, or `install_requires=NAME` with `NAME = [...]` defined in the same file. */
export function parseSetupPy(f: FileView): Dependency[] {
  const out: Dependency[] = [];
  const lines = linesOf(f.text);
  for (let i = 0; i < lines.length && out.length < LIMITS.packagesPerManifest; i += 1) {
    const m = /\binstall_requires\s*=\s*(.*)$/.exec(lines.at(i) ?? '');
    if (!m) continue;
    const value = (m[1] ?? '').slice(0, LIMITS.specChars);
    // Only the first install_requires is read, which keeps the scan linear on hostile input.
    if (/^[[(]/.test(value.trimStart())) {
      readArray(lines, i, value.replace('(', '['), f, out);
      return out;
    }
    const ident = /^([A-Za-z_][A-Za-z0-9_]{0,100})/.exec(value.trimStart())?.[1];
    if (!ident) return out;
    const defRe = new RegExp(`^\\s*${ident}\\s*=\\s*(\\[.{0,4096})$`);
    let defLine = -1;
    for (let l = 0; l < lines.length && defLine === -1; l += 1) if (defRe.test(lines.at(l) ?? '')) defLine = l;
    if (defLine !== -1) readArray(lines, defLine, defRe.exec(lines.at(defLine) ?? '')?.[1] ?? '', f, out);
    return out;
  }
  return out;
}
