// Placement: what role a file plays for the agent, and where in it a match sits. Decided from where text
// sits and what reaches it (SKILL.md references), never from words an attacker can put next to a payload.
import type { FileView } from '../model/bundle.js';
import type { FileRole, Place, Section } from '../model/place.js';
import type { LineIndex } from './lines.js';

const TEST_DIR = /(?:^|\/)(?:tests?|__tests__|spec|fixtures?|testdata)(?:\/|$)|\.(?:test|spec)\.[a-z]+$|(?:^|\/)test_[^/]+$/i;
const LICENSE = /(?:^|\/)(?:LICEN[CS]E|UNLICENSE|COPYING|NOTICE)(?:[-._][\w.-]{1,20})?$/i;
const SIGNATURE =
  /\.(?:sig|sigstore|asc|pem|crt|cer|der|p7s|p7b|pub|intoto\.jsonl|spdx|spdx\.json|cdx\.json|cdx\.xml)$|\.sigstore\.json$|\.oms\.sig$|(?:^|\/)(?:sbom|bom)(?:[-.][\w-]{0,30})?\.(?:json|xml)$|(?:^|\/)(?:MANIFEST\.MF|[\w-]{1,60}\.(?:SF|RSA|DSA|EC))$/i;
const LOCKFILE =
  /(?:^|\/)(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|poetry\.lock|Pipfile\.lock|uv\.lock|pdm\.lock|Cargo\.lock|go\.sum|Gemfile\.lock|composer\.lock|mix\.lock|pubspec\.lock|Podfile\.lock|packages\.lock\.json|requirements[\w.-]{0,40}\.lock)$/i;
/** Sigstore / in-toto / DSSE content, recognised from its first bytes whatever the file is called. */
const SIGNATURE_CONTENT = /^\s*\{\s*"(?:mediaType"\s*:\s*"application\/vnd\.(?:dev\.sigstore|in-toto)|payloadType"\s*:\s*"application\/vnd\.in-toto|_type"\s*:\s*"https:\/\/in-toto\.io)/;
/** Dependency manifests are configuration whatever their extension (requirements.txt is not prose). */
const DEPENDENCY_MANIFEST =
  /(?:^|\/)(?:requirements[\w.-]{0,40}\.(?:txt|in)|constraints[\w.-]{0,20}\.txt|Pipfile|pyproject\.toml|setup\.cfg|package\.json|Gemfile|go\.mod|Cargo\.toml|composer\.json|environment\.ya?ml)$/i;
/** File types that hold source code (scripts and programs); shared with the rule kit. */
export const CODE_TYPES: ReadonlySet<string> = new Set(['python', 'javascript', 'typescript', 'shell', 'powershell', 'batch', 'ruby', 'go', 'php', 'rust']);
const CONFIG_TYPES: ReadonlySet<string> = new Set(['json', 'yaml', 'toml', 'ini', 'xml', 'env']);
const DOC_TYPES: ReadonlySet<string> = new Set(['markdown', 'text']);

export function isCodeFile(file: Pick<FileView, 'type' | 'executable'>): boolean {
  return CODE_TYPES.has(file.type) || file.executable;
}

/** A file's role when SKILL.md says nothing about it. */
export function intrinsicRole(file: Pick<FileView, 'path' | 'type' | 'executable' | 'isManifest' | 'text'>): FileRole {
  if (file.isManifest) return 'manifest';
  if (SIGNATURE.test(file.path) || SIGNATURE_CONTENT.test(file.text.slice(0, 200))) return 'signature';
  if (LOCKFILE.test(file.path)) return 'lockfile';
  if (isCodeFile(file)) return 'code';
  if (LICENSE.test(file.path)) return 'license';
  if (TEST_DIR.test(file.path)) return 'fixture';
  if (DEPENDENCY_MANIFEST.test(file.path)) return 'config';
  if (CONFIG_TYPES.has(file.type)) return 'config';
  if (DOC_TYPES.has(file.type)) return 'doc';
  return 'config';
}

// A path token as SKILL.md writes it: `scripts/run.sh`, ./tools/x.py, references/guide.md.
const PATH_TOKEN = /(?:\.{1,2}\/)?[\w@.-]{1,100}(?:\/[\w@.-]{1,100}){0,12}\.[A-Za-z0-9]{1,10}\b|(?:\.{1,2}\/)?[\w@.-]{1,100}(?:\/[\w@.-]{1,100}){1,12}/g;
// A run verb in command position: directly before the path, with at most a few flags between.
const RUN_VERB =
  /(?:^|[\s`"'(;&|$>])(?:run|execute|exec|invoke|launch|source|bash|sh|zsh|python3?|node|deno|bun|npx|tsx|ruby|perl|pwsh|powershell|uv run|chmod \+x)(?:\s+-{1,2}[\w=-]{1,30}){0,3}\s*[`"']?(?:\.\/)?$/i;
const FOLLOW_VERB =
  /\b(?:follow|obey|apply|adopt|comply with|load|import|include|treat|use) (?:the )?(?:instructions?|rules?|steps?|directives?|guidance|prompt|persona|content)?\b|\b(?:must|always|first) (?:read|load|open)\b|\bread (?:and (?:follow|apply|obey|execute)|carefully and follow)\b|\binstructions? (?:in|from|at)\s*$/i;

export interface Directions {
  /** Bundle paths SKILL.md tells the agent to run. */
  run: ReadonlySet<string>;
  /** Bundle paths SKILL.md tells the agent to follow as instructions. */
  follow: ReadonlySet<string>;
}

/**
 * What SKILL.md tells the agent to run or follow: each path token that names a bundle file, judged by
 * the words before it on its line. Code files that SKILL.md names at all count as run (a script the
 * instructions point at is there to be run), so a `tests/` path cannot hide a script the agent runs.
 */
export function directionsOf(manifestText: string, files: readonly Pick<FileView, 'path' | 'type' | 'executable'>[]): Directions {
  const byPath = new Map<string, Pick<FileView, 'path' | 'type' | 'executable'>>();
  for (const f of files) byPath.set(f.path, f);
  const run = new Set<string>();
  const follow = new Set<string>();
  for (const line of manifestText.split('\n', 20_000)) {
    if (line.length > 4_000 || !/[/.]/.test(line)) continue;
    for (const m of line.matchAll(PATH_TOKEN)) {
      const token = m[0].replace(/^\.\//, '').replace(/[.,;:]+$/, '');
      const file = byPath.get(token);
      if (!file) continue;
      const before = line.slice(Math.max(0, (m.index ?? 0) - 80), m.index);
      if (isCodeFile(file)) run.add(file.path);
      else if (DOC_TYPES.has(file.type)) {
        // Prose is followed, never run: "multi-node" or a "Python" table cell near a link is no command.
        if (FOLLOW_VERB.test(before.replace(/[`"'([]+$/, ''))) follow.add(file.path);
      } else if (RUN_VERB.test(before)) run.add(file.path);
    }
  }
  return { run, follow };
}

/** The role of each file, with SKILL.md's directions applied. */
export function roleOf(file: Pick<FileView, 'path' | 'type' | 'executable' | 'isManifest' | 'text'>, directions: Directions): FileRole {
  const intrinsic = intrinsicRole(file);
  if (intrinsic === 'manifest' || intrinsic === 'signature' || intrinsic === 'lockfile') return intrinsic;
  if (directions.run.has(file.path)) return 'run-target';
  if (directions.follow.has(file.path)) return 'directed-doc';
  return intrinsic;
}

/** The file's role: set by the engine (`assignRoles`), else derived from the file alone. */
export function fileRole(file: FileView): FileRole {
  return file.role ?? intrinsicRole(file);
}

/** Sets `role` on every view; the engine calls it once per scan, after classification. */
export function assignRoles(files: readonly FileView[]): void {
  const manifest = files.find((f) => f.isManifest);
  const directions = manifest ? directionsOf(manifest.text, files) : { run: new Set<string>(), follow: new Set<string>() };
  for (const f of files) f.role = roleOf(f, directions);
}

interface Layout {
  /** 1 for a line inside a fenced block (fence lines included), else 0. */
  fenced: Uint8Array;
  /** For a fenced line, the line of its block's opening fence; 0 elsewhere. */
  opener: Int32Array;
  /** Line number of the nearest heading at or above each line (0 when none). */
  heading: Int32Array;
  /** Last line of the YAML frontmatter (0 when none). */
  frontmatterEnd: number;
}

const LAYOUTS = new WeakMap<LineIndex, Layout>();
const FENCE = /^\s{0,3}(?:```|~~~)/;
const HEADING = /^\s{0,3}#{1,6}\s/;
/** Layout is judged by a line's start: headings and fences are short, attacker lines may be 1 MB. */
const HEAD = 200;

function layoutOf(index: LineIndex): Layout {
  let layout = LAYOUTS.get(index);
  if (layout) return layout;
  const n = index.count;
  const fenced = new Uint8Array(n + 1);
  const heading = new Int32Array(n + 1);
  const opener = new Int32Array(n + 1);
  let frontmatterEnd = 0;
  if (index.lineText(1).trimEnd() === '---') {
    for (let l = 2; l <= Math.min(n, 2_000); l += 1) {
      const t = index.lineText(l).slice(0, HEAD).trimEnd();
      if (t === '---' || t === '...') {
        frontmatterEnd = l;
        break;
      }
    }
  }
  let inFence = false;
  let lastHeading = 0;
  let open = 0;
  for (let l = 1; l <= n; l += 1) {
    const t = index.lineText(l).slice(0, HEAD);
    if (FENCE.test(t)) {
      fenced[l] = 1;
      if (!inFence) open = l;
      opener[l] = open;
      inFence = !inFence;
    } else {
      if (inFence) opener[l] = open;
      fenced[l] = inFence ? 1 : 0;
      if (!inFence && l > frontmatterEnd && HEADING.test(t)) lastHeading = l;
    }
    heading[l] = lastHeading;
  }
  layout = { fenced, opener, heading, frontmatterEnd };
  LAYOUTS.set(index, layout);
  return layout;
}

/** True when `line` sits inside a fenced code block of a Markdown file. */
export function inFence(index: LineIndex, line: number): boolean {
  return layoutOf(index).fenced[line] === 1;
}

/** The line of the opening fence of the block `line` sits in, or 0 outside fenced blocks. */
export function fenceOpenerOf(index: LineIndex, line: number): number {
  return layoutOf(index).opener[line] ?? 0;
}

/** The text of the heading that governs `line`, or '' when none. */
export function headingOf(index: LineIndex, line: number): string {
  const h = layoutOf(index).heading[line] ?? 0;
  return h > 0 ? index.lineText(h).slice(0, HEAD) : '';
}

const INSTALL_HEADING = /\b(?:install(?:ation|ing)?|set ?up|setting up|prerequisites?|requirements|getting started|quick ?start|dependencies|bootstrap|before you (?:begin|start))\b/i;

/** The section a line sits in: an installation/setup section, or anything else. */
export function sectionOf(index: LineIndex, line: number): Section {
  return INSTALL_HEADING.test(headingOf(index, line)) ? 'install' : 'other';
}

/** Where one line of a file sits, from the file's role and the line's position in it. */
export function placeOf(file: FileView, index: LineIndex, line: number): Place {
  const role = fileRole(file);
  switch (role) {
    case 'manifest':
    case 'directed-doc': {
      if (file.type !== 'markdown' && file.type !== 'text') return role === 'manifest' ? 'instructions' : 'config';
      const layout = layoutOf(index);
      if (role === 'manifest' && line <= layout.frontmatterEnd) return 'frontmatter';
      return layout.fenced[line] === 1 ? 'manifest-code' : 'instructions';
    }
    case 'doc':
      return file.type === 'markdown' && layoutOf(index).fenced[line] === 1 ? 'doc-code' : 'doc-prose';
    case 'run-target':
    case 'code':
      return 'code';
    default:
      return role;
  }
}
