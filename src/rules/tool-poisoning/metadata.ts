// Which frontmatter values are identifiers (compared by eye: name, triggers, parameter names) and which
// carry opaque data that is legitimately encoded (icons, signatures, digests).
import type { ManifestField } from '../kit/manifest-text.js';

const IDENTIFIER_KEYS = new Set(['name', 'triggers', 'trigger', 'command', 'commands', 'tool', 'tools', 'slug', 'id', 'alias', 'aliases']);
const OPAQUE_KEYS = new Set([
  'icon', 'logo', 'image', 'avatar', 'signature', 'sig', 'checksum', 'sha256', 'sha512', 'sha1', 'hash', 'digest',
  'integrity', 'publickey', 'public_key', 'public-key', 'key', 'cert', 'certificate', 'fingerprint',
]);

/** Bound on how much of one value is inspected: manifests are capped at 256 KiB anyway. */
export const MAX_VALUE_CHARS = 262_144;
export const MAX_FIELDS = 10_000;

export function isIdentifierField(f: ManifestField): boolean {
  return IDENTIFIER_KEYS.has(f.key.toLowerCase());
}

export function isOpaqueField(f: ManifestField): boolean {
  return OPAQUE_KEYS.has(f.key.toLowerCase());
}

export function fieldsOf(fields: readonly ManifestField[]): ManifestField[] {
  return fields.slice(0, MAX_FIELDS).map((f) => (f.value.length > MAX_VALUE_CHARS ? { ...f, value: f.value.slice(0, MAX_VALUE_CHARS) } : f));
}

export function codePoint(c: string): string {
  return `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Letters that render like ASCII Latin letters (Cyrillic and Greek look-alikes). */
export const CONFUSABLE_LETTERS = new Set([
  ...'аеорсухіјѕԁԛԝһёїАВЕКМНОРСТХЅІЈУ',
  ...'αεοριτυχνκΑΒΕΖΗΙΚΜΝΟΡΤΥΧ',
]);

const LATIN = /\p{Script=Latin}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const GREEK = /\p{Script=Greek}/u;
const ARMENIAN = /\p{Script=Armenian}/u;

export interface MixedToken {
  token: string;
  index: number;
  scripts: string[];
  /** Every non-Latin letter is a Latin look-alike: the token reads as plain ASCII. */
  homoglyph: boolean;
}

// A word is matched in pieces of at most TOKEN_PIECE characters and the pieces re-joined: an unbounded
// `+` over a Unicode class keeps one backtracking entry per character, and V8 throws `RangeError` on a
// single multi-megabyte word. Re-joining keeps coverage whole (not a cap on what is judged).
const TOKEN_PIECE = 4_096;
const TOKEN_RE = new RegExp(`[\\p{L}\\p{M}\\p{N}_]{1,${TOKEN_PIECE}}`, 'gu');
const NOT_BASIC = /[^\u0000-\u036f]/;

function judgeToken(token: string, index: number): MixedToken | undefined {
  if (token.length < 2 || !NOT_BASIC.test(token)) return undefined;
  const scripts: string[] = [];
  if (LATIN.test(token)) scripts.push('Latin');
  if (CYRILLIC.test(token)) scripts.push('Cyrillic');
  if (GREEK.test(token)) scripts.push('Greek');
  if (ARMENIAN.test(token)) scripts.push('Armenian');
  if (scripts.length < 2) return undefined;
  let homoglyph = scripts[0] === 'Latin';
  for (const c of token) {
    if (!homoglyph) break;
    if ((CYRILLIC.test(c) || GREEK.test(c) || ARMENIAN.test(c)) && !CONFUSABLE_LETTERS.has(c)) homoglyph = false;
  }
  return { token, index, scripts, homoglyph };
}

/**
 * Calls `visit` for each token that mixes Latin with Cyrillic, Greek or Armenian (or those with each
 * other) inside one word, in order, whatever the word's length; `visit` returns false to stop.
 * Whole words in one script, and CJK next to Latin, are ordinary multilingual text.
 */
export function eachMixedScriptToken(text: string, visit: (t: MixedToken) => boolean | void): void {
  if (!NOT_BASIC.test(text)) return;
  const re = new RegExp(TOKEN_RE.source, TOKEN_RE.flags);
  let start = -1;
  let end = -1;
  for (let m = re.exec(text); ; m = re.exec(text)) {
    // The class is greedy, so a piece that ends where the next begins stopped at TOKEN_PIECE: same word.
    if (m !== null && m.index === end) {
      end = m.index + m[0].length;
      continue;
    }
    if (start !== -1) {
      const t = judgeToken(text.slice(start, end), start);
      if (t && visit(t) === false) return;
    }
    if (m === null) return;
    start = m.index;
    end = m.index + m[0].length;
  }
}

/** The first `limit` mixed-script tokens (see `eachMixedScriptToken`). */
export function mixedScriptTokens(text: string, limit = 16): MixedToken[] {
  const out: MixedToken[] = [];
  eachMixedScriptToken(text, (t) => {
    out.push(t);
    return out.length < limit;
  });
  return out;
}
