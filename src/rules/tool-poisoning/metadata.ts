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

// Words are found by one pass over the code units with a per-code-point class table, not a Unicode regex:
// a mixed-script file holds millions of words and only the rare one with two of these scripts is judged.
const C_KNOWN = 1;
const C_WORD = 2;
const C_LATIN = 4;
const C_CYRILLIC = 8;
const C_GREEK = 16;
const C_ARMENIAN = 32;
const C_SCRIPTS = C_LATIN | C_CYRILLIC | C_GREEK | C_ARMENIAN;
/** A word character: what `[\p{L}\p{M}\p{N}_]` matches. */
const WORD_CHAR = /^[\p{L}\p{M}\p{N}_]$/u;
const BMP_CLASS = new Uint8Array(0x10000);
const ASTRAL_CLASS = new Map<number, number>();

/** The class of one code point (a lone surrogate is its own code point, never a word character), memoised. */
function classOf(cp: number): number {
  const cached = cp < 0x10000 ? BMP_CLASS[cp] ?? 0 : ASTRAL_CLASS.get(cp) ?? 0;
  if (cached !== 0) return cached;
  const c = String.fromCodePoint(cp);
  let f = C_KNOWN;
  if (WORD_CHAR.test(c)) {
    f |= C_WORD;
    if (LATIN.test(c)) f |= C_LATIN;
    if (CYRILLIC.test(c)) f |= C_CYRILLIC;
    if (GREEK.test(c)) f |= C_GREEK;
    if (ARMENIAN.test(c)) f |= C_ARMENIAN;
  }
  if (cp < 0x10000) BMP_CLASS[cp] = f;
  else if (ASTRAL_CLASS.size < 65_536) ASTRAL_CLASS.set(cp, f);
  return f;
}

/** Two or more of Latin, Cyrillic, Greek and Armenian: the words `judgeToken` can accept. */
function twoScripts(f: number): boolean {
  const s = f & C_SCRIPTS;
  return (s & (s - 1)) !== 0;
}

/**
 * Calls `visit` for each token that mixes Latin with Cyrillic, Greek or Armenian (or those with each
 * other) inside one word, in order, whatever the word's length; `visit` returns false to stop.
 * A token is a maximal run of letters, marks, digits and `_` (by code point). Whole words in one script,
 * and CJK next to Latin, are ordinary multilingual text.
 */
export function eachMixedScriptToken(text: string, visit: (t: MixedToken) => boolean | void): void {
  if (!NOT_BASIC.test(text)) return;
  let start = -1;
  let scripts = 0;
  for (let i = 0; i < text.length; ) {
    let cp = text.charCodeAt(i);
    let width = 1;
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = ((cp - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
        width = 2;
      }
    }
    const f = cp < 0x10000 ? BMP_CLASS[cp] || classOf(cp) : classOf(cp);
    if ((f & C_WORD) !== 0) {
      if (start === -1) {
        start = i;
        scripts = 0;
      }
      scripts |= f;
    } else if (start !== -1) {
      if (twoScripts(scripts)) {
        const t = judgeToken(text.slice(start, i), start);
        if (t && visit(t) === false) return;
      }
      start = -1;
    }
    i += width;
  }
  if (start !== -1 && twoScripts(scripts)) {
    const t = judgeToken(text.slice(start), start);
    if (t) visit(t);
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
