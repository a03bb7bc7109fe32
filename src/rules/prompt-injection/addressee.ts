// Who a matched instruction speaks to, and where it sits. Shared by the agent-addressed instruction rules
// (P1, P3, P6, P8, AR3, EA2, OH1 …): the same words are an attack when SKILL.md says them to the agent,
// and a mention when a reference page quotes them, reports them ("a page that tells the model to …") or a
// code sample passes them as a string to a classifier.
import type { LineIndex } from '../../analysis/lines.js';
import { placeOf } from '../../analysis/placement.js';
import { viewsOf } from '../../analysis/views.js';
import type { FileView } from '../../model/bundle.js';
import type { Place } from '../../model/place.js';
import type { Severity } from '../../shared/types.js';
import { bestPerLine, downgradeHit, hitOf, scanFile } from '../kit/scan-helpers.js';
import type { Candidate, Matcher } from '../kit/scan-helpers.js';
import type { RuleContext, RuleHit } from '../types.js';
import { LOWER } from '../../analysis/calibration.js';

/**
 * How the matched words reach the agent:
 * - `direct`: said to the agent (an imperative, "you must …", a rule in SKILL.md);
 * - `reported`: described as what something else tells a model ("a payload that asks the model to …");
 * - `quoted`: inside quotes or backticks on its line (a mention);
 * - `code-string`: a string literal in a fenced code block (data a code sample handles).
 */
export type Addressee = 'direct' | 'reported' | 'quoted' | 'code-string';

// "… tells the model to", "asks the assistant to", "tricks an agent into", "attempts to", "designed to",
// "makes the agent", "a page that contains", "the attacker writes".
const REPORTED_MAKE =
  /\b(?:makes?|making|made|lets?|letting|has|having|had|gets?|getting|got)\s+(?:the\s+|an?\s+|its\s+|their\s+|other\s+|your\s+)?(?:(?:target|victim|downstream|underlying|host)\s+)?(?:agents?|models?|assistants?|ai|llms?|bots?|chatbots?|claude|gpt|copilot)\s+$|\b(?:writes?|writing|wrote|says?|saying|said|embeds?|embedding|embedded|hides?|hiding|hid|hidden|includes?|including|included|inserts?|inserting|inserted|contains?|containing|contained|plants?|planting|planted|injects?|injecting|injected|smuggles?|smuggling|smuggled)\s+(?:(?:text|something|phrases?|wording|lines?|instructions?|sentences?|words?)\s+(?:like|such\s+as)\s+|(?:the\s+|a\s+)?(?:phrase|words?|line|sentence|instruction|text|command)\s+)?$/i;
const REPORTED_BEFORE =
  /(?:\b(?:asks?|asking|asked|tells?|telling|told|instructs?|instructing|instructed|urges?|urging|tricks?|tricking|tricked|convinces?|convincing|persuades?|persuading|manipulates?|manipulating|coax(?:es|ing)?|gets?|getting|makes?|making|causes?|causing|forces?|forcing|directs?|directing|coerces?|coercing|induces?|inducing)\s+(?:the\s+|an?\s+|its\s+|their\s+|other\s+|your\s+)?(?:(?:target|victim|downstream|underlying|host)\s+)?(?:agents?|models?|assistants?|ai|llms?|bots?|chatbots?|claude|gpt|copilot|systems?)\s+(?:to|into)\s+|\b(?:attempts?|attempting|tries|trying|tried|designed|meant|intended|crafted|written|used|able|ways?)\s+to\s+|\b(?:attempts?|attacks?|payloads?|injections?|jailbreaks?|phrases?|strings?|patterns?|text|inputs?|prompts?|content|messages?|documents?|pages?|emails?|comments?|instructions?)\s+(?:that|which|to)\s+(?:(?:tells?|asks?|instructs?|makes?|gets?|tricks?|forces?)\s+(?:the\s+|an?\s+)?(?:agents?|models?|assistants?|ai|llms?)\s+(?:to\s+)?)?)$/i;
const QUOTE_CHARS = new Set(['"', '`', '\u201c', '\u201d', '\u2018', '\u2019', '\u00ab', '\u00bb', "'"]);

/** Inside a quoted or backticked span of its line, or right after an opening quote. */
export function quotedAt(lineText: string, column: number): boolean {
  if (column > 0 && QUOTE_CHARS.has(lineText.charAt(column - 1))) return true;
  const before = lineText.slice(Math.max(0, column - 240), column);
  let backticks = 0;
  let doubles = 0;
  let curly = 0;
  for (const ch of before) {
    if (ch === '`') backticks += 1;
    else if (ch === '"') doubles += 1;
    else if (ch === '\u201c') curly += 1;
    else if (ch === '\u201d') curly -= 1;
  }
  return backticks % 2 === 1 || doubles % 2 === 1 || curly > 0;
}

/** Inside a `"…"` or `'…'` string literal of a code line (an odd number of that quote before the match). */
export function inStringLiteral(lineText: string, column: number): boolean {
  const before = lineText.slice(Math.max(0, column - 400), column);
  let doubles = 0;
  let singles = 0;
  for (let i = 0; i < before.length; i += 1) {
    const ch = before.charAt(i);
    if (ch === '\\') {
      i += 1;
      continue;
    }
    if (ch === '"' && singles % 2 === 0) doubles += 1;
    else if (ch === "'" && doubles % 2 === 0) singles += 1;
  }
  return doubles % 2 === 1 || singles % 2 === 1;
}

// A later item of the same report: "tells the model to ignore …, or to post the conversation to …".
const REPORTED_LIST =
  /\b(?:asks?|asking|asked|tells?|telling|told|instructs?|instructing|instructed|tricks?|tricking|tricked|gets?|getting|makes?|making|urges?|urging)\s+(?:the\s+|an?\s+|its\s+|other\s+)?(?:agents?|models?|assistants?|ai|llms?|bots?)\s+(?:to\s+|into\s+)?[^.!?;\n]{1,160}?(?:,|\bor\b|\band\b)\s+(?:to\s+|into\s+)?$/i;

/** A reporting clause right before the match: the words describe what something tells a model. */
export function reportedAt(lineText: string, column: number): boolean {
  const before = lineText.slice(Math.max(0, column - 240), column);
  return REPORTED_BEFORE.test(before.slice(-120)) || REPORTED_MAKE.test(before.slice(-120)) || REPORTED_LIST.test(before);
}

const BREAKS_PARAGRAPH = /^\s*$|^\s{0,3}(?:#{1,6}\s|```|~~~|[-*+]\s|\d{1,3}[.)]\s|\|)/;

/**
 * The words before the match in its sentence: the line up to the match, preceded by the previous line when
 * the match opens a wrapped prose line ("A hostile page may tell the model to⏎ignore its previous …").
 */
function before(c: Candidate, index: LineIndex | undefined): string {
  const own = c.lineText.slice(Math.max(0, c.column - 200), c.column);
  if (!index || c.line <= 1 || own.length > 120 || /[.!?:;]\s*\S/.test(own) || BREAKS_PARAGRAPH.test(c.lineText)) return own;
  const prev = index.lineText(c.line - 1).slice(-200);
  return BREAKS_PARAGRAPH.test(prev) && !/^\s*[-*+]\s|^\s*\d{1,3}[.)]\s/.test(prev) ? own : `${prev} ${own}`;
}

export function addresseeOf(c: Candidate, place: Place, index?: LineIndex): Addressee {
  const fenced = place === 'manifest-code' || place === 'doc-code';
  if (fenced && inStringLiteral(c.lineText, c.column)) return 'code-string';
  const text = before(c, fenced ? undefined : index);
  if (reportedAt(text, text.length)) return 'reported';
  if (quotedAt(c.lineText, c.column)) return 'quoted';
  return 'direct';
}

// A list item or table cell marked as a prohibition ("❌ …", "Don't: …", "Avoid — …") says not to do it.
const PROHIBITED =
  /^\s{0,8}(?:(?:[-*+>|]|\d{1,3}[.)])\s*){0,3}(?:\*\*|__)?\s*(?:\u274c|\u2717|\u2718|\u{1f6ab}|\u26d4|:x:|:no_entry(?:_sign)?:|(?:don'?t|do\s+not|avoid|never|bad|wrong|incorrect|anti-?pattern|forbidden|prohibited)\s*(?:\*\*|__)?\s*[:\u2014\u2013-])/iu;

/** The line opens with a prohibition marker ahead of the match. */
export function prohibitedAt(lineText: string, column: number): boolean {
  return PROHIBITED.test(lineText.slice(0, Math.min(column, 200)));
}


export interface Judged {
  hit: RuleHit;
  place: Place;
  addressee: Addressee;
  /** The raw text's line index (for a rule's own `downgradeHit`). */
  index: LineIndex;
}

/**
 * A candidate's hit, placed and addressed:
 * - a line marked as a prohibition ("❌ …", "Don't: …") is lowered like a negation;
 * - a string literal in a fenced code sample, or a quoted or reported mention in reference documentation,
 *   is lowered the way triage lowers a quoted example (LOW, `triage:quoted-example`);
 * - a reported mention elsewhere (SKILL.md, code) is one level lower than the rule's severity;
 * - `critical(c)` raises a direct instruction in SKILL.md prose (or a document SKILL.md tells the agent to
 *   follow) to CRITICAL: only there is the text the agent's own instructions.
 */
export function judge(
  file: FileView,
  index: LineIndex,
  c: Candidate,
  defaults: { severity: Severity; confidence: number },
  critical?: (c: Candidate) => boolean,
): Judged {
  const place = placeOf(file, index, c.line);
  const addressee = addresseeOf(c, place, index);
  let hit = hitOf(c);
  const severity = c.matcher.severity ?? defaults.severity;
  const docs = place === 'doc-prose' || place === 'doc-code';
  if (prohibitedAt(c.lineText, c.column)) {
    hit = downgradeHit(file, index, hit, 'negated', defaults);
  } else if (addressee === 'code-string' || (docs && addressee !== 'direct')) {
    hit = downgradeHit(file, index, hit, 'quoted-example', defaults);
  } else if (addressee === 'reported') {
    hit = { ...hit, severity: LOWER[severity] };
  } else if (addressee === 'direct' && place === 'instructions' && critical?.(c)) {
    hit = { ...hit, severity: 'CRITICAL' };
  }
  return { hit, place, addressee, index };
}

const UNIONS = new WeakMap<readonly Matcher[], readonly string[] | null>();

/** Every keyword of a table, or null when a matcher has none (it always runs). */
function unionOf(matchers: readonly Matcher[]): readonly string[] | null {
  let union = UNIONS.get(matchers);
  if (union === undefined) {
    union = matchers.every((m) => m.keywords) ? [...new Set(matchers.flatMap((m) => m.keywords ?? []))] : null;
    UNIONS.set(matchers, union);
  }
  return union;
}

/** Runs `matchers` over the file (raw and security views) and judges each candidate; one hit per line. */
export function instructionHits(
  ctx: RuleContext,
  matchers: readonly Matcher[],
  defaults: { severity: Severity; confidence: number },
  critical?: (c: Candidate) => boolean,
  extra?: (j: Judged, c: Candidate) => RuleHit | undefined,
): RuleHit[] {
  const views = ctx.views ?? viewsOf(ctx.file.text);
  // One keyword question for the whole table first: most files hold none of its words.
  const union = unionOf(matchers);
  if (union && !views.all.some((v) => v.keywords.any(union))) return [];
  const candidates = scanFile(ctx.file, matchers);
  if (candidates.length === 0) return [];
  const index = views.raw.index;
  const hits: RuleHit[] = [];
  for (const c of candidates) {
    const j = judge(ctx.file, index, c, defaults, critical);
    const hit = extra ? extra(j, c) : j.hit;
    if (hit) hits.push(hit);
  }
  return bestPerLine(hits, defaults.severity);
}
