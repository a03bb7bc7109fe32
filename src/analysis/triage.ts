// Context and polarity: text that forbids, lists or documents a pattern is not an instruction to do it.
// Such matches are downgraded (never silently dropped) with a `contextual-triage` tag.
import type { FileView } from '../model/bundle.js';
import type { Severity } from '../shared/types.js';
import type { LineIndex } from './lines.js';

export interface TriageVerdict {
  severity: Severity;
  confidence: number;
  tags: string[];
  reason?: string;
}

// A negation that governs what follows it in the same clause: "never run …", "do not send …".
const NEGATED_BEFORE =
  /(?:\b(?:never|not|don'?t|doesn'?t|won'?t|must not|mustn'?t|should not|shouldn'?t|cannot|can'?t|avoid|refuse to|prohibit(?:ed|s)?|forbid(?:den|s)?|disallow(?:ed)?|block(?:s|ed)?|reject(?:s|ed)?|detect(?:s|ed)?|flag(?:s|ged)?|warn(?:s|ed)? (?:about|against))\b[^.!?;:\n]{0,60})$/i;
// Words that end the negation's reach ("don't worry, just ignore …", "never hesitate to …").
const NEGATION_BREAKERS =
  /\b(?:hesitate|forget|fail|stop|worry|mind|but|instead|rather|just|simply|unless|except|until|if|when|because|then)\b|[,\u2014]\s*(?:and|so|now)\b/i;

const DENY_CONTEXT =
  /\b(?:deny[- ]?list|block[- ]?list|blacklist|blocked (?:phrases?|patterns?|terms|words|prompts|commands|strings)|banned (?:phrases?|patterns?|terms|words|prompts|commands)|forbidden|prohibited|disallowed|red flags?|anti-patterns?|what not to do|never do|do not do|dangerous (?:commands|patterns)|malicious (?:examples|patterns|prompts|inputs)|attack (?:examples|patterns|strings|payloads)|injection (?:examples|patterns|attempts|payloads|strings)|known (?:attacks|jailbreaks|injections)|indicators? of compromise|detection (?:rules|patterns)|security (?:checklist|review|considerations))\b/i;

const TEST_PATH = /(?:^|\/)(?:tests?|__tests__|spec|fixtures?|testdata)(?:\/|$)|\.(?:test|spec)\.[a-z]+$|(?:^|\/)test_[^/]+$/i;
const LICENSE_PATH = /(?:^|\/)(?:LICEN[CS]E|UNLICENSE|COPYING|NOTICE)(?:[-._][\w.-]{1,20})?$/i;
const EXAMPLE_LABEL =
  /\b(?:bad|malicious|attack|unsafe|insecure|vulnerable|forbidden|don'?t|never|avoid|wrong|incorrect|injection|jailbreak|exploit|payload|phishing)\b/i;
const LIST_ITEM = /^\s{0,8}(?:[-*+]\s|\d{1,3}[.)]\s|>|\|)/;
const HEADING = /^\s{0,3}#{1,6}\s/;
/** How far a list item looks up for the heading or lead-in line that introduces its list. */
const LIST_LOOKBACK = 200;

/** Context lines are judged by their start: headings, lead-ins and fence markers are short, attacker lines may be 1 MB. */
const LINE_HEAD = 300;

function head(index: LineIndex, line: number): string {
  return index.lineText(line).slice(0, LINE_HEAD);
}

function downgrade(_sev: Severity): Severity {
  return 'LOW';
}

// A quoted phrase is mentioned, not used: "avoid override-style language ("…", "…", "ignore …")".
const QUOTE_OPENERS = new Set(['"', "'", '`', '\u201c', '\u2018', '\u00ab']);
const NEGATED_BEFORE_QUOTE =
  /\b(?:never|not|don'?t|avoid|refuse|prohibit(?:ed)?|forbid(?:den)?|disallow(?:ed)?|block(?:ed)?|reject(?:ed)?|detect(?:ed)?|flag(?:ged)?|warn(?:s|ed)?|such\s+as)\b[^.!?\n]{0,200}$/i;

function negatedOnLine(lineText: string, column: number): boolean {
  const before = lineText.slice(Math.max(0, column - 120), column);
  const m = NEGATED_BEFORE.exec(before);
  if (m !== null && !NEGATION_BREAKERS.test(m[0])) return true;
  if (!QUOTE_OPENERS.has(lineText.charAt(column - 1))) return false;
  return NEGATED_BEFORE_QUOTE.test(lineText.slice(Math.max(0, column - 240), column - 1));
}

/** A list item or table row whose list is introduced by a deny-list heading or lead-in ("## Blocked phrases"). */
function deniedList(index: LineIndex, line: number): boolean {
  if (!LIST_ITEM.test(head(index, line))) return false;
  let blanks = 0;
  for (let l = line - 1; l >= Math.max(1, line - LIST_LOOKBACK); l -= 1) {
    const text = head(index, l);
    if (text.trim() === '') {
      blanks += 1;
      if (blanks > 1) return false;
      continue;
    }
    blanks = 0;
    if (LIST_ITEM.test(text)) continue;
    // The first non-item line is the list's lead-in; a heading ends the search either way.
    if (DENY_CONTEXT.test(text)) return true;
    return HEADING.test(text) ? false : headingAbove(index, l);
  }
  return false;
}

function headingAbove(index: LineIndex, line: number): boolean {
  for (let l = line - 1; l >= Math.max(1, line - 5); l -= 1) {
    const text = head(index, l);
    if (HEADING.test(text)) return DENY_CONTEXT.test(text);
  }
  return false;
}

function denyContext(index: LineIndex, line: number, column: number): boolean {
  const own = index.lineText(line);
  if (DENY_CONTEXT.test(own.slice(Math.max(0, column - LINE_HEAD), column + LINE_HEAD))) return true;
  for (let l = line - 1; l >= Math.max(1, line - 3); l -= 1) {
    if (DENY_CONTEXT.test(head(index, l))) return true;
  }
  return deniedList(index, line);
}

function inExampleFence(index: LineIndex, line: number): boolean {
  // Walk back to the nearest fence opener within 40 lines and check whether the text labels it an example.
  let fences = 0;
  let opener = -1;
  for (let l = line - 1; l >= Math.max(1, line - 40); l -= 1) {
    if (/^\s{0,40}(?:```|~~~)/.test(head(index, l))) {
      fences += 1;
      if (opener === -1) opener = l;
    }
  }
  if (fences % 2 === 0 || opener === -1) return false;
  const label = [head(index, opener), head(index, opener - 1), head(index, opener - 2)].join(' ');
  return EXAMPLE_LABEL.test(label);
}

export function triage(
  file: FileView,
  index: LineIndex,
  line: number,
  column: number,
  severity: Severity,
  confidence: number,
): TriageVerdict {
  const lineText = index.lineText(line);
  let reason: string | undefined;
  if (negatedOnLine(lineText, column)) reason = 'negated';
  else if (denyContext(index, line, column)) reason = 'deny-list';
  else if (!file.isManifest && TEST_PATH.test(file.path)) reason = 'test-fixture';
  else if (!file.isManifest && LICENSE_PATH.test(file.path)) reason = 'license';
  else if (!file.isManifest && (file.type === 'markdown' || file.type === 'text') && inExampleFence(index, line)) reason = 'labelled-example';
  if (!reason) return { severity, confidence, tags: [] };
  return {
    severity: downgrade(severity),
    confidence: Math.round(confidence * 0.4 * 100) / 100,
    tags: ['contextual-triage', `triage:${reason}`],
    reason,
  };
}
