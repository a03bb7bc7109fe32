// What a file name promises about its content, shared by AE2 (misleading extension) and AE3 (NUL in text).
import { baseName, suffixOf } from '../../discovery/classify.js';

// Suffixes that promise binary content (media, archives, native code, office/PDF documents).
export const BINARY_SUFFIXES: ReadonlySet<string> = new Set([
  '.png', '.jpg', '.jpeg', '.gif', '.bmp', '.ico', '.webp', '.tif', '.tiff', '.avif', '.heic',
  '.zip', '.gz', '.tgz', '.tar', '.7z', '.rar', '.bz2', '.xz', '.zst', '.jar', '.whl', '.apk', '.nupkg', '.vsix',
  '.exe', '.dll', '.so', '.dylib', '.bin', '.o', '.a', '.class', '.pyc', '.pyo', '.wasm', '.msi', '.dmg',
  '.pdf', '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx', '.odt', '.ods', '.odp',
  '.mp3', '.mp4', '.wav', '.ogg', '.flac', '.mov', '.avi', '.mkv', '.webm', '.ttf', '.otf', '.woff', '.woff2',
  '.sqlite', '.db', '.pkl', '.pickle', '.npy', '.pt', '.onnx', '.safetensors',
]);

/** The name declares binary content, so nobody reads it as text. */
export function promisesBinary(path: string): boolean {
  return BINARY_SUFFIXES.has(suffixOf(path));
}

/**
 * An AppleDouble sidecar by name (`._report.md`, usually under `__MACOSX/`): macOS archivers write one,
 * binary by format, beside every file with that file's name. The container stage recognises the format
 * itself (src/container/concealment.ts); here the name is enough because only binary rows that the scan
 * left out of scope (no executable magic, not an archive) are excused.
 */
export function isAppleDoubleName(path: string): boolean {
  return baseName(path).startsWith('._');
}

/** Text that holds NUL characters near its start is binary data that happens to decode (upstream: first 8 KiB). */
export function looksBinary(text: string): boolean {
  return text.slice(0, 8192).includes('\u0000');
}

/** Decoded text that starts with the AppleDouble header (magic 0x00051607, version 1 or 2): a metadata sidecar. */
export function startsAsAppleDouble(text: string): boolean {
  return /^\u0000\u0005\u0016\u0007\u0000[\u0001\u0002]\u0000\u0000/.test(text.slice(0, 8));
}
