// Encrypted members opened with the passwords the bundle's own text gives (issue 13): the glue between
// the member checks and the decryptor. The password never leaves this stage; only its file and line do.
import type { DecryptedWith } from '../ledger/index.js';
import { decryptZipEntry } from './zip/decrypt.js';
import type { ZipEntry, ZipReadResult } from './zip/index.js';
import type { ExpandState, OpenContainer } from './state.js';

export type EncryptedRead = { ok: true; bytes: Buffer; decryptedWith: DecryptedWith } | Extract<ZipReadResult, { ok: false }>;

/** Whether the bundle's text offers any password at all (collected on first use). */
export function hasPasswordCandidates(state: ExpandState): boolean {
  return (state.options.passwordCandidates?.().length ?? 0) > 0;
}

// Members of one lure share one password: the one that opened the last member is tried first, so a
// large archive costs one key derivation per member rather than one per candidate.
const lastOpener = new WeakMap<ExpandState, number>();

export function readEncrypted(state: ExpandState, c: OpenContainer, entry: ZipEntry): EncryptedRead {
  const all = state.options.passwordCandidates?.() ?? [];
  const first = lastOpener.get(state);
  const order = first === undefined ? all : [all[first], ...all.filter((_, i) => i !== first)].filter((p) => p !== undefined);
  const read = decryptZipEntry(c.bytes, entry, order.map((p) => p.password), () => state.budget.archiveExpired());
  if (!read.ok) return read;
  const source = order[read.password];
  if (!source) return { ok: false, reason: 'encrypted', message: 'Archive member is encrypted and could not be inspected.' };
  lastOpener.set(state, all.indexOf(source));
  return { ok: true, bytes: read.bytes, decryptedWith: { file: source.file, line: source.line } };
}

/** The member's inventory row names where the password came from. */
export function markDecrypted(state: ExpandState, path: string, source: DecryptedWith): void {
  const row = state.ledger.getInventory(path);
  if (row) row.decrypted_with = { ...source };
}
