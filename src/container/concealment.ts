// Decides which artifacts hold concealed executable content (INSPECTION §5, SC9).
import { hasBinaryExecutableMagic, hasShebang, isExecutable, suffixOf } from '../discovery/classify.js';
import type { InventoryRow } from '../ledger/index.js';
import type { Concealment, ConcealmentReason } from '../model/bundle.js';
import { isDocumentContainer, isDocumentMacro } from './kind.js';

export interface ConcealmentInput {
  row: InventoryRow;
  bytes: Buffer | undefined;
  mode: number;
  origin: 'disk' | 'member';
}

const SOURCE_SCRIPTS: Record<string, RegExp> = {
  '.sh': /\b(?:ba|z|k|da)?sh\b/, '.bash': /\bbash\b/, '.zsh': /\bzsh\b/,
  '.py': /\bpython[0-9.]*\b/, '.js': /\b(?:node|deno|bun)\b/, '.mjs': /\b(?:node|deno|bun)\b/,
  '.ts': /\b(?:node|deno|bun|ts-node|tsx)\b/, '.rb': /\bruby\b/, '.pl': /\bperl\b/, '.ps1': /\bpwsh\b/,
};

/** Office macro projects count as executable content inside a document container. */
function isMacroPart(row: InventoryRow): boolean {
  const p = row.provenance;
  if (!p) return false;
  return isDocumentMacro(p.containerType, p.nestedPath.slice(p.nestedPath.lastIndexOf('!/') + 1).replace(/^\//, ''));
}

// AppleDouble sidecar ("._name", usually under __MACOSX/ in archives made by macOS): Finder metadata and a
// resource fork, written next to every file the archiver saw, with that file's name and mode bits. Its
// fixed header (magic 0x00051607, version 1 or 2) means no loader or shell can run it. AppleSingle
// (0x00051600) is not included: it carries the data fork, which can be anything.
const APPLE_DOUBLE_MAGIC = Buffer.from([0x00, 0x05, 0x16, 0x07]);
const APPLE_DOUBLE_HEADER = 26;

/** The bytes are an AppleDouble header (metadata sidecar), never runnable content. */
export function isAppleDouble(bytes: Buffer | undefined): boolean {
  if (bytes === undefined || bytes.length < APPLE_DOUBLE_HEADER || !bytes.subarray(0, 4).equals(APPLE_DOUBLE_MAGIC)) return false;
  const version = bytes.readUInt32BE(4);
  return version === 0x00010000 || version === 0x00020000;
}

// Standard binary parts an Office application writes into every document of the kind: printer settings
// (a DEVMODE structure, `.bin` by convention), embedded fonts, the thumbnail and media. They are data the
// application parses, never code it runs. Macro projects, ActiveX controls and embedded OLE objects
// (`vbaProject.bin`, `activeX*.bin`, `embeddings/oleObject*.bin`) are not in this list: they are code or
// can carry a packaged executable.
const OFFICE_DATA_PART =
  /^(?:(?:word|xl|ppt)\/printerSettings\/printerSettings\d{0,4}\.bin|(?:word|xl|ppt)\/fonts\/[\w.-]{1,100}\.(?:fntdata|odttf|ttf|otf)|docProps\/thumbnail\.(?:jpe?g|png|emf|wmf|gif|bmp|tiff?)|(?:word|xl|ppt)\/media\/[\w.-]{1,100}\.(?:png|jpe?g|gif|bmp|tiff?|emf|wmf|svg|wdp))$/i;

/** A standard data part of an Office document, read straight from the document (not from a nested archive). */
export function isOfficeDataPart(row: InventoryRow): boolean {
  const p = row.provenance;
  if (!p || !isDocumentContainer(p.containerType)) return false;
  const member = p.nestedPath.slice(p.nestedPath.lastIndexOf('!/') + 1).replace(/^\//, '');
  return OFFICE_DATA_PART.test(member);
}

/** Known data formats whose names or mode bits look executable; native code or a shebang still counts. */
function isKnownData(input: ConcealmentInput): boolean {
  if (hasShebang(input.bytes) || hasBinaryExecutableMagic(input.bytes)) return false;
  return isAppleDouble(input.bytes) || isOfficeDataPart(input.row);
}

export function isExecutableArtifact(input: ConcealmentInput): boolean {
  if (isMacroPart(input.row)) return true;
  return isExecutable(input.row.path, input.bytes, input.mode) && !isKnownData(input);
}

/** The narrow root exception: visible source scripts of a client's installed skill. */
export function isClientSkillScript(input: ConcealmentInput, regularFiles: ReadonlySet<string>): boolean {
  if (input.origin !== 'disk' || input.row.provenance) return false;
  const m = /^\.(agents|claude)\/skills\/([^/]+)\/(.+)$/.exec(input.row.path);
  if (!m || !m[2] || !m[3]) return false;
  const name = m[2];
  const rest = m[3];
  if (name.startsWith('.') || rest.split('/').some((seg) => seg.startsWith('.'))) return false;
  const dir = `.${m[1]}/skills/${name}`;
  if (!regularFiles.has(`${dir}/SKILL.md`) && !regularFiles.has(`${dir}/skill.md`)) return false;
  const shebangPattern = SOURCE_SCRIPTS[suffixOf(rest)];
  if (!shebangPattern) return false;
  if (hasShebang(input.bytes)) {
    const first = (input.bytes ?? Buffer.alloc(0)).subarray(0, 256).toString('latin1').split('\n')[0] ?? '';
    if (!shebangPattern.test(first)) return false;
  }
  return true;
}

export function concealmentOf(input: ConcealmentInput, regularFiles: ReadonlySet<string>): Concealment | undefined {
  if (!isExecutableArtifact(input)) return undefined;
  const { row } = input;
  const p = row.provenance;
  const reasons: ConcealmentReason[] = [];
  if (p?.containerAncestry.some(isDocumentContainer)) reasons.push('document_container');
  if (row.hidden) reasons.push('hidden_artifact');
  if (p?.disguisedChain) reasons.push('disguised_container');
  if (reasons.length === 0) return undefined;
  if (reasons.length === 1 && reasons[0] === 'hidden_artifact' && isClientSkillScript(input, regularFiles)) return undefined;
  return {
    reasons,
    evidence: {
      outer_path: p?.outerPath ?? row.path,
      nested_path: p?.nestedPath ?? row.path,
      container_type: p?.containerType ?? 'filesystem',
      container_ancestry: p?.containerAncestry ?? [],
      container_depth: p?.containerDepth ?? 0,
      concealment: reasons[0],
      concealment_reasons: reasons,
      local_only: true,
    },
  };
}
