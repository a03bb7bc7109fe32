// Candidate passwords for encrypted members, taken from the bundle's own documentation: the lure
// ("extract using: openclaw") hands the user the password, so the scanner can use it too. Only the
// words next to a password cue are kept, at most MAX_CANDIDATES of at most MAX_PASSWORD_CHARS each,
// with the file and line each came from (reports name those, never the password).

import type { Artifact } from '../../shared/artifact.js';

export interface PasswordCandidate {
  password: Buffer;
  file: string;
  line: number;
}

export const MAX_CANDIDATES = 32;
export const MAX_PASSWORD_CHARS = 64;
const MAX_LINE = 4_096;
const SNIFF_BYTES = 8_000;

// Text a reader is told to follow: SKILL.md, READMEs, notes; code is left out (its `password = x` is config, not a lure).
const DOCUMENT = /(?:^|\/)(?:[^/.]+|[^/]+\.(?:md|markdown|mdx|txt|text|rst|adoc|html?))$/i;
const CUE = /\b(?:password|passwd|passphrase|passcode|pwd|pass|unlock|key|(?:extract|unzip|unpack|unrar|open|decompress)(?:ed|ing|s)?\s{1,4}(?:using|with))\b|\s-[Pp]/i;
// The word after a cue and a separator (`:`, `=`, `is`, a dash), quoted or bare; a longer word is no candidate.
const AFTER_CUE =
  /\b(?:password|passwd|passphrase|passcode|pwd|pass|unlock(?:\s{1,4}(?:it|code))?|key|using|with)\b\s{0,4}(?:[:=\u2014-]|\bis\b)?\s{0,4}["'`*]{0,2}([^\s"'`*]{1,64})(?![^\s"'`*])/gi;
const QUOTED = /["'`\u201c]([^"'`\u201d\n]{1,64})["'`\u201d]/g;
const OPTION = /\s-(?:P\s{1,4}|p)["']?([^\s"']{1,64})(?![^\s"'])/g;
const TRAILING_PUNCTUATION = /[.,;:)\]!?]+$/;
// Cue words themselves and the small words around them are not passwords.
const FILLER = /^(?:is|the|a|an|to|for|of|with|using|it|this|that|and|or|your|below|above|here|following|password|key|code|zip|archive|file|[:=-])$/i;

function isDocument(a: Artifact): boolean {
  if (a.origin !== 'disk' || !a.bytes || !DOCUMENT.test(a.path)) return false;
  return !a.bytes.subarray(0, SNIFF_BYTES).includes(0);
}

function lineCandidates(line: string): string[] {
  const out: string[] = [];
  for (const re of [AFTER_CUE, QUOTED, OPTION]) {
    re.lastIndex = 0;
    for (let m = re.exec(line); m !== null; m = re.exec(line)) {
      const token = m[1] ?? '';
      const bare = token.replace(TRAILING_PUNCTUATION, '');
      for (const t of bare && bare !== token ? [token, bare] : [token]) if (t && !FILLER.test(t)) out.push(t);
    }
  }
  return out;
}

/** Documents first (SKILL.md before the rest), in path order; stops at MAX_CANDIDATES distinct passwords. */
export function collectPasswordCandidates(artifacts: readonly Artifact[]): PasswordCandidate[] {
  const docs = artifacts.filter(isDocument).sort((a, b) => rank(a) - rank(b) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const seen = new Set<string>();
  const out: PasswordCandidate[] = [];
  for (const doc of docs) {
    const lines = (doc.bytes ?? Buffer.alloc(0)).toString('utf8').split('\n');
    for (let i = 0; i < lines.length; i += 1) {
      const line = (lines[i] ?? '').slice(0, MAX_LINE);
      if (!CUE.test(line)) continue;
      for (const password of lineCandidates(line)) {
        if (password.length > MAX_PASSWORD_CHARS || seen.has(password)) continue;
        seen.add(password);
        out.push({ password: Buffer.from(password, 'utf8'), file: doc.path, line: i + 1 });
        if (out.length >= MAX_CANDIDATES) return out;
      }
    }
  }
  return out;
}

function rank(a: Artifact): number {
  return /(?:^|\/)skill\.md$/i.test(a.path) ? 0 : 1;
}

/** Collected on first use: most bundles hold no encrypted member and never pay for the search. */
export function passwordProvider(artifacts: readonly Artifact[]): () => readonly PasswordCandidate[] {
  let cached: PasswordCandidate[] | undefined;
  return () => (cached ??= collectPasswordCandidates(artifacts));
}
