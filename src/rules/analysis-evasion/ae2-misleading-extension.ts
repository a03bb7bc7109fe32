import { typeFromPath, suffixOf } from '../../discovery/classify.js';
import { defineRule } from '../types.js';
import type { RuleHit } from '../types.js';

// Suffixes that promise binary content (media, archives, native code, office/PDF documents).
const BINARY_SUFFIXES = new Set([
  '.png', '.jpg', '.jpeg', '.gif', '.bmp', '.ico', '.webp', '.tif', '.tiff', '.avif', '.heic',
  '.zip', '.gz', '.tgz', '.tar', '.7z', '.rar', '.bz2', '.xz', '.zst', '.jar', '.whl', '.apk', '.nupkg', '.vsix',
  '.exe', '.dll', '.so', '.dylib', '.bin', '.o', '.a', '.class', '.pyc', '.pyo', '.wasm', '.msi', '.dmg',
  '.pdf', '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx', '.odt', '.ods', '.odp',
  '.mp3', '.mp4', '.wav', '.ogg', '.flac', '.mov', '.avi', '.mkv', '.webm', '.ttf', '.otf', '.woff', '.woff2',
  '.sqlite', '.db', '.pkl', '.pickle', '.npy', '.pt', '.onnx', '.safetensors',
]);
const EXTRA_TEXT_SUFFIXES = new Set(['.csv', '.tsv', '.html', '.htm', '.css', '.ini', '.cfg', '.conf', '.svg', '.sql', '.log', '.env', '.lock', '.pem', '.crt']);
const LFS_POINTER = /^version https:\/\/git-lfs\.github\.com\/spec\/v1\r?\n/;

function hasTextSuffix(path: string): boolean {
  const s = suffixOf(path);
  return s !== '' && (typeFromPath(path) !== 'other' || EXTRA_TEXT_SUFFIXES.has(s));
}

export const ae2 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'AE2',
    category: 'Analysis Evasion',
    severity: 'MEDIUM',
    confidence: 0.9,
    title: 'Misleading File Extension',
    description:
      'A file whose extension contradicts its content: a binary-looking name (`.png`, `.bin`, `.pdf`, …) holding text, or a text name (`.txt`, `.md`, `.py`, …) holding binary data, such as a `.txt` that is really a ZIP. Tools and reviewers decide what to read by extension, so a mismatch hides scripts from text review or archives from unpacking. Git LFS pointer files are not reported.',
    remediation: 'Give every file the extension of what it contains; ship archives and binaries under their real type, or not at all.',
    noTriage: true,
  },
  check(bundle, files) {
    const text = new Map(files.map((f) => [f.path, f.text]));
    const hits: (RuleHit & { file: string })[] = [];
    for (const row of bundle.inventory) {
      if (hits.length >= 256) break;
      if (row.size === 0 || row.contentKind === 'opaque') continue;
      const suffix = suffixOf(row.path);
      let why: string | null = null;
      if (BINARY_SUFFIXES.has(suffix) && row.contentKind === 'text') {
        if (LFS_POINTER.test((text.get(row.path) ?? '').slice(0, 200))) continue;
        why = `${suffix} file contains text`;
      } else if (hasTextSuffix(row.path) && row.contentKind === 'binary') {
        why = ['zip', 'docx', 'xlsx', 'pptx'].includes(row.type) ? `${suffix} file is a ${row.type} container` : `${suffix} file contains binary data`;
      }
      if (!why) continue;
      hits.push({ file: row.path, line: 1, matched: row.path, label: `Misleading extension: ${why}`, evidence: { suffix, contentKind: row.contentKind, type: row.type, disposition: row.disposition } });
    }
    return hits;
  },
});
