// SC10's proof: a password written in the skill's text opened an encrypted member bundled with it.
// The finding sits on the line that gives the password and names the member, never the password:
// any SC10 text quoted from that line is replaced by a fixed label.
import type { InventoryEntry } from '../../model/bundle.js';
import type { RuleHit } from '../types.js';
import type { Severity } from '../../shared/types.js';

type BundleHit = RuleHit & { file: string };

const MAX_MEMBERS = 16;

function label(members: readonly string[]): string {
  return `password given in the text opened ${members[0] ?? 'an encrypted member'}${members.length > 1 ? ` and ${members.length - 1} more` : ''}`;
}

/** One finding (at least HIGH) per line whose password opened members; an SC10 hit already on that line is that finding. */
export function withDecryptions(hits: readonly BundleHit[], inventory: readonly InventoryEntry[]): BundleHit[] {
  const opened = new Map<string, { file: string; line: number; members: string[] }>();
  for (const e of inventory) {
    if (!e.decryptedWith) continue;
    const key = `${e.decryptedWith.line}:${e.decryptedWith.file}`;
    const at = opened.get(key) ?? { ...e.decryptedWith, members: [] };
    if (at.members.length < MAX_MEMBERS) at.members.push(e.path);
    opened.set(key, at);
  }
  if (opened.size === 0) return [...hits];
  const merged = new Set<string>();
  const out = hits.map((h): BundleHit => {
    const key = `${h.line}:${h.file}`;
    const at = opened.get(key);
    if (!at) return h;
    // The lure's own finding on that line becomes the proof: never below HIGH, whatever the wording's context.
    merged.add(key);
    const severity: Severity = h.severity === 'CRITICAL' ? 'CRITICAL' : 'HIGH';
    return { ...h, matched: label(at.members), severity, confidence: Math.max(h.confidence ?? 0, 0.95), evidence: { ...h.evidence, decryptedMembers: at.members } };
  });
  for (const [key, at] of opened) {
    if (merged.has(key)) continue;
    out.push({
      file: at.file, line: at.line, matched: label(at.members), severity: 'HIGH', confidence: 0.95,
      label: 'A password given in the skill\'s text opens an encrypted archive member bundled with it',
      evidence: { decryptedMembers: at.members },
    });
  }
  return out;
}
