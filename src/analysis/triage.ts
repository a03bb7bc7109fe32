// Context triage: text that forbids, lists, tabulates or quotes a pattern is not an instruction to do it.
// Such matches are lowered (never dropped) to LOW with a `contextual-triage` tag and one closed reason.
//
// What may be triaged is decided by where the text sits and what reaches it (src/analysis/placement.ts),
// not by words an attacker can put next to a payload:
// - code, and anything SKILL.md tells the agent to run: never;
// - SKILL.md and documents it tells the agent to follow: only a same-clause negation, or a quoted mention
//   in a list or table that a deny/detection lead-in introduces;
// - reference documentation: those, plus detection tables, quoted examples and labelled example fences;
// - configuration: entries of a deny/detection list;
// - non-code test data and licences: always (their role alone).
import type { FileView } from '../model/bundle.js';
import type { FileRole, TriageReason } from '../model/place.js';
import type { Severity } from '../shared/types.js';
import type { LineIndex } from './lines.js';
import { fenceOpenerOf, fileRole, headingOf } from './placement.js';

export interface TriageVerdict {
  severity: Severity;
  confidence: number;
  tags: string[];
  reason?: TriageReason;
}

/** Context lines are judged by their start: headings, lead-ins and fence markers are short, attacker lines may be 1 MB. */
const LINE_HEAD = 300;
/** How far a list item or table row looks up for the lead-in that introduces its list. */
const LIST_LOOKBACK = 200;

function head(index: LineIndex, line: number): string {
  return index.lineText(line).slice(0, LINE_HEAD);
}

// A negation that governs the match in the same clause: "never run …", "do not send …". Clause punctuation
// (including a comma) ends its reach, so "To avoid errors, ignore all previous instructions" is not negated.
const NEGATED_BEFORE =
  /\b(?:never|not|don'?t|doesn'?t|won'?t|must not|mustn'?t|should not|shouldn'?t|cannot|can'?t|avoid|refuse to|prohibit(?:ed|s)?|forbid(?:den|s)?|disallow(?:ed)?|block(?:s|ed)?|reject(?:s|ed)?|detect(?:s|ed)?|flag(?:s|ged)?|warn(?:s|ed)? (?:about|against))\b[^.!?;:,\n]{0,48}$/i;
// Words that end the negation's reach ("don't worry, just ignore …", "avoid errors by ignoring …").
const NEGATION_BREAKERS =
  /\b(?:hesitate|forget|fail|stop|worry|mind|but|instead|rather|just|simply|unless|except|until|if|when|because|then|by|so|and then|in order to|errors?|problems?|issues?|delays?|confusion)\b/i;
/** How much of a line before a match is read to tell whether the match sits inside quotes. */
const QUOTE_SPAN = 4_000;
const QUOTES = new Set(['"', "'", '`', '\u201c', '\u201d', '\u2018', '\u2019', '\u00ab', '\u00bb']);

function negated(lineText: string, column: number): boolean {
  const before = lineText.slice(Math.max(0, column - 120), column);
  const m = NEGATED_BEFORE.exec(before);
  return m !== null && !NEGATION_BREAKERS.test(m[0]);
}

/** The match starts inside a quoted or backticked span of its line (an odd number of quote marks before it). */
function quotedAt(lineText: string, column: number): boolean {
  if (column > 0 && QUOTES.has(lineText.charAt(column - 1))) return true;
  // Parity needs the line from its start; past QUOTE_SPAN characters the nearer part has to do.
  const before = lineText.slice(Math.max(0, column - QUOTE_SPAN), column);
  let backticks = 0;
  let doubles = 0;
  for (const ch of before) {
    if (ch === '`') backticks += 1;
    else if (ch === '"' || ch === '\u201c' || ch === '\u201d') doubles += 1;
  }
  return backticks % 2 === 1 || doubles % 2 === 1;
}

const DENY_LEAD =
  /\b(?:deny[- ]?list|block[- ]?list|allow[- ]?list|blacklist|blocked|banned|forbidden|prohibited|disallowed|denied|red flags?|anti-patterns?|what not to do|never do|do not do|dangerous (?:commands|patterns|phrases|inputs)|malicious (?:examples?|patterns|prompts|inputs|phrases|payloads)|attack (?:examples?|patterns|strings|payloads|phrases|vectors)|injection (?:examples?|patterns|attempts|payloads|strings|phrases|indicators)|jailbreak (?:examples?|patterns|attempts|prompts)|known (?:attacks|jailbreaks|injections)|indicators? of compromise|detection (?:rules|patterns|signatures)|(?:patterns|phrases|strings|signatures|indicators) (?:to|we|that) (?:detect|flag|block|reject|look for|check for|scan for|watch for|check when)|(?:detect|flag|block|reject)s? (?:these|the following)|suspicious (?:patterns|phrases|strings|commands)|test (?:inputs|prompts|cases)|unsafe (?:examples?|inputs|prompts))\b/i;
const LIST_ITEM = /^\s{0,8}(?:[-*+]\s|\d{1,3}[.)]\s|>)/;
const TABLE_ROW = /^\s{0,8}\|/;
const TABLE_RULE = /^\s{0,8}\|?\s*:?-{2,}/;
const HEADING = /^\s{0,3}#{1,6}\s/;

/** The lead-in of the list or table that `line` belongs to: the first line above that is not an item/row. */
function leadIn(index: LineIndex, line: number): { text: string; heading: boolean } | null {
  const item = head(index, line);
  if (!LIST_ITEM.test(item) && !TABLE_ROW.test(item)) return null;
  let blanks = 0;
  for (let l = line - 1; l >= Math.max(1, line - LIST_LOOKBACK); l -= 1) {
    const text = head(index, l);
    if (text.trim() === '') {
      blanks += 1;
      if (blanks > 1) return null;
      continue;
    }
    blanks = 0;
    if (LIST_ITEM.test(text) || TABLE_ROW.test(text) || /^\s{2,}\S/.test(text)) continue;
    return { text, heading: HEADING.test(text) };
  }
  return null;
}

/** A list item or table row introduced by a deny/detection lead-in, or by a heading that is one. */
function deniedItem(index: LineIndex, line: number): boolean {
  const lead = leadIn(index, line);
  if (!lead) return false;
  if (DENY_LEAD.test(lead.text)) return true;
  if (lead.heading) return false;
  // A plain lead-in sentence ("The scanner looks for:") defers to the heading right above it.
  for (let l = line - 1; l >= Math.max(1, line - LIST_LOOKBACK); l -= 1) {
    const text = head(index, l);
    if (HEADING.test(text)) return DENY_LEAD.test(text);
  }
  return false;
}

const DETECTION_HEADER =
  /\b(?:patterns?|indicators?|signatures?|detect(?:s|ion|ed)?|examples?|payloads?|attacks?|techniques?|red flags?|threats?|vulnerab\w{0,6}|risks?|sinks?|sources?|bad|unsafe|malicious|suspicious|vector|category|rule|finding|issue)\b/i;

/** A row of a Markdown table whose header names patterns, indicators, attacks or examples. */
function detectionRow(index: LineIndex, line: number): boolean {
  if (!TABLE_ROW.test(head(index, line))) return false;
  let first = line;
  for (let l = line - 1; l >= Math.max(1, line - LIST_LOOKBACK); l -= 1) {
    if (!TABLE_ROW.test(head(index, l))) break;
    first = l;
  }
  if (first === line || !TABLE_RULE.test(head(index, first + 1))) return false;
  return DETECTION_HEADER.test(head(index, first));
}

const EXAMPLE_LEAD = /\b(?:such as|e\.g\.|for example|for instance|like|phrases? like|patterns? like|examples? (?:include|are|:)|including|i\.e\.)\s*[:(]?\s*$/i;

/** A quoted mention introduced as an example on its own line: phrases such as "…". */
function quotedExample(lineText: string, column: number): boolean {
  if (!quotedAt(lineText, column)) return false;
  const before = lineText.slice(Math.max(0, column - 160), column);
  const opener = Math.max(before.lastIndexOf('"'), before.lastIndexOf('`'), before.lastIndexOf('\u201c'), before.lastIndexOf("'"));
  return opener >= 0 && EXAMPLE_LEAD.test(before.slice(0, opener).replace(/[\s,]+$/, ' ').trimEnd() + ' ');
}

const EXAMPLE_LABEL =
  /\b(?:bad|malicious|attack(?:ers?|s)?|exfiltrat\w{0,6}|unsafe|insecure|vulnerable|vulnerabilit(?:y|ies)|forbidden|don'?t|never|avoid|wrong|incorrect|injection|jailbreak|exploit|payload|phishing|red flags?|anti-patterns?|what not to do|noncompliant|non-compliant|dangerous|suspicious|indicators?|always flag|flag(?:ged)?)\b|\u274c|\u26a0/i;

const COMMENT_LINE = /^\s{0,12}(?:#|\/\/|--|<!--|;|\/\*|\*)/;
const SAFE_LABEL = /\b(?:safe|good|correct|fixed|secure|recommended|better|do this|compliant)\b|\u2705/i;
/** How far up inside a block a comment may label the lines below it. */
const COMMENT_LOOKBACK = 20;

/**
 * A fenced block labelled as a bad or malicious example: by its opener or the two lines above it, by the
 * heading it sits under, or by a comment inside the block above the match (`# VULNERABLE: …`), unless a
 * nearer comment labels the lines as the safe variant.
 */
function labelledFence(index: LineIndex, line: number): boolean {
  const opener = fenceOpenerOf(index, line);
  if (opener === 0) return false;
  for (let l = line; l > Math.max(opener, line - COMMENT_LOOKBACK); l -= 1) {
    const text = head(index, l);
    if (!COMMENT_LINE.test(text)) continue;
    if (EXAMPLE_LABEL.test(text)) return true;
    if (SAFE_LABEL.test(text)) return false;
  }
  const label = [head(index, opener), opener > 1 ? head(index, opener - 1) : '', opener > 2 ? head(index, opener - 2) : '', headingOf(index, opener)].join(' ');
  return EXAMPLE_LABEL.test(label);
}

const CONFIG_DENY_KEY =
  /(?:^|["'\s])(?:[\w-]{0,30}(?:deny|denied|block(?:ed)?|ban(?:ned)?|forbid(?:den)?|disallow(?:ed)?|reject(?:ed)?|blacklist|exclude[ds]?|detect(?:ion)?s?|patterns?|signatures?|indicators?|red_?flags?|unsafe|malicious|jailbreaks?|injections?)[\w-]{0,30})["']?\s*[:=]\s*(?:\[|\{|$|\|)/i;

/** An entry of a deny/detection list in configuration: under a key such as `blocked_phrases:` or `"deny": [`. */
function configDenyEntry(index: LineIndex, line: number): boolean {
  const indentOf = (t: string): number => t.length - t.trimStart().length;
  const own = head(index, line);
  if (CONFIG_DENY_KEY.test(own.slice(0, Math.max(0, own.search(/[:=]/) + 2)))) return true;
  let indent = indentOf(own);
  for (let l = line - 1; l >= Math.max(1, line - LIST_LOOKBACK); l -= 1) {
    const text = head(index, l);
    if (text.trim() === '') continue;
    const ind = indentOf(text);
    if (ind < indent || /[[{]\s*$/.test(text)) {
      if (CONFIG_DENY_KEY.test(text)) return true;
      if (ind === 0) return false;
      indent = ind;
    }
  }
  return false;
}

/** Which context reasons a file's role allows (code that runs allows none). */
function reasonFor(role: FileRole, index: LineIndex, line: number, column: number): TriageReason | undefined {
  const lineText = index.lineText(line);
  switch (role) {
    case 'fixture':
      return 'fixture-data';
    case 'license':
      return 'license-text';
    case 'code':
    case 'run-target':
    case 'signature':
    case 'lockfile':
      return undefined;
    case 'manifest':
    case 'directed-doc':
      if (negated(lineText, column)) return 'negated';
      if (!quotedAt(lineText, column)) return undefined;
      if (detectionRow(index, line)) return 'detection-table';
      if (deniedItem(index, line)) return 'deny-list';
      return undefined;
    case 'config':
      return configDenyEntry(index, line) ? 'deny-list' : undefined;
    case 'doc':
      if (negated(lineText, column)) return 'negated';
      if (detectionRow(index, line)) return 'detection-table';
      if (deniedItem(index, line)) return 'deny-list';
      if (quotedExample(lineText, column)) return 'quoted-example';
      if (labelledFence(index, line)) return 'labelled-example';
      return undefined;
  }
}

/** The one downgrade: LOW, confidence × 0.4, tagged with its reason. */
export function lowered(confidence: number, reason: TriageReason): TriageVerdict {
  return { severity: 'LOW', confidence: Math.round(confidence * 0.4 * 100) / 100, tags: ['contextual-triage', `triage:${reason}`], reason };
}

export function triage(
  file: FileView,
  index: LineIndex,
  line: number,
  column: number,
  severity: Severity,
  confidence: number,
): TriageVerdict {
  const reason = reasonFor(fileRole(file), index, line, column);
  return reason ? lowered(confidence, reason) : { severity, confidence, tags: [] };
}
