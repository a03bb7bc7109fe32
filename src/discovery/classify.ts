// Classification of an artifact's bytes and name: type, content kind, executability, lines.
import { isUtf8 } from 'node:buffer';
import { extname } from 'node:path/posix';
import type { ContentKind, FileType } from '../shared/types.js';
import { hasDataMagic, hasPdfStructure, isPdfMagic, promisesDataFormat } from './binary-formats.js';
import { decodeAs, detectEncoding, goodRatio, textStats } from './text-detect.js';
import { isTarBytes } from '../container/tar/detect.js';

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

/** Executable suffixes of compiled (non-text) code. */
const COMPILED_SUFFIXES = new Set(['.pyc', '.pyo', '.com', '.exe', '.dll', '.so', '.dylib', '.bin', '.app', '.msi', '.class', '.o', '.a']);

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

/** How an artifact's bytes are read: `mixed` is text whose other parts are neither text nor a known format. */
export interface ContentClass {
  kind: ContentKind;
  mixed: boolean;
}

const TEXT: ContentClass = { kind: 'text', mixed: false };
const MIXED: ContentClass = { kind: 'text', mixed: true };
const BINARY: ContentClass = { kind: 'binary', mixed: false };

/** A text run this long, or this share of the content in word-length runs, is text an agent can read. */
const TEXT_RUN = 64;
const RUN_SHARE = 0.25;

/**
 * Text or binary, decided on the whole content (bounded windows across the file), never on the first bytes
 * alone (INSPECTION §2):
 * - a ZIP or tar is binary (the container stage opens it), and so is native code that is not strong text;
 * - a file with a binary magic (image, PDF, font, native code…) is text when it is strong text — no NUL
 *   and ≥ 95 % printable, which no real image, font or executable is. A `.pdf` with PDF structure (objects,
 *   xref, %%EOF) stays a PDF even when all ASCII;
 * - otherwise valid UTF-8, or UTF-16 (BOM, or the NUL pattern of ASCII in UTF-16), or ≥ 85 % printable
 *   without a binary region, is text;
 * - what remains but still holds readable text runs is `mixed`: its text is analysed and the rest is
 *   recorded as not read (partial). A known data format under its own name (`logo.png`) is binary.
 */
export function classifyContent(bytes: Buffer, path = ''): ContentClass {
  if (bytes.length === 0) return TEXT;
  // A tar of text files is mostly text with NUL padding; the container stage reads its members.
  if (isZipStart(bytes) || isTarBytes(bytes)) return BINARY;
  const encoding = detectEncoding(bytes);
  const code = hasBinaryExecutableMagic(bytes);
  const magic = code || hasDataMagic(bytes);
  if (!magic && encoding === 'utf8' && isUtf8(bytes)) return TEXT; // NULs included: AE3 reports them
  const stats = textStats(bytes, encoding);
  const ratio = goodRatio(stats);
  if (magic) {
    if (stats.nul === 0 && ratio >= 0.95) {
      return isPdfMagic(bytes) && suffixOf(path) === '.pdf' && hasPdfStructure(bytes) ? BINARY : TEXT;
    }
    // Native code is unread binary (partial, by the executable policy); a data format under its own name is data.
    if (code || promisesDataFormat(suffixOf(path))) return BINARY;
  } else if (ratio >= 0.85 && stats.binaryBlocks === 0) return TEXT;
  // Compiled code by name (`.pyc`, `.so`, …) holds strings but is code: the executable policy keeps it partial.
  if (COMPILED_SUFFIXES.has(suffixOf(path))) return BINARY;
  const readable = stats.longestRun >= TEXT_RUN || (stats.runChars >= TEXT_RUN && stats.runChars >= stats.total * RUN_SHARE);
  return readable ? MIXED : BINARY;
}

export function contentKindOf(bytes: Buffer, path = ''): ContentKind {
  return classifyContent(bytes, path).kind;
}

function isZipStart(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** The text an agent reads: UTF-16 when detected (BOM or NUL pattern), else lenient UTF-8; no BOM. */
export function decodeText(bytes: Buffer): string {
  return decodeAs(bytes, detectEncoding(bytes));
}

export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n += 1;
  return text.endsWith('\n') ? n - 1 : n;
}
