// Container type from internal structure, and the type an extension promises.
import type { ContainerType } from '../shared/types.js';
import { suffixOf } from '../discovery/classify.js';
import { readZipEntry } from './zip/index.js';
import type { ZipEntry } from './zip/index.js';

const EXPECTED: Record<string, ContainerType> = {
  '.docx': 'docx', '.docm': 'docx', '.dotx': 'docx', '.dotm': 'docx',
  '.xlsx': 'xlsx', '.xlsm': 'xlsx', '.xltx': 'xlsx', '.xltm': 'xlsx',
  '.pptx': 'pptx', '.pptm': 'pptx', '.potx': 'pptx', '.potm': 'pptx', '.ppsx': 'pptx', '.ppsm': 'pptx',
  '.odt': 'odt', '.ott': 'odt', '.ods': 'ods', '.ots': 'ods', '.odp': 'odp', '.otp': 'odp',
  '.zip': 'zip',
  '.tar': 'tar', '.tgz': 'tar', '.gz': 'gzip',
};

/** ZIP-based formats that are honest about being archives (same policy as .zip, not disguised). */
// `.skill` is Claude's skill packaging: a ZIP by design, never a disguised one.
const ZIP_FAMILY = new Set(['.skill', '.jar', '.war', '.ear', '.whl', '.apk', '.vsix', '.nupkg', '.xpi', '.crx', '.egg', '.aar', '.ipa', '.epub']);

export function expectedContainer(path: string): ContainerType | undefined {
  return EXPECTED[suffixOf(path)];
}

export function isZipFamilySuffix(path: string): boolean {
  return ZIP_FAMILY.has(suffixOf(path));
}

// OpenDocument names its kind in the content of its `mimetype` member, the template variants included.
const ODF_MIMETYPE = /^application\/vnd\.oasis\.opendocument\.(text|spreadsheet|presentation)(?:-template)?$/;
const ODF_TYPE: Record<string, ContainerType> = { text: 'odt', spreadsheet: 'ods', presentation: 'odp' };
/** A `mimetype` member longer than this is not an OpenDocument one. */
export const MIMETYPE_MAX_BYTES = 128;

/** The content of a small, readable `mimetype` member (OpenDocument's type marker), else undefined. */
export function mimetypeOf(bytes: Buffer, entries: readonly ZipEntry[]): string | undefined {
  const entry = entries.find((e) => e.name === 'mimetype');
  if (!entry || entry.uncompressedSize > MIMETYPE_MAX_BYTES) return undefined;
  const read = readZipEntry(bytes, entry, { maxMemberBytes: MIMETYPE_MAX_BYTES, maxRatio: 100, remainingBytes: MIMETYPE_MAX_BYTES });
  return read.ok ? read.bytes.toString('latin1') : undefined;
}

/** `mimetype` is the content of the archive's `mimetype` member, when it has one that could be read. */
export function containerTypeOf(names: readonly string[], mimetype?: string): ContainerType {
  const odf = mimetype === undefined ? null : ODF_MIMETYPE.exec(mimetype.trim());
  if (odf) return ODF_TYPE[odf[1] ?? ''] ?? 'zip';
  const lower = names.map((n) => n.toLowerCase());
  if (!lower.includes('[content_types].xml')) return 'zip';
  if (lower.some((n) => n.startsWith('word/'))) return 'docx';
  if (lower.some((n) => n.startsWith('xl/'))) return 'xlsx';
  if (lower.some((n) => n.startsWith('ppt/'))) return 'pptx';
  return 'zip';
}

/** The extension promises no container, or a different one, than the bytes hold. */
export function isDisguised(path: string, actual: ContainerType): boolean {
  const expected = expectedContainer(path);
  if (expected === undefined) return !isZipFamilySuffix(path) || actual !== 'zip';
  // `.tar.gz` (and any `.gz` of a tar): the members are tar members.
  if (expected === 'gzip' && actual === 'tar') return false;
  return expected !== actual;
}

export function isDocumentContainer(t: ContainerType): boolean {
  return t === 'docx' || t === 'xlsx' || t === 'pptx' || t === 'odt' || t === 'ods' || t === 'odp';
}

// OpenDocument macros: Basic modules (`Basic/<library>/<module>.xml`; the library indexes are
// declarations, not code) and script files (`Scripts/python/x.py`, `Scripts/javascript/...`).
const ODF_MACRO = /^(?:Basic\/[^/]{1,255}\/(?!(?:script|dialog)-lb\.xml$)[^/]{1,255}\.xml|Scripts\/.{0,1024}[^/])$/;

/** A member of a document container that holds macro code (`member` is relative to that container). */
export function isDocumentMacro(type: ContainerType, member: string): boolean {
  if (type === 'odt' || type === 'ods' || type === 'odp') return ODF_MACRO.test(member);
  return isDocumentContainer(type) && /(?:^|\/)(?:vbaProject|vbaData|activeX\d*)\.bin$/i.test(member);
}
