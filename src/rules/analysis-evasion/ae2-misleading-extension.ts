import { typeFromPath, suffixOf } from '../../discovery/classify.js';
import { BINARY_SUFFIXES, isAppleDoubleName, looksBinary } from './suffixes.js';
import { defineRule } from '../types.js';
import type { RuleHit } from '../types.js';

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
      'A file whose extension contradicts its content: a binary-looking name (`.png`, `.bin`, `.pdf`, …) holding text, or a text name (`.txt`, `.md`, `.py`, …) holding binary data, such as a `.txt` that is really a ZIP. Tools and reviewers decide what to read by extension, so a mismatch hides scripts from text review or archives from unpacking. Git LFS pointer files, binary data with NUL bytes under a binary name, and macOS AppleDouble sidecars (`._name`) set aside as plain binary data are not reported.',
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
        const body = text.get(row.path) ?? '';
        // Git LFS pointers, and binary data (NUL bytes) that merely decodes as UTF-8, are what the name says.
        if (LFS_POINTER.test(body.slice(0, 200)) || looksBinary(body)) continue;
        why = `${suffix} file contains text`;
      } else if (hasTextSuffix(row.path) && row.contentKind === 'binary') {
        // An AppleDouble sidecar the scan set aside as plain binary data (no executable magic, not an archive).
        if (isAppleDoubleName(row.path) && row.disposition === 'out_of_scope' && !['zip', 'docx', 'xlsx', 'pptx'].includes(row.type)) continue;
        why = ['zip', 'docx', 'xlsx', 'pptx'].includes(row.type) ? `${suffix} file is a ${row.type} container` : `${suffix} file contains binary data`;
      }
      if (!why) continue;
      hits.push({ file: row.path, line: 1, matched: row.path, label: `Misleading extension: ${why}`, evidence: { suffix, contentKind: row.contentKind, type: row.type, disposition: row.disposition } });
    }
    return hits;
  },
});
