// Extra polarity for prose: documentation that describes a technique in order to warn about it.
// Complements the engine's triage (which looks only before the match and three lines up) with the
// words after the match and the governing markdown heading. Never applied to SKILL.md, whose text
// is instructions to the agent, nor to code files.
import type { RuleHit } from '../types.js';
import type { FileView } from '../../model/bundle.js';

const CAUTION_ON_LINE =
  /\b(?:never|avoid|dangerous|insecure|unsafe|risky|malicious|red flags?|anti-?patterns?|bad practice|do not|don'?t|suspicious|untrusted|attackers?|phishing|lures?)\b/i;
const CAUTION_HEADING =
  /\b(?:security (?:checklist|review|considerations|notes|guidance|warnings?|best practices)|checklist|red flags?|dangerous|avoid|don'?t|do not|never|anti-?patterns?|threats?|attacks?|malicious|malware|risks?|what not to|warnings?|pitfalls|insecure|unsafe|detection|indicators?|examples? of (?:bad|malicious))\b/i;
const HEADING = /^\s{0,3}(?:#{1,6}\s|\*\*[^*\n]{1,120}\*\*\s*:?\s*$)/;
const MAX_HEADING_LOOKBACK = 60;

export function isProse(file: FileView): boolean {
  return !file.isManifest && (file.type === 'markdown' || file.type === 'text');
}

/** True when the line, or the heading that governs it, frames the match as something to avoid. */
export function cautionaryContext(file: FileView, lines: readonly string[], line: number): boolean {
  if (!isProse(file)) return false;
  if (CAUTION_ON_LINE.test(lines[line - 1] ?? '')) return true;
  for (let l = line - 1; l >= 1 && l >= line - MAX_HEADING_LOOKBACK; l -= 1) {
    const text = lines[l - 1] ?? '';
    if (HEADING.test(text)) return CAUTION_HEADING.test(text);
  }
  return false;
}

/** Downgrades a hit the way the engine's triage does, with our own reason tag. */
export function downgradeCautionary(hit: RuleHit, baseConfidence: number): RuleHit {
  return {
    ...hit,
    severity: 'LOW',
    confidence: Math.round(baseConfidence * 0.4 * 100) / 100,
    tags: [...(hit.tags ?? []), 'contextual-triage', 'triage:negated'],
  };
}
