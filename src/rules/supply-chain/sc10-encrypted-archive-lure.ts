import type { RuleHit } from '../types.js';
import type { LineIndex, LineList } from '../../analysis/lines.js';
import type { FileView, InventoryEntry } from '../../model/bundle.js';
import { defineRule } from '../types.js';
import { viewsOf } from '../../analysis/views.js';
import { gateOpenIn, walkGate } from '../kit/walk-gates.js';
import { cautionaryReason, downgradeCautionary } from './context.js';
import { withDecryptions } from './sc10-decrypted.js';
import { emphasisedPassword, PASSWORD_HEADER_REACH, passwordCell, runsByPath, stepsAfter } from './sc10-wording.js';

type BundleHit = RuleHit & { file: string };

// An archive mention, and a verb telling the reader to fetch or open it shortly before. Kept as two
// simple patterns (rather than one with a gap before a file name) so the search stays linear.
const ARCHIVE_MENTION = /\.(?:zip|7z|rar|tar\.gz|tgz|iso|dmg)\b|\b(?:zip|7z|rar|7-zip)\s{0,2}(?:file|archive|package)\b|\barchive\b/gi;
const ACTION = /\b(?:download|fetch|get|grab|save|open|extract|unzip|unpack|unrar|decompress|run|install)\b/i;
const ACTION_REACH = 160;
const ENCRYPTED_ARCHIVE = /\b(?:password[- ]protected|encrypted|passworded|locked)\s{1,4}(?:zip|7z|rar|archive|file|folder|package)\b/i;
// "password: infected123", "the password is x", "password 'abc'", "password to unpack: x", "unzip -P abc",
// "7z x -pabc", and "extract using `abc`" (a quoted word handed to the extraction step, not a tool name).
const PASSWORD =
  /\b(?:password|passwd|passphrase|passcode|pwd|pass|zip key|archive key)\b(?:\s{0,4}[=:\u2014]\s{0,4}|\s{1,4}(?:is|of)\s{1,4}|\s{1,4}-\s{1,4}|\s{0,4}\(\s{0,4}|\s{1,4}(?=["'`])|\s{1,4}(?:to|for)\s{1,4}(?:unpack|extract|unzip|open|decompress|the\s{1,4}(?:archive|zip|file|folder|package))\s{0,4}(?:is\s{1,4}|[=:\u2014-]\s{0,4}))["'`*]{0,2}([^\s"'`*,;)]{3,64})|\bpassword\s{1,4}([A-Za-z0-9!@#$%^&_.-]{3,64})|\bunzip\b[^\n]{0,80}?\s-P\s{1,4}["']?([^\s"']{2,64})|\b7z[az]?(?:\.exe)?\s{1,4}[xe]\b[^\n]{0,80}?\s-p["']?([^\s"']{2,64})|\b(?:extract|unzip|unpack|unrar|decompress)(?:ed|ing|s)?\b[^\n]{0,40}?\b(?:using|with)\s{1,4}["'`]([^\s"'`]{3,64})["'`]/gi;
// What "extract using `x`" may legitimately name: the extraction tool, not a secret.
const TOOL_NAME = /^(?:7z|7za|7zip|7-zip|winrar|rar|unrar|unzip|zip|tar|bsdtar|gzip|gunzip|unar|peazip|winzip|bandizip|ark|xz|zstd|python3?|zipfile|shutil|the|it)$/i;
// Words that follow "password" in ordinary prose or code rather than a secret.
const NOT_A_SECRET =
  /^(?:is|the|for|and|or|to|of|with|that|you|your|field|manager|managers|reset|required|protected|protection|prompt|here|below|above|policy|hash|hashes|hashing|strength|length|change|input|box|dialog|form|login|user|when|if|from|will|should|must|can|was|has|given|provided|sent|shared|included|listed|shown|stored|needed|set|known|optional|blank|empty|none|null|nil|undefined|true|false|not|never|same|different|unknown|n\/a|\*{3,})$/i;
// Code expressions (`getpass()`, `args.password`, `os.environ[...]`) are not literal secrets.
const EXPRESSION = /^[A-Za-z_][\w]{0,63}(?:\.[A-Za-z_]\w{0,63}){0,4}(?:[([]|$)/;
const WINDOW_LINES = 10;
const MAX_LINE = 4_096;
// The extraction step itself names an archive ("unzip with password x", "extract using `x`"); without a
// file name or the word archive, the password must sit on the same line or right next to it.
const EXTRACTION = /\b(?:unzip|unrar|unpack|extract|decompress|7z[az]?(?:\.exe)?\s{1,4}[xe])\b/i;
const EXTRACTION_REACH = 2;
// Then running what came out of it: the lure is complete, and the payload runs on the user's machine.
const RUN_VERB =
  /\b(?:run|launch|execute|start|double[- ]?click|install)\b[^\n]{0,80}?(?:\.(?:exe|app|pkg|dmg|msi|bat|cmd|ps1|sh|bin|command|scr|jar|vbs)\b|\b(?:it|them|the\s{1,4}(?:executable|binary|installer|program|app|application|tool|helper|setup|launcher|agent|file)|inside|the\s{1,4}extracted)\b)|\bopen\b[^\n]{0,80}?\.(?:exe|app|pkg|dmg|msi|bat|cmd|command|scr|jar|vbs)\b/i;
const RUN_CONTENT = { test: (text: string): boolean => RUN_VERB.test(text) || runsByPath(text) };
const RUN_REACH = 3;

export function findPassword(line: string): string | null {
  PASSWORD.lastIndex = 0;
  for (let m = PASSWORD.exec(line); m !== null; m = PASSWORD.exec(line)) {
    const secret = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? '';
    if (!secret || NOT_A_SECRET.test(secret) || /^[<[{$%]/.test(secret)) continue;
    // "extract frames with `ffmpeg`": a tool or a word, not a secret; a handed-over secret has a digit or a symbol.
    if (m[5] !== undefined && (TOOL_NAME.test(secret) || /^-|[/\\]|\.(?:exe|sh|py|js)$/i.test(secret) || !/[0-9!@#$%^&_.-]/.test(secret))) continue;
    // Bare "password word" only counts when the word looks like a secret (has a digit or symbol).
    if (m[2] !== undefined && !/[0-9!@#$%^&_.-]/.test(secret)) continue;
    if (m[1] !== undefined && EXPRESSION.test(secret) && /[.([]/.test(secret)) continue;
    return secret;
  }
  return emphasisedPassword(line);
}

/** The first verb that governs an archive mention on this line, with its offset. */
function archiveAction(text: string): { index: number } | null {
  ARCHIVE_MENTION.lastIndex = 0;
  let tries = 0;
  for (let m = ARCHIVE_MENTION.exec(text); m !== null && tries < 8; m = ARCHIVE_MENTION.exec(text), tries += 1) {
    const from = Math.max(0, m.index - ACTION_REACH);
    const a = ACTION.exec(text.slice(from, m.index));
    if (a) return { index: from + a.index };
  }
  return null;
}

// Necessary literals, so texts without them skip the line walks. A password line needs one: every PASSWORD
// alternative, EMPHASISED_PASSWORD and a password-column header (PASSWORD_HEADER) spell pass/pwd/zip key/
// archive key, `unzip`, `7z` or an extraction verb (`extract`, `unpack`, `unrar`, `decompress`).
const PASSWORD_WORDS = ['pass', 'pwd', 'zip key', 'archive key', 'unzip', '7z', 'extract', 'unpack', 'unrar', 'decompress'];
// And a lure needs an action line: ARCHIVE_MENTION spells zip/7z/rar/tgz/.tar.gz/.iso/.dmg/archive,
// ENCRYPTED_ARCHIVE protected/encrypted/passworded/locked, EXTRACTION unzip/unrar/unpack/extract/decompress/7z.
const ACTION_WORDS = ['zip', '7z', 'rar', 'tgz', '.tar.gz', '.iso', '.dmg', 'archive', 'protected', 'encrypted', 'passworded', 'locked', 'unpack', 'extract', 'decompress'];
const LURE_GATE = walkGate('SC10 lure', [PASSWORD_WORDS, ACTION_WORDS]);
const PASSWORD_GATE = walkGate('SC10 password beside encrypted members', [PASSWORD_WORDS], {
  cheap: 'asked only of skills that bundle an archive with encrypted members',
});
// The same words, found where they are: findPassword can only answer on a line that holds one, and a
// password cell only sits below a header line that holds one. Case-insensitive like PASSWORD and
// PASSWORD_HEADER (`i` without `u` folds ASCII letters only).
const PASSWORD_WORD = new RegExp(PASSWORD_WORDS.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');

/**
 * The 0-based lines that hold one of PASSWORD_WORDS in any ASCII case, ascending; may name a few more (a
 * non-ASCII letter that lower-cases to an ASCII one), never fewer. Searched in the lower-cased text with
 * `indexOf` when lower-casing kept every offset (equal lengths); else with a case-insensitive alternation.
 */
export function passwordWordLines(view: { text: string; lower: string; index: LineIndex }): number[] {
  const { text, index } = view;
  const lines = new Set<number>();
  const lower = view.lower;
  if (lower.length === text.length) {
    for (const word of PASSWORD_WORDS) {
      for (let at = lower.indexOf(word); at !== -1; ) {
        const line = index.lineOf(at);
        lines.add(line - 1);
        // One hit is enough for a line: go on from the next one.
        const next = index.lineStart(line + 1);
        at = next > at && next < lower.length ? lower.indexOf(word, next) : -1;
      }
    }
  } else {
    PASSWORD_WORD.lastIndex = 0;
    for (let m = PASSWORD_WORD.exec(text); m !== null; m = PASSWORD_WORD.exec(text)) {
      const line = index.lineOf(m.index);
      lines.add(line - 1);
      PASSWORD_WORD.lastIndex = index.lineStart(line + 1);
      if (PASSWORD_WORD.lastIndex >= text.length) break;
    }
  }
  return [...lines].sort((a, b) => a - b);
}

/**
 * The lines that can be password lines (`findPassword` or `passwordCell`): each line holding a password word
 * and the rows a table header on it can govern, ascending and without repeats.
 */
export function candidateLines(wordLines: readonly number[], count: number): number[] {
  const out: number[] = [];
  for (const w of wordLines) {
    const last = Math.min(count - 1, w + PASSWORD_HEADER_REACH);
    for (let i = Math.max(w, (out[out.length - 1] ?? -1) + 1); i <= last; i += 1) out.push(i);
  }
  return out;
}

function lureHits(file: FileView, lines: LineList, wordLines: readonly number[]): BundleHit[] {
  const out: BundleHit[] = [];
  let lastPassword = -Infinity;
  const passwordLines: number[] = [];
  for (const i of candidateLines(wordLines, lines.length)) if (findPassword((lines.at(i) ?? '').slice(0, MAX_LINE)) || passwordCell(lines, i)) passwordLines.push(i);
  if (passwordLines.length === 0) return out;
  let p = 0;
  for (let i = 0; i < lines.length && out.length < 64; i += 1) {
    const text = (lines.at(i) ?? '').slice(0, MAX_LINE);
    const named = archiveAction(text) ?? ENCRYPTED_ARCHIVE.exec(text);
    const action = named ?? EXTRACTION.exec(text);
    if (!action) continue;
    const reach = named ? WINDOW_LINES : EXTRACTION_REACH;
    while (p < passwordLines.length && (passwordLines[p] ?? 0) < i - WINDOW_LINES) p += 1;
    let q = p;
    while (q < passwordLines.length && (passwordLines[q] ?? 0) < i - reach) q += 1;
    const near = passwordLines[q];
    if (near === undefined || near > i + reach || near === lastPassword) continue;
    lastPassword = near;
    const from = Math.max(0, Math.min(i, near) - 1);
    const to = stepsAfter(lines, Math.max(i, near), RUN_REACH);
    let runLine = -1;
    for (let l = from; l <= to && runLine === -1; l += 1) if (RUN_CONTENT.test((lines.at(l) ?? '').slice(0, MAX_LINE))) runLine = l;
    const hit: BundleHit = {
      file: file.path, line: i + 1, endLine: Math.max(near, runLine) + 1, matched: text.trim().slice(0, 200), column: action.index, confidence: 0.85,
      label: 'Instructions to open a password-protected archive with the password supplied',
      evidence: { passwordLine: near + 1, ...(runLine !== -1 ? { runLine: runLine + 1 } : {}) },
    };
    if (runLine !== -1) {
      // Fetch, unlock with the supplied password, run what was inside: the whole lure, not a fragment of it.
      hit.severity = 'CRITICAL';
      hit.confidence = 0.9;
      hit.label = 'Instructions to unpack a password-protected archive with the supplied password and run its contents';
    }
    out.push(hit);
  }
  return out;
}

function encryptedMembers(inventory: readonly InventoryEntry[]): string[] {
  return inventory.filter((e) => e.contentKind === 'opaque' && e.disposition === 'failed' && e.path.includes('!/')).map((e) => e.path);
}

export const sc10 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'SC10',
    category: 'Supply Chain',
    severity: 'HIGH',
    confidence: 0.85,
    title: 'Encrypted Archive Lure',
    description:
      'Text that tells the user or agent to download or open a password-protected archive and gives the password alongside (for example "extract tools.zip with password: infected123", "unzip with password `x`", "extract using `x`"), or a bundled archive with unreadable (encrypted) members paired with a password in the skill\'s text. Encrypting a payload is how malware gets past scanners; supplying the password in the instructions is the lure. When the same steps also say to run what comes out of the archive (the executable, the installer, "launch it"), the lure is complete and the finding is CRITICAL. When a password from the text actually opens an encrypted member bundled with the skill, the finding sits on that line, names the member, and is at least HIGH; the password itself is never reported.',
    remediation:
      'Ship tools as reviewable, unencrypted files or install them from a trusted package registry. Never instruct users or agents to unpack password-protected archives.',
  },
  check(bundle, files): BundleHit[] {
    const out: BundleHit[] = [];
    const members = encryptedMembers(bundle.inventory);
    for (const file of files) {
      if (file.type === 'binary' || out.length >= 256) continue;
      // The gates come first: a file they stop is never indexed into lines.
      const lure = gateOpenIn(file.text, LURE_GATE);
      const password = !lure && members.length > 0 && gateOpenIn(file.text, PASSWORD_GATE);
      if (!lure && !password) continue;
      const view = viewsOf(file.text).raw;
      const { lines, index } = view;
      const wordLines = passwordWordLines(view);
      const hits = (lure ? lureHits(file, lines, wordLines) : []).map((h) => (members.length > 0 ? { ...h, evidence: { ...h.evidence, encryptedMembers: members.slice(0, 16) } } : h));
      // Past the gates the text holds a password word (LURE_GATE asks for one too).
      if (hits.length === 0 && members.length > 0) {
        let idx = -1;
        for (const i of wordLines) {
          if (findPassword((lines.at(i) ?? '').slice(0, MAX_LINE)) === null) continue;
          idx = i;
          break;
        }
        if (idx !== -1) {
          let runs = false;
          for (let l = Math.max(0, idx - RUN_REACH); l <= Math.min(lines.length - 1, idx + RUN_REACH) && !runs; l += 1) runs = RUN_CONTENT.test((lines.at(l) ?? '').slice(0, MAX_LINE));
          hits.push({
            file: file.path, line: idx + 1, matched: (lines.at(idx) ?? '').trim().slice(0, 200), confidence: runs ? 0.9 : 0.8,
            label: runs ? 'Password supplied for an encrypted archive bundled with the skill, and its contents run' : 'Password supplied for an encrypted archive bundled with the skill',
            evidence: { encryptedMembers: members.slice(0, 16) },
            ...(runs ? { severity: 'CRITICAL' as const } : {}),
          });
        }
      }
      for (const h of hits) {
        const why = cautionaryReason(file, lines, h.line, index);
        out.push(why ? { ...downgradeCautionary(h, h.confidence ?? 0.85, why), file: h.file } : h);
      }
    }
    return withDecryptions(out, bundle.inventory);
  },
});
