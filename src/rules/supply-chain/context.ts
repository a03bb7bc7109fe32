// Extra polarity for prose: documentation that describes a technique in order to warn about it.
// Complements the engine's triage with the words after the match, the comments inside its own fenced
// example and the lead-in above it, and the governing markdown headings (the nearest and its parents).
// Never applied to SKILL.md, whose text is instructions to the agent, nor to code files; in a document
// SKILL.md tells the agent to follow, only the line itself counts.
import type { LineIndex, LineList } from '../../analysis/lines.js';
import { fileRole, inFence } from '../../analysis/placement.js';
import type { RuleHit } from '../types.js';
import type { FileView } from '../../model/bundle.js';
import type { TriageReason } from '../../model/place.js';

const CAUTION_ON_LINE =
  /\b(?:never|avoid|dangerous|insecure|unsafe|risky|malicious|red flags?|anti-?patterns?|bad practice|do not|don'?t|suspicious|untrusted|attackers?|phishing|lures?|hiding|hidden payload|evil|exploit)\b/i;
const CAUTION_HEADING =
  /\b(?:security (?:checklist|review|considerations|notes|guidance|warnings?|best practices)|checklist|red flags?|dangerous|avoid|don'?t|do not|never|anti-?patterns?|threats?|attacks?|malicious|malware|risks?|what not to|warnings?|pitfalls|insecure|unsafe|detection|indicators?|examples? of (?:bad|malicious)|suspicious|obfuscat(?:ed|ion)|evasion|compromised?)\b/i;
const HEADING = /^\s{0,3}(?:#{1,6}\s|\*\*[^*\n]{1,120}\*\*\s*:?\s*$)/;
const FENCE = /^\s{0,3}(?:```|~~~)/;
// A comment line inside the example's own fence: `# RED FLAGS in package code:`, `// attacker payload`.
const FENCE_COMMENT = /^\s{0,12}(?:#|\/\/|--|<!--|;|\/?\*)/;
const MAX_FENCE_LOOKBACK = 30;

/** The fenced block around `line` is introduced, in a comment inside it or the line before it, as something to avoid. */
function cautionaryFence(lines: LineList, line: number): boolean {
  for (let l = line - 1; l >= 1 && l >= line - MAX_FENCE_LOOKBACK; l -= 1) {
    const text = (lines.at(l - 1) ?? '').slice(0, 300);
    if (FENCE.test(text)) {
      // The opener: look at it and at the lead-in line above (skipping one blank line).
      const above = (lines.at(l - 2) ?? '').trim() === '' ? (lines.at(l - 3) ?? '') : (lines.at(l - 2) ?? '');
      return CAUTION_ON_LINE.test(text) || (!HEADING.test(above) && CAUTION_ON_LINE.test(above.slice(0, 300)));
    }
    if (FENCE_COMMENT.test(text) && CAUTION_ON_LINE.test(text)) return true;
  }
  return false;
}

export function isProse(file: FileView): boolean {
  return !file.isManifest && (file.type === 'markdown' || file.type === 'text');
}

/**
 * True when the line, the heading that governs it, or (given the file's line index) a comment in its own
 * fenced example or the lead-in above that fence, frames the match as something to avoid.
 */
export function cautionaryContext(file: FileView, lines: LineList, line: number, index?: LineIndex): boolean {
  return cautionaryReason(file, lines, line, index) !== null;
}

/** Why the context is cautionary: the prose warns (`negated`), or the example is labelled as bad. */
export function cautionaryReason(file: FileView, lines: LineList, line: number, index?: LineIndex): Extract<TriageReason, 'negated' | 'labelled-example'> | null {
  if (!isProse(file)) return null;
  if (CAUTION_ON_LINE.test((lines.at(line - 1) ?? '').slice(0, 2_000))) return 'negated';
  // A document SKILL.md tells the agent to follow is instructions: only the line itself can say "never".
  if (fileRole(file) === 'directed-doc') return null;
  if (index && inFence(index, line) && cautionaryFence(lines, line)) return 'labelled-example';
  return cautionaryHeading(lines, line) ? 'labelled-example' : null;
}

const CAUTION_BY_LINE = new WeakMap<LineList, Uint8Array>();

/**
 * Per line: the governing heading, or one of its parents ("# Dangerous Code Patterns" > "## Encoding" >
 * "### ROT13"), frames the section as something to avoid. One pass over the file, kept for its other hits.
 * A bold pseudo-heading ("**Red flags:**") governs until the next heading of any kind.
 */
function cautionaryHeading(lines: LineList, line: number): boolean {
  let marks = CAUTION_BY_LINE.get(lines);
  if (!marks) {
    marks = new Uint8Array(lines.length + 1);
    const stack: { level: number; caution: boolean }[] = [];
    let inFenceBlock = false;
    for (let l = 1; l <= lines.length; l += 1) {
      const text = (lines.at(l - 1) ?? '').slice(0, 300);
      if (FENCE.test(text)) inFenceBlock = !inFenceBlock;
      else if (!inFenceBlock && HEADING.test(text)) {
        const level = /^\s{0,3}(#{1,6})\s/.exec(text)?.[1]?.length ?? 7;
        while (stack.length > 0 && (stack[stack.length - 1]?.level ?? 0) >= level) stack.pop();
        stack.push({ level, caution: CAUTION_HEADING.test(text) });
      }
      marks[l] = stack.some((h) => h.caution) ? 1 : 0;
    }
    CAUTION_BY_LINE.set(lines, marks);
  }
  return marks[line] === 1;
}

/** Downgrades a hit the way the engine's triage does, with our own reason tag. */
export function downgradeCautionary(hit: RuleHit, baseConfidence: number, reason: TriageReason = 'negated'): RuleHit {
  return {
    ...hit,
    severity: 'LOW',
    confidence: Math.round(baseConfidence * 0.4 * 100) / 100,
    tags: [...(hit.tags ?? []), 'contextual-triage', `triage:${reason}`],
  };
}
