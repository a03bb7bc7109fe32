// Classification of an artifact's bytes and name: type, content kind, executability, lines.
import { isUtf8 } from 'node:buffer';
import { extname } from 'node:path/posix';
import type { ContentKind, FileType } from '../shared/types.js';

const TYPE_BY_EXT: Record<string, FileType> = {
  '.md': 'markdown', '.markdown': 'markdown', '.mdx': 'markdown', '.txt': 'text', '.rst': 'text',
  '.py': 'python', '.pyw': 'python', '.js': 'javascript', '.mjs': 'javascript', '.cjs': 'javascript',
  '.jsx': 'javascript', '.ts': 'typescript', '.tsx': 'typescript', '.mts': 'typescript', '.cts': 'typescript',
  '.sh': 'shell', '.bash': 'shell', '.zsh': 'shell', '.ksh': 'shell', '.fish': 'shell',
  '.json': 'json', '.jsonc': 'json', '.yaml': 'yaml', '.yml': 'yaml', '.toml': 'toml',
  '.rb': 'ruby', '.rake': 'ruby', '.go': 'go', '.rs': 'rust', '.xml': 'xml', '.php': 'php', '.phtml': 'php', '.php3': 'php', '.php4': 'php', '.php5': 'php',
  '.ps1': 'powershell', '.psm1': 'powershell', '.bat': 'batch', '.cmd': 'batch',
};

/** Suffixes that make a file executable on their own (INSPECTION §2). */
export const EXECUTABLE_SUFFIXES = new Set([
  '.sh', '.bash', '.zsh', '.py', '.pyc', '.pyo', '.js', '.ts', '.rb', '.pl', '.ps1', '.bat', '.cmd',
  '.com', '.exe', '.dll', '.so', '.dylib', '.bin', '.app', '.msi', '.go', '.rs',
]);

const BINARY_MAGIC: readonly Buffer[] = [
  Buffer.from([0x89, 0x50, 0x4e, 0x47]), // PNG
  Buffer.from([0xff, 0xd8, 0xff]), // JPEG
  Buffer.from('GIF87a'), Buffer.from('GIF89a'),
  Buffer.from([0x50, 0x4b, 0x03, 0x04]), // ZIP
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]), // ELF
  Buffer.from('MZ'),
  Buffer.from([0x00, 0x61, 0x73, 0x6d]), // wasm
  Buffer.from('%PDF-'),
];

const EXEC_MAGIC: readonly Buffer[] = [
  Buffer.from('MZ'),
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]),
  Buffer.from([0xfe, 0xed, 0xfa, 0xce]), Buffer.from([0xfe, 0xed, 0xfa, 0xcf]),
  Buffer.from([0xce, 0xfa, 0xed, 0xfe]), Buffer.from([0xcf, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xca, 0xfe, 0xba, 0xbe]),
];

function startsWith(bytes: Buffer, magic: Buffer): boolean {
  return bytes.length >= magic.length && bytes.subarray(0, magic.length).equals(magic);
}

export function baseName(path: string): string {
  const seg = path.split(/!\/|\//);
  return seg[seg.length - 1] ?? path;
}

export function suffixOf(path: string): string {
  return extname(baseName(path)).toLowerCase();
}

export function typeFromPath(path: string): FileType {
  return TYPE_BY_EXT[suffixOf(path)] ?? 'other';
}

export function hasBinaryExecutableMagic(bytes: Buffer | undefined): boolean {
  return bytes !== undefined && EXEC_MAGIC.some((m) => startsWith(bytes, m));
}

export function hasShebang(bytes: Buffer | undefined): boolean {
  return bytes !== undefined && bytes.length >= 2 && bytes[0] === 0x23 && bytes[1] === 0x21;
}

export function isExecutable(path: string, bytes: Buffer | undefined, mode: number): boolean {
  return (
    EXECUTABLE_SUFFIXES.has(suffixOf(path)) ||
    hasShebang(bytes) ||
    hasBinaryExecutableMagic(bytes) ||
    (mode & 0o111) !== 0
  );
}

const SAMPLE = 64 * 1024;

export function contentKindOf(bytes: Buffer): ContentKind {
  if (BINARY_MAGIC.some((m) => startsWith(bytes, m))) return 'binary';
  const sample = bytes.subarray(0, SAMPLE);
  if (isUtf8(sample) || (bytes.length > SAMPLE && isUtf8(trimPartialCodePoint(sample)))) return 'text';
  // Not UTF-8: accept legacy text that is mostly printable and mostly decodable. Compressed or encrypted
  // bytes are ~88 % "printable" by byte value, so the U+FFFD bound (<= 10 %, as upstream) is what rejects them.
  let printable = 0;
  for (const b of sample) if (b === 9 || b === 10 || b === 13 || (b >= 0x20 && b !== 0x7f)) printable += 1;
  if (sample.length === 0) return 'text';
  return printable / sample.length >= 0.85 && replacementRatio(sample) <= 0.1 ? 'text' : 'binary';
}

/** Share of U+FFFD among the characters of a lenient UTF-8 decoding. */
function replacementRatio(sample: Buffer): number {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(sample);
  let bad = 0;
  for (let i = text.indexOf('\uFFFD'); i !== -1; i = text.indexOf('\uFFFD', i + 1)) bad += 1;
  return text.length === 0 ? 0 : bad / text.length;
}

/** A sample cut mid-character is still UTF-8 text: drop up to 3 trailing continuation bytes. */
function trimPartialCodePoint(sample: Buffer): Buffer {
  let end = sample.length;
  for (let i = 0; i < 3 && end > 0 && ((sample[end - 1] ?? 0) & 0xc0) === 0x80; i += 1) end -= 1;
  if (end > 0 && ((sample[end - 1] ?? 0) & 0xc0) === 0xc0) end -= 1;
  return sample.subarray(0, end);
}

export function decodeText(bytes: Buffer): string {
  let text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(bytes);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text;
}

export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n += 1;
  return text.endsWith('\n') ? n - 1 : n;
}
