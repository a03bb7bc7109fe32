import type { RuleHit } from '../types.js';
import type { FileView, InventoryEntry } from '../../model/bundle.js';
import { defineRule } from '../types.js';
import { cautionaryContext, downgradeCautionary } from './context.js';

type BundleHit = RuleHit & { file: string };

// An archive mention, and a verb telling the reader to fetch or open it shortly before. Kept as two
// simple patterns (rather than one with a gap before a file name) so the search stays linear.
const ARCHIVE_MENTION = /\.(?:zip|7z|rar|tar\.gz|tgz|iso|dmg)\b|\b(?:zip|7z|rar|7-zip)\s{0,2}(?:file|archive|package)\b|\barchive\b/gi;
const ACTION = /\b(?:download|fetch|get|grab|save|open|extract|unzip|unpack|unrar|decompress|run|install)\b/i;
const ACTION_REACH = 160;
const ENCRYPTED_ARCHIVE = /\b(?:password[- ]protected|encrypted|passworded|locked)\s{1,4}(?:zip|7z|rar|archive|file|folder|package)\b/i;
// "password: infected123", "the password is x", "password 'abc'", "unzip -P abc", "7z x -pabc".
const PASSWORD =
  /\b(?:password|passwd|passphrase|passcode|pwd|pass|zip key|archive key)\b(?:\s{0,4}[=:\u2014]\s{0,4}|\s{1,4}(?:is|of)\s{1,4}|\s{1,4}-\s{1,4}|\s{0,4}\(\s{0,4}|\s{1,4}(?=["'`]))["'`*]{0,2}([^\s"'`*,;)]{3,64})|\bpassword\s{1,4}([A-Za-z0-9!@#$%^&_.-]{3,64})|\bunzip\b[^\n]{0,80}?\s-P\s{1,4}["']?([^\s"']{2,64})|\b7z[az]?(?:\.exe)?\s{1,4}[xe]\b[^\n]{0,80}?\s-p["']?([^\s"']{2,64})/gi;
// Words that follow "password" in ordinary prose or code rather than a secret.
const NOT_A_SECRET =
  /^(?:is|the|for|and|or|to|of|with|that|you|your|field|manager|managers|reset|required|protected|protection|prompt|here|below|above|policy|hash|hashes|hashing|strength|length|change|input|box|dialog|form|login|user|when|if|from|will|should|must|can|was|has|given|provided|sent|shared|included|listed|shown|stored|needed|set|known|optional|blank|empty|none|null|nil|undefined|true|false|not|never|same|different|unknown|n\/a|\*{3,})$/i;
// Code expressions (`getpass()`, `args.password`, `os.environ[...]`) are not literal secrets.
const EXPRESSION = /^[A-Za-z_][\w]{0,63}(?:\.[A-Za-z_]\w{0,63}){0,4}(?:[([]|$)/;
const WINDOW_LINES = 10;
const MAX_LINE = 4_096;

export function findPassword(line: string): string | null {
  PASSWORD.lastIndex = 0;
  for (let m = PASSWORD.exec(line); m !== null; m = PASSWORD.exec(line)) {
    const secret = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
    if (!secret || NOT_A_SECRET.test(secret) || /^[<[{$%]/.test(secret)) continue;
    // Bare "password word" only counts when the word looks like a secret (has a digit or symbol).
    if (m[2] !== undefined && !/[0-9!@#$%^&_.-]/.test(secret)) continue;
    if (m[1] !== undefined && EXPRESSION.test(secret) && /[.([]/.test(secret)) continue;
    return secret;
  }
  return null;
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

function lureHits(file: FileView, lines: readonly string[]): BundleHit[] {
  const out: BundleHit[] = [];
  let lastPassword = -Infinity;
  const passwordLines: number[] = [];
  for (let i = 0; i < lines.length; i += 1) if (findPassword((lines[i] ?? '').slice(0, MAX_LINE))) passwordLines.push(i);
  if (passwordLines.length === 0) return out;
  let p = 0;
  for (let i = 0; i < lines.length && out.length < 64; i += 1) {
    const text = (lines[i] ?? '').slice(0, MAX_LINE);
    const action = archiveAction(text) ?? ENCRYPTED_ARCHIVE.exec(text);
    if (!action) continue;
    while (p < passwordLines.length && (passwordLines[p] ?? 0) < i - WINDOW_LINES) p += 1;
    const near = passwordLines[p];
    if (near === undefined || near > i + WINDOW_LINES || near === lastPassword) continue;
    lastPassword = near;
    out.push({
      file: file.path, line: i + 1, endLine: near + 1, matched: text.trim().slice(0, 200), column: action.index, confidence: 0.85,
      label: 'Instructions to open a password-protected archive with the password supplied',
      evidence: { passwordLine: near + 1 },
    });
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
      'Text that tells the user or agent to download or open a password-protected archive and gives the password alongside (for example "extract tools.zip with password: infected123"), or a bundled archive with unreadable (encrypted) members paired with a password in the skill\'s text. Encrypting a payload is how malware gets past scanners; supplying the password in the instructions is the lure.',
    remediation:
      'Ship tools as reviewable, unencrypted files or install them from a trusted package registry. Never instruct users or agents to unpack password-protected archives.',
  },
  check(bundle, files): BundleHit[] {
    const out: BundleHit[] = [];
    const members = encryptedMembers(bundle.inventory);
    for (const file of files) {
      if (file.type === 'binary' || out.length >= 256) continue;
      const lines = file.text.split('\n');
      const hits = lureHits(file, lines).map((h) => (members.length > 0 ? { ...h, evidence: { ...h.evidence, encryptedMembers: members.slice(0, 16) } } : h));
      if (hits.length === 0 && members.length > 0) {
        const idx = lines.findIndex((l) => findPassword(l.slice(0, MAX_LINE)) !== null);
        if (idx !== -1) {
          hits.push({
            file: file.path, line: idx + 1, matched: (lines[idx] ?? '').trim().slice(0, 200), confidence: 0.8,
            label: 'Password supplied for an encrypted archive bundled with the skill',
            evidence: { encryptedMembers: members.slice(0, 16) },
          });
        }
      }
      for (const h of hits) out.push(cautionaryContext(file, lines, h.line) ? { ...downgradeCautionary(h, h.confidence ?? 0.85), file: h.file } : h);
    }
    return out;
  },
});
