// The security view: what a reader (or a model) takes the text to say once the tricks that break words
// for a pattern matcher are undone. In this order:
//   1. HTML character references decoded (`&#73;gnore`, `&#x49;`, `&amp;#73;`, `&colon;`);
//   2. invisible/format characters removed, NFKC, confusable letters mapped to ASCII;
//   3. Markdown emphasis and code marks inside a word dropped (`Ig**nore**`, `ig_no_re`, ``ig`no`re``);
//   4. leetspeak digits mapped to letters, only inside tokens that mix letters and digits the way a
//      substituted word does (`1gn0re`, `pr3v10us`): versions, IPs, hashes, units and names such as
//      `sha256` or `h5py` keep their digits;
//   5. letter-spaced words joined (`i g n o r e  a l l` → `ignore  all`).
// No step creates or removes a `\n` (a decoded line break becomes a space, NFKC maps nothing to or from
// `\n`, the token steps never cross one), so line i of the view is the normalised line i of the text and a
// finding on the view maps back to its raw line 1:1. Every step is linear and skipped when the character
// that starts its shape is absent.

/** Default-ignorable and format characters that render as nothing. */
export const INVISIBLE = /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]|\udb40[\udc00-\udc7f]|\udb40[\udd00-\uddef]/g;

// Cyrillic, Greek and other letters that look like ASCII (a subset of UTS #39 confusables).
const CONFUSABLES: Record<string, string> = {
  'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c', 'т': 't',
  'у': 'y', 'х': 'x', 'ѕ': 's', 'і': 'i', 'ї': 'i', 'ј': 'j', 'һ': 'h', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w', 'ɡ': 'g',
  'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T', 'Х': 'X',
  'Ѕ': 'S', 'І': 'I', 'Ј': 'J', 'У': 'Y',
  'α': 'a', 'ο': 'o', 'ρ': 'p', 'ν': 'v', 'ι': 'i', 'κ': 'k', 'τ': 't', 'υ': 'u', 'χ': 'x', 'ε': 'e', 'ѵ': 'v',
  'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O', 'Ρ': 'P',
  'Τ': 'T', 'Υ': 'Y', 'Χ': 'X',
  'ı': 'i', 'ȷ': 'j', 'ℓ': 'l', '⁄': '/', '∕': '/', '‐': '-', '‑': '-', '‒': '-', '–': '-', '—': '-', '−': '-',
  '\u2018': "'", '\u2019': "'", '\u201c': '"', '\u201d': '"', '\u00a0': ' ', '\u2007': ' ', '\u202f': ' ',
};
const NON_ASCII = /[^\u0000-\u007f]/;
const LINE_BREAKS = /[\r\n\u2028\u2029\u0085]/g;
/** Line terminators other than `\n`: spaces in the view, so the view has the text's `\n` lines only. */
const OTHER_BREAKS = /[\r\u2028\u2029\u0085]/g;

/**
 * Code unit → the code unit it becomes (0: kept): confusables mapped and line terminators other than `\n`
 * made spaces, in one table. Every key and value is one BMP code unit, so mapping unit by unit is what a
 * character-class `replace` did, without a callback per character (a mixed-script file has millions).
 */
const CHAR_MAP = new Uint16Array(0x10000);
for (const [from, to] of Object.entries(CONFUSABLES)) CHAR_MAP[from.charCodeAt(0)] = to.charCodeAt(0);
for (const c of [0x0d, 0x2028, 0x2029, 0x85]) CHAR_MAP[c] = 0x20;
/** Code units mapped per `String.fromCharCode` call (its arguments go on the stack). */
const MAP_CHUNK = 8_192;

/** `text` with CHAR_MAP applied: slices of unchanged stretches, rebuilt chunks where something maps. */
export function mapChars(text: string): string {
  const parts: string[] = [];
  const buf = new Uint16Array(MAP_CHUNK);
  let changed = false;
  for (let start = 0; start < text.length; start += MAP_CHUNK) {
    const end = Math.min(text.length, start + MAP_CHUNK);
    let i = start;
    while (i < end && CHAR_MAP[text.charCodeAt(i)] === 0) i += 1;
    if (i === end) {
      parts.push(text.slice(start, end));
      continue;
    }
    changed = true;
    for (let k = start; k < end; k += 1) {
      const c = text.charCodeAt(k);
      buf[k - start] = CHAR_MAP[c] || c;
    }
    parts.push(String.fromCharCode.apply(null, buf.subarray(0, end - start) as unknown as number[]));
  }
  return changed ? parts.join('') : text;
}

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || isLetter(c);
}
function isMark(c: number): boolean {
  return c === 42 || c === 95 || c === 126 || c === 96; // * _ ~ `
}

// --- 1. HTML character references ---------------------------------------------------------------------

// Named references that stand for ASCII punctuation (used to hide `:` or `/` in a URL, or to build a second
// round of decoding out of `&amp;`). `&lt;`/`&gt;` stay: decoding them would turn every escaped example in
// XSS documentation into live markup for the rules, and they hide no word.
const NAMED: Record<string, string> = {
  amp: '&', quot: '"', apos: "'", nbsp: ' ', colon: ':', sol: '/', bsol: '\\', period: '.', comma: ',',
  semi: ';', lpar: '(', rpar: ')', lsqb: '[', rsqb: ']', lbrack: '[', rbrack: ']', lcub: '{', rcub: '}',
  lbrace: '{', rbrace: '}', commat: '@', lowbar: '_', ast: '*', midast: '*', equals: '=', quest: '?',
  excl: '!', num: '#', dollar: '$', percnt: '%', plus: '+', hyphen: '-', dash: '-', grave: '`', vert: '|',
  verbar: '|', tilde: '~', Hat: '^', Tab: ' ', NewLine: ' ', shy: '',
};
// Numeric references may omit the semicolon (browsers still decode them); named ones need it.
const ENTITY = /&(?:#(?:([0-9]{1,7})|[xX]([0-9a-fA-F]{1,6}));?|([A-Za-z]{2,8});)/g;

function decodeEntity(whole: string, dec: string | undefined, hex: string | undefined, name: string | undefined): string {
  if (name !== undefined) return NAMED[name] ?? whole;
  const cp = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? '', 16);
  if (!(cp > 0 && cp <= 0x10ffff) || (cp >= 0xd800 && cp <= 0xdfff)) return whole;
  // A decoded line break must not split the line: it becomes a space.
  return String.fromCodePoint(cp).replace(LINE_BREAKS, ' ');
}

function decodeEntities(text: string): string {
  // Two rounds: `&amp;#73;` is `&#73;` is `I`.
  let out = text;
  for (let round = 0; round < 2 && out.includes('&'); round += 1) {
    const next = out.replace(ENTITY, decodeEntity);
    if (next === out) break;
    out = next;
  }
  return out;
}

// --- 3. Emphasis and code marks inside a word ---------------------------------------------------------

/**
 * A token of letters and marks that reads as one word once the marks are dropped:
 * - emphasis or code marks inside the word that come in pairs and leave a word of four or more letters:
 *   a double mark (`Ig**nore**`, `**Ig**nore`) or two single marks between pieces of two or more letters
 *   (`ig*no*re`, ``ig`no`re``); arithmetic and globs (`L*D*L`, `lambda*B*v`, `traces*apm*`) are not;
 * - or underscores that cut it into three or more pieces of at most two letters (`ig_no_re`).
 * Tokens with digits, ordinary snake_case (`get_api_key`), `__dunder__` names and `code` spans around a
 * name stay as they are.
 */
export function brokenByMarks(token: string): boolean {
  let emphasisRuns = 0;
  let emphasisInside = 0;
  let doubleInside = false;
  let underscoreInside = 0;
  let piece = 0;
  let longest = 0;
  let shortest = Infinity;
  let letters = 0;
  for (let i = 0; i < token.length; ) {
    const c = token.charCodeAt(i);
    if (!isMark(c)) {
      if (!isLetter(c)) return false;
      piece += 1;
      letters += 1;
      i += 1;
      continue;
    }
    let j = i;
    let underscoreOnly = true;
    while (j < token.length && isMark(token.charCodeAt(j))) {
      if (token.charCodeAt(j) !== 95) underscoreOnly = false;
      j += 1;
    }
    if (!underscoreOnly) emphasisRuns += 1;
    if (i > 0 && j < token.length) {
      if (underscoreOnly) underscoreInside += 1;
      else {
        emphasisInside += 1;
        if (j - i >= 2) doubleInside = true;
      }
    }
    if (i > 0) {
      longest = Math.max(longest, piece);
      shortest = Math.min(shortest, piece);
      piece = 0;
    }
    i = j;
  }
  if (piece > 0) {
    longest = Math.max(longest, piece);
    shortest = Math.min(shortest, piece);
  }
  if (emphasisInside > 0) return emphasisRuns >= 2 && letters >= 4 && (doubleInside || (emphasisInside >= 2 && shortest >= 2));
  return underscoreInside >= 2 && longest <= 2;
}

// Candidates start on the mark; the look-behind sits after it, so it runs only where a mark is found
// (a leading look-behind or letter class would be tried at every position of the text).
const MARK_HINT = /[*~`](?<=[A-Za-z][*~`])[A-Za-z*~`]|_(?<=[A-Za-z]_)[A-Za-z]{1,2}_/g;
const MARK_TEST = /[*~`](?<=[A-Za-z][*~`])[A-Za-z*~`]|_(?<=[A-Za-z]_)[A-Za-z]{1,2}_/;

/** The token of letters and marks around offset `i`. */
function markToken(text: string, i: number): [number, number] {
  let start = i;
  while (start > 0 && (isAlnum(text.charCodeAt(start - 1)) || isMark(text.charCodeAt(start - 1)))) start -= 1;
  let end = i;
  while (end < text.length && (isAlnum(text.charCodeAt(end)) || isMark(text.charCodeAt(end)))) end += 1;
  return [start, end];
}

/** Each candidate token once: `visit` returns its replacement, or undefined to keep it. */
function rewriteTokens(
  text: string,
  hint: RegExp,
  tokenAt: (text: string, i: number) => [number, number],
  visit: (token: string, start: number, end: number) => string | undefined,
): string {
  let out = '';
  let last = 0;
  hint.lastIndex = 0;
  for (let m = hint.exec(text); m !== null; m = hint.exec(text)) {
    const [start, end] = tokenAt(text, m.index);
    hint.lastIndex = Math.max(end, m.index + 1);
    if (start < last) continue;
    const replacement = visit(text.slice(start, end), start, end);
    if (replacement === undefined) continue;
    out += text.slice(last, start) + replacement;
    last = end;
  }
  return last === 0 ? text : out + text.slice(last);
}

const MARKS = /[*_~`]/g;

function joinMarkedWords(text: string): string {
  return rewriteTokens(text, MARK_HINT, markToken, (token) => (brokenByMarks(token) ? token.replace(MARKS, '') : undefined));
}

function hasMarkedWord(text: string): boolean {
  let found = false;
  rewriteTokens(text, MARK_HINT, markToken, (token) => {
    found ||= brokenByMarks(token);
    return undefined;
  });
  return found;
}

// --- 4. Leetspeak digits --------------------------------------------------------------------------------

const LEET_HINT = /[013457][A-Za-z]/g;
// A necessary condition for a clearly leet token (two substituted digits, or one other than 1 with two
// letters each side), tested in one pass before any token is looked at: most texts have none, and then
// nothing is mapped. Starts on the digit; the look-behind runs only there.
const LEET_TEST = /[013457][A-Za-z]{1,20}[013457]|[013457]{2}(?<=[A-Za-z][013457]{2})[A-Za-z]|[03457](?<=[A-Za-z]{2}[03457])[A-Za-z]{2}/;
const LEET: Record<string, string> = { '0': 'o', '3': 'e', '4': 'a', '5': 's', '7': 't' };
const MAX_LEET_TOKEN = 24;

/**
 * A token that mixes letters and digits the way a substituted word does (`1gn0re`, `pr3v10us`, `Syst3m`):
 * only the digits that stand for letters (0 1 3 4 5 7), at least three letters (four with one digit),
 * lower-case, Capitalised or (with two or more digits) upper-case, and ending in a letter. So versions,
 * IPs, hashes, units and ordinals (`10ms`, `3rd`), names with a version (`python3`, `h5py`), CamelCase
 * identifiers (`Axes3D`), gene and chemistry notation (`PIK3CA`, `n1ccccc1`) keep their digits.
 */
export function leetToken(token: string): boolean {
  if (token.length < 3 || token.length > MAX_LEET_TOKEN) return false;
  let letters = 0;
  let digits = 0;
  let upper = 0;
  let innerUpper = false;
  let hexOnly = true;
  for (let i = 0; i < token.length; i += 1) {
    const c = token.charCodeAt(i);
    if (isLetter(c)) {
      if (c <= 90) {
        upper += 1;
        if (letters > 0) innerUpper = true;
      }
      letters += 1;
      if ((c | 0x20) > 102) hexOnly = false;
    } else if (c >= 48 && c <= 57) {
      if (c === 50 || c === 54 || c === 56 || c === 57) return false; // 2 6 8 9: not letter stand-ins
      digits += 1;
    } else {
      return false;
    }
  }
  if (digits === 0 || letters < (digits === 1 ? 4 : 3) || !isLetter(token.charCodeAt(token.length - 1))) return false;
  if (upper === letters ? digits < 2 || letters < 4 : innerUpper) return false;
  // Units and ordinals (`10ms`, `3rd`), hex literals, anchors or ids that open with a number (`003daddr`).
  if (/^[0-9]+[A-Za-z]{1,4}$/.test(token) || /^[0-9]{2}|^0[xX]/.test(token)) return false;
  return !(hexOnly && token.length >= 6);
}

/**
 * A leet token clear enough to compute the view for on its own: two or more substituted digits
 * (`1gn0re`), or one other than `1` with two letters on each side (`pr0mpt`). One-digit names such as
 * `log1p`, `dist3d` or `v1beta` are common in code and documentation and do not decide it alone (the
 * view, once computed, maps them too).
 */
function clearlyLeet(token: string): boolean {
  let digits = 0;
  let at = -1;
  for (let i = 0; i < token.length; i += 1) {
    const c = token.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      digits += 1;
      at = i;
    }
  }
  return digits >= 2 || (token.charAt(at) !== '1' && at >= 2 && at <= token.length - 3);
}

function isVowel(ch: string): boolean {
  return ch === 'a' || ch === 'e' || ch === 'i' || ch === 'o' || ch === 'u';
}

/** Digits mapped to the letters they stand for; `1` is `l` after a vowel and before a vowel or the end, else `i`. */
function unleet(token: string): string {
  let out = '';
  for (let i = 0; i < token.length; i += 1) {
    const ch = token.charAt(i);
    if (ch === '1') {
      const prev = out.charAt(out.length - 1).toLowerCase();
      const next = (LEET[token.charAt(i + 1)] ?? token.charAt(i + 1)).toLowerCase();
      out += isVowel(prev) && (next === '' || isVowel(next)) ? 'l' : 'i';
    } else {
      out += LEET[ch] ?? ch;
    }
  }
  return out;
}

/** The letters-and-digits token around offset `i`, looking at most a token's maximum length each way. */
function alnumToken(text: string, i: number): [number, number] {
  let start = i;
  while (start > 0 && isAlnum(text.charCodeAt(start - 1)) && i - start <= MAX_LEET_TOKEN) start -= 1;
  let end = i + 1;
  while (end < text.length && isAlnum(text.charCodeAt(end)) && end - i <= MAX_LEET_TOKEN) end += 1;
  return [start, end];
}

/** A token that is a word of its own: not part of a dotted or hyphenated name (`1.0rc1`, `x86-64`, `v1.5beta`). */
function standalone(text: string, start: number, end: number): boolean {
  const before = text.charCodeAt(start - 1);
  const after = text.charCodeAt(end);
  const joined = (c: number): boolean => isAlnum(c) || c === 46 || c === 45;
  // A full stop after a word ends a sentence; one followed by a letter or digit joins a dotted name.
  if (joined(before)) return false;
  return !joined(after) || after === 45 || (after === 46 && !isAlnum(text.charCodeAt(end + 1)));
}

/**
 * Substituted words mapped back, on the lines written in leetspeak: a line with a clear leet word
 * (`1gn0re`) has its other leet tokens mapped too (`syst3m`), while a lone one-digit name elsewhere
 * (`log1p`) keeps its digit.
 */
function unleetText(text: string): string {
  const found: { start: number; end: number; token: string; line: number }[] = [];
  const leetLines = new Set<number>();
  let line = 0;
  let nextBreak = text.indexOf('\n');
  rewriteTokens(text, LEET_HINT, alnumToken, (token, start, end) => {
    while (nextBreak !== -1 && nextBreak < start) {
      line += 1;
      nextBreak = text.indexOf('\n', nextBreak + 1);
    }
    if (!standalone(text, start, end) || !leetToken(token)) return undefined;
    found.push({ start, end, token, line });
    if (clearlyLeet(token)) leetLines.add(line);
    return undefined;
  });
  let out = '';
  let last = 0;
  for (const f of found) {
    if (!leetLines.has(f.line)) continue;
    out += text.slice(last, f.start) + unleet(f.token);
    last = f.end;
  }
  return last === 0 ? text : out + text.slice(last);
}

function hasLeetWord(text: string): boolean {
  let found = false;
  rewriteTokens(text, LEET_HINT, alnumToken, (token, start, end) => {
    found ||= standalone(text, start, end) && leetToken(token) && clearlyLeet(token);
    return undefined;
  });
  return found;
}

// --- 5. Letter spacing ----------------------------------------------------------------------------------

// Candidates start on the space: ` x y ` (a lone letter between single spaces, twice).
const SPACED_HINT = / [A-Za-z] [A-Za-z] /g;
// A necessary condition for a run of four (`w x y z` holds ` x y z`), tested once before any line is.
const SPACED_TEST = / [A-Za-z] [A-Za-z] [A-Za-z](?![A-Za-z0-9])/;
const MIN_SPACED = 4;

function loneLetter(text: string, k: number): boolean {
  return isLetter(text.charCodeAt(k)) && !isAlnum(text.charCodeAt(k - 1)) && !isAlnum(text.charCodeAt(k + 1));
}

/** The run of lone letters separated by single spaces through offset `i` (a space before a letter): [start, end, letters]. */
function spacedRun(text: string, i: number): [number, number, number] {
  let start = i + 1;
  while (start >= 2 && text.charCodeAt(start - 1) === 32 && loneLetter(text, start - 2)) start -= 2;
  let end = start + 1;
  let letters = 1;
  while (text.charCodeAt(end) === 32 && loneLetter(text, end + 1)) {
    end += 2;
    letters += 1;
  }
  return [start, end, letters];
}

// In a line that is letter-spaced, the shorter runs (`a l l`) are words too.
const SPACED_SHORT = /(?<![A-Za-z0-9])[A-Za-z](?: [A-Za-z](?![A-Za-z0-9])){1,2}(?![ ]?[A-Za-z0-9])/g;

/** One line with its runs of four or more spaced letters joined, then its shorter runs; unchanged without a long run. */
function joinSpacedLine(line: string): string {
  let out = '';
  let last = 0;
  SPACED_HINT.lastIndex = 0;
  for (let m = SPACED_HINT.exec(line); m !== null; m = SPACED_HINT.exec(line)) {
    const [start, end, letters] = spacedRun(line, m.index);
    SPACED_HINT.lastIndex = Math.max(end, m.index + 1);
    if (letters < MIN_SPACED || start < last) continue;
    out += line.slice(last, start) + line.slice(start, end).replace(/ /g, '');
    last = end;
  }
  if (last === 0) return line;
  // Words were two or more spaces apart: one space now, as in the text the reader sees.
  return (out + line.slice(last)).replace(SPACED_SHORT, (run) => run.replace(/ /g, '')).replace(/(?<=\S) {2,}(?=\S)/g, ' ');
}

/** Each line that holds a candidate is rewritten once, as a whole. */
function joinSpacedLetters(text: string): string {
  let out = '';
  let last = 0;
  const hint = new RegExp(SPACED_HINT.source, 'g');
  for (let m = hint.exec(text); m !== null; m = hint.exec(text)) {
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    const nl = text.indexOf('\n', m.index);
    const lineEnd = nl === -1 ? text.length : nl;
    hint.lastIndex = lineEnd;
    const joined = joinSpacedLine(text.slice(lineStart, lineEnd));
    if (joined.length === lineEnd - lineStart) continue;
    out += text.slice(last, lineStart) + joined;
    last = lineEnd;
  }
  return last === 0 ? text : out + text.slice(last);
}

// --- The view ---------------------------------------------------------------------------------------------

// A reference worth decoding: numeric, double-encoded, or one of the punctuation names used to hide a URL.
const ENTITY_TEST = /&(?:#[0-9xX]|amp;(?:#|[A-Za-z]{2,8};)|(?:colon|sol|bsol|period|lpar|rpar|commat|lowbar|quest|excl|num|equals|Tab|NewLine|shy);)/;

const ANY_SHAPE = new RegExp([MARK_TEST, LEET_TEST, SPACED_TEST].map((re) => re.source).join('|'));

/**
 * True when the security view can differ from the text: any non-ASCII character, or an ASCII shape that
 * breaks words for a matcher (a character reference, marks inside a word, letter spacing, leetspeak).
 * Runs on every file: one regex pass finds whether any shape's necessary condition holds, and only then
 * does the view's own token test confirm it.
 */
export function needsSecurityView(text: string): boolean {
  if (NON_ASCII.test(text)) return true;
  if (text.includes('&') && ENTITY_TEST.test(text)) return true;
  // One pass for the three word-breaking shapes (most texts hold none); each is confirmed on its own.
  if (!ANY_SHAPE.test(text)) return false;
  return (
    (MARK_TEST.test(text) && hasMarkedWord(text)) ||
    (SPACED_TEST.test(text) && hasSpacedLetters(text)) ||
    (LEET_TEST.test(text) && hasLeetWord(text))
  );
}

function hasSpacedLetters(text: string): boolean {
  SPACED_HINT.lastIndex = 0;
  for (let m = SPACED_HINT.exec(text); m !== null; m = SPACED_HINT.exec(text)) {
    const [, end, letters] = spacedRun(text, m.index);
    if (letters >= MIN_SPACED) return true;
    SPACED_HINT.lastIndex = Math.max(end, m.index + 1);
  }
  return false;
}

/** Where NFKC stopped because the view grew past its allowance (`observed` is its length at that point). */
export interface ExpansionCut {
  observed: number;
  limit: number;
}

// NFKC runs chunk by chunk so the view's growth is known as it happens: one character can expand 18-fold
// (U+FDFA), so normalising a whole hostile file first would cost gigabytes before any check.
const NFKC_CHUNK = 65_536;

/** A chunk end at or before `end` that no NFKC composition crosses: before an ASCII character, else `end`. */
function chunkEnd(text: string, start: number, end: number): number {
  for (let i = end; i > end - 256 && i > start; i -= 1) if (text.charCodeAt(i) < 0x80) return i;
  // No ASCII nearby (hostile text): never split a surrogate pair.
  const c = text.charCodeAt(end - 1);
  return c >= 0xd800 && c <= 0xdbff ? end - 1 : end;
}

/** NFKC of `text`, at most `maxLength` characters normalised; past that the rest is kept as written. */
function boundedNfkc(text: string, maxLength: number): { text: string; cut?: ExpansionCut } {
  if (text.length <= NFKC_CHUNK) {
    const n = text.normalize('NFKC');
    return n.length <= maxLength ? { text: n } : { text, cut: { observed: n.length, limit: maxLength } };
  }
  const parts: string[] = [];
  let length = 0;
  let changed = false;
  for (let start = 0; start < text.length; ) {
    const end = start + NFKC_CHUNK >= text.length ? text.length : chunkEnd(text, start, start + NFKC_CHUNK);
    const slice = text.slice(start, end);
    const piece = slice.normalize('NFKC');
    if (length + piece.length + (text.length - end) > maxLength) {
      parts.push(text.slice(start));
      return { text: parts.join(''), cut: { observed: length + piece.length + (text.length - end), limit: maxLength } };
    }
    changed ||= piece !== slice;
    parts.push(piece);
    length += piece.length;
    start = end;
  }
  // Already normalised (accented or CJK text usually is): no second copy of the file.
  return { text: changed ? parts.join('') : text };
}

function normalizeText(text: string, maxLength = Infinity): { text: string; cut?: ExpansionCut } {
  let out = text.includes('&') ? decodeEntities(text) : text;
  let cut: ExpansionCut | undefined;
  if (NON_ASCII.test(out)) {
    const nfkc = boundedNfkc(out.replace(INVISIBLE, ''), maxLength);
    cut = nfkc.cut;
    out = mapChars(nfkc.text);
  } else {
    out = out.replace(OTHER_BREAKS, ' ');
  }
  if (MARK_TEST.test(out)) out = joinMarkedWords(out);
  if (LEET_TEST.test(out)) out = unleetText(out);
  out = SPACED_TEST.test(out) ? joinSpacedLetters(out) : out;
  return cut ? { text: out, cut } : { text: out };
}

/** One line, normalised (a line break inside it becomes a space). */
export function normalizeLine(line: string): string {
  return normalizeText(line).text.replace(/\n/g, ' ');
}

/** Same line count as `text`: line i of the result is the normalised line i of the input. */
export function securityView(text: string): string {
  return normalizeText(text).text;
}

/**
 * The security view with NFKC allowed to grow the text by at most `maxExtraChars` characters; past that
 * the rest of the text stays as written (still line for line) and `cut` says where growth stopped, so
 * the caller records the file as cut short.
 */
export function boundedSecurityView(text: string, maxExtraChars: number): { text: string; cut?: ExpansionCut } {
  return normalizeText(text, text.length + maxExtraChars);
}
