// The security view: NFKC, invisible/format characters removed, confusable letters mapped to ASCII.
// Normalisation is per line so derived-view findings map back to raw line numbers 1:1.

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
const CONFUSABLE_RE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'g');

const NEEDS_VIEW = /[^\u0000-\u007f]/;

export function needsSecurityView(text: string): boolean {
  return NEEDS_VIEW.test(text);
}

export function normalizeLine(line: string): string {
  return line
    .replace(INVISIBLE, '')
    .normalize('NFKC')
    .replace(CONFUSABLE_RE, (c) => CONFUSABLES[c] ?? c)
    .replace(/[\r\n\u2028\u2029\u0085]/g, ' ');
}

/** Same line count as `text`: line i of the result is the normalised line i of the input. */
export function securityView(text: string): string {
  return text.split('\n').map(normalizeLine).join('\n');
}
