// Reads a `--rules-dir DIR` tree into rule sources, bounded like upstream (digest §4.4): *.yar / *.yara
// files, at most maxRuleFiles files of maxFileChars each and maxLoadBytes together, maxDirEntries entries
// seen, depth maxDirDepth; symbolic links are not followed. Any problem is a SignatureSyntaxError naming
// the file (line 1) so the CLI reports it as the same one-line usage error (exit 2) as a parse error.
// The file read itself is the caller's (`read`): the CLI passes its safe side-file reader, which opens
// without following links, reads only regular files and stops at the byte cap.
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SignatureSyntaxError } from './errors.js';
import type { RuleSource } from './engine.js';

export const LOAD_LIMITS = {
  maxRuleFiles: 1024,
  maxFileBytes: 1024 * 1024,
  maxLoadBytes: 16 * 1024 * 1024,
  maxDirEntries: 10_000,
  maxDirDepth: 64,
} as const;

/** Reads one rule file of at most `maxBytes` bytes; throws (with a message naming the file) when it cannot. */
export type RuleFileReader = (path: string, maxBytes: number) => Uint8Array;

const plainRead: RuleFileReader = (path) => readFileSync(path);

/** Rule sources under `dir`, in sorted path order; `file` is `dir`-relative, prefixed with `dir`'s name as given. */
export function loadSignatureDir(dir: string, read: RuleFileReader = plainRead): RuleSource[] {
  const out: RuleSource[] = [];
  let entries = 0;
  let bytes = 0;
  const fail = (path: string, detail: string): never => {
    throw new SignatureSyntaxError(path, 1, 1, detail);
  };
  const walk = (path: string, depth: number): void => {
    if (depth > LOAD_LIMITS.maxDirDepth) fail(path, `rules directory deeper than ${LOAD_LIMITS.maxDirDepth} levels`);
    let names: string[];
    try {
      names = readdirSync(path).sort();
    } catch (e) {
      return fail(path, `cannot read the rules directory: ${(e as NodeJS.ErrnoException).code ?? 'error'}`);
    }
    for (const name of names) {
      if (++entries > LOAD_LIMITS.maxDirEntries) fail(path, `more than ${LOAD_LIMITS.maxDirEntries} entries in the rules directory`);
      const p = join(path, name);
      let st;
      try {
        st = lstatSync(p);
      } catch (e) {
        return fail(p, `cannot read the rules directory entry: ${(e as NodeJS.ErrnoException).code ?? 'error'}`);
      }
      if (st.isSymbolicLink()) continue;
      if (st.isDirectory()) walk(p, depth + 1);
      else if (st.isFile() && /\.(yar|yara)$/i.test(name)) {
        const shown = join(dir, relative(dir, p));
        if (out.length >= LOAD_LIMITS.maxRuleFiles) fail(shown, `more than ${LOAD_LIMITS.maxRuleFiles} rule files`);
        if (st.size > LOAD_LIMITS.maxFileBytes) fail(shown, `rule file larger than ${LOAD_LIMITS.maxFileBytes} bytes`);
        const buf = read(p, LOAD_LIMITS.maxFileBytes);
        bytes += buf.length;
        if (bytes > LOAD_LIMITS.maxLoadBytes) fail(shown, `rule files larger than ${LOAD_LIMITS.maxLoadBytes} bytes together`);
        const text = new TextDecoder('utf-8', { fatal: false }).decode(buf);
        if (text.includes('\uFFFD')) fail(shown, 'rule file is not valid UTF-8');
        out.push({ file: shown, text });
      }
    }
  };
  let st;
  try {
    st = lstatSync(dir);
  } catch {
    return fail(dir, 'rules directory does not exist');
  }
  if (!st.isDirectory()) fail(dir, 'not a directory');
  walk(dir, 0);
  return out;
}
