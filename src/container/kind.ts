// Container type from internal structure, and the type an extension promises.
import type { ContainerType } from '../shared/types.js';
import { suffixOf } from '../discovery/classify.js';

const EXPECTED: Record<string, ContainerType> = {
  '.docx': 'docx', '.docm': 'docx', '.dotx': 'docx', '.dotm': 'docx',
  '.xlsx': 'xlsx', '.xlsm': 'xlsx', '.xltx': 'xlsx', '.xltm': 'xlsx',
  '.pptx': 'pptx', '.pptm': 'pptx', '.potx': 'pptx', '.potm': 'pptx', '.ppsx': 'pptx', '.ppsm': 'pptx',
  '.zip': 'zip',
};

/** ZIP-based formats that are honest about being archives (same policy as .zip, not disguised). */
// `.skill` is Claude's skill packaging: a ZIP by design, never a disguised one.
const ZIP_FAMILY = new Set(['.skill', '.jar', '.war', '.ear', '.whl', '.apk', '.vsix', '.nupkg', '.odt', '.ods', '.odp', '.xpi', '.crx', '.egg', '.aar', '.ipa', '.epub']);

export function expectedContainer(path: string): ContainerType | undefined {
  return EXPECTED[suffixOf(path)];
}

export function isZipFamilySuffix(path: string): boolean {
  return ZIP_FAMILY.has(suffixOf(path));
}

export function containerTypeOf(names: readonly string[]): ContainerType {
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
  return expected !== actual;
}

export function isDocumentContainer(t: ContainerType): boolean {
  return t === 'docx' || t === 'xlsx' || t === 'pptx';
}
