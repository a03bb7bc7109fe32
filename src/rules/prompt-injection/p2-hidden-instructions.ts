import type { LineIndex } from '../../analysis/lines.js';
import { viewsOf } from '../../analysis/views.js';
import { inFence, placeOf } from '../../analysis/placement.js';
import type { RuleHit } from '../types.js';
import type { FileView } from '../../model/bundle.js';
import { downgradeHit } from '../kit/scan-helpers.js';
import { defineRule } from '../types.js';
import { quotedAt } from './addressee.js';
import { codePointName, triaged } from './context.js';

/** Per kind, so one noisy file cannot bury the other kinds under the per-file finding cap. */
const MAX_HITS_PER_KIND = 200;
const VISIBLE_SCOPE = new Set(['markdown', 'text', 'other']);

// --- Hidden comments -------------------------------------------------------------------------------

// Signals that a comment speaks to an agent rather than to a maintainer. Tool directives such as
// `prettier-ignore` or `cspell:ignore` are excluded by the look-behind.
const STRONG_SIGNAL =
  /(?<![-\w:])(?:ignore|disregard|forget|override)\b[^\n]{0,40}?\b(?:instructions?|rules|prompts?|guidelines)\b|\bsystem\s+prompt\b|\b(?:silently|secretly|covertly|quietly)\s+(?:send|upload|post|run|execute|install|download|forward|copy|transmit|include|insert|append|add|delete|read|collect|log|report|call|invoke|fetch)\b|\b(?:do\s+not|don'?t|never)\s+(?:tell|inform|show|alert|notify|(?:mention|reveal|explain)\s+(?:this\s+|it\s+)?to)\s+(?:the\s+)?(?:users?|humans?|reviewers?)\b|\bwithout\s+(?:telling|asking|informing|notifying)\b|\bexfiltrat|\b(?:curl|wget)\s[^\n]{0,80}https?:|\b(?:send|post|upload)\b[^\n]{0,80}\bto\s+https?:/i;
const WEAK_SIGNALS: readonly RegExp[] = [
  /\b(?:system|assistant|ai|agents?|llm|language\s+model|claude|chatgpt|gpt|copilot|codex|gemini)\b\s*[:,]|\byou\s+(?:must|should|will|are\s+to)\b|\byour\s+(?:task|instructions|job)\b/i,
  /(?<![-\w:])(?:ignore|disregard|forget|override)(?![-\w])/i,
  /\b(?:send|upload|fetch|curl|wget|webhook|eval|exec)\b|\bPOST\b/,
  /\b(?:secrets?|tokens?|passwords?|credentials?|api[_ -]?keys?|private\s+keys?|\.ssh|\.env|cookies?|conversation)\b/i,
];

interface Comment {
  start: number;
  /** Offset of the comment's last character. */
  last: number;
  body: string;
}

function* htmlComments(text: string): Generator<Comment> {
  for (let open = text.indexOf('<!--'); open !== -1; ) {
    const close = text.indexOf('-->', open + 4);
    // An unterminated comment hides everything after it from a rendered view.
    const end = close === -1 ? text.length : close;
    yield { start: open, last: close === -1 ? end - 1 : close + 2, body: text.slice(open + 4, end) };
    if (close === -1) return;
    open = text.indexOf('<!--', close + 3);
  }
}

// `[//]: # (hidden)`, `[comment]: <> (hidden)`: link definitions that markdown renders as nothing.
const MD_COMMENT = /^\[(?:\/\/|comment|_|#)\]:[ \t]{0,8}(?:#|<>)[ \t]{0,8}([^\n]{1,4000})/gim;

function* markdownComments(text: string): Generator<Comment> {
  if (!text.includes(']:')) return;
  MD_COMMENT.lastIndex = 0;
  for (let m = MD_COMMENT.exec(text); m !== null; m = MD_COMMENT.exec(text)) yield { start: m.index, last: m.index + m[0].length - 1, body: m[1] ?? '' };
}

// Machine-readable comments (doc-tool metadata, lint and formatter directives) name APIs, not the agent.
const TOOL_COMMENT = /^\s*(?:YAML\b|[\w-]{1,30}(?:-disable|-enable|-ignore|:ignore|:disable)|(?:BEGIN|END|START|toc|omit|vale|#?region|#?endregion)\b)/i;

/** Lines of a comment body looked at together for weak signals: an injection says its piece in one place. */
const SIGNAL_WINDOW = 3;
const MAX_WINDOWS = 400;

/**
 * The most kinds of weak signal found together in any few consecutive lines of the body. A long maintainer
 * note or template comment collects generic words ("you should", "credentials", "fetch") across its lines
 * by chance; an instruction aimed at the agent carries them in one sentence or two.
 */
function weakSignals(body: string): number {
  const lines = body.split('\n', MAX_WINDOWS + SIGNAL_WINDOW);
  if (lines.length <= SIGNAL_WINDOW) return WEAK_SIGNALS.filter((re) => re.test(body)).length;
  let best = 0;
  for (let i = 0; i + SIGNAL_WINDOW <= lines.length && best < WEAK_SIGNALS.length; i += 1) {
    const chunk = lines.slice(i, i + SIGNAL_WINDOW).join('\n').slice(0, 3_000);
    best = Math.max(best, WEAK_SIGNALS.filter((re) => re.test(chunk)).length);
  }
  return best;
}

function commentVerdict(body: string): { severity: 'HIGH' | 'MEDIUM'; confidence: number } | undefined {
  if (STRONG_SIGNAL.test(body)) return { severity: 'HIGH', confidence: 0.85 };
  if (TOOL_COMMENT.test(body)) return undefined;
  // A body with no space is a machine marker (`<!--skill-flavor:send-command:start-->`), never prose to an agent.
  if (!/\s/.test(body.trim())) return undefined;
  // Generic words ("fetch", "token", "system:") turn up in maintainer notes; only several kinds together are HIGH.
  const weak = weakSignals(body);
  if (weak >= 3) return { severity: 'HIGH', confidence: 0.75 };
  if (weak === 2) return { severity: 'MEDIUM', confidence: 0.6 };
  if (weak === 1) return { severity: 'MEDIUM', confidence: 0.5 };
  return undefined;
}

function commentHits(file: FileView, index: LineIndex): RuleHit[] {
  const out: RuleHit[] = [];
  for (const source of [htmlComments(file.text), markdownComments(file.text)]) {
    for (const c of source) {
      const line = index.lineOf(c.start);
      // Inside a fenced code block a comment is shown as text, not hidden.
      if (file.type === 'markdown' && inFence(index, line)) continue;
      const verdict = commentVerdict(c.body);
      if (!verdict) continue;
      const hit: RuleHit = {
        line,
        endLine: index.lineOf(c.last),
        column: c.start - index.lineStart(line),
        matched: c.body.slice(0, 400).trim().replace(/\s+/g, ' ').slice(0, 200),
        label: 'Instruction-like text in a hidden comment',
        evidence: { kind: 'hidden-comment', length: c.body.length },
      };
      out.push(triaged(file, index, hit, verdict.severity, verdict.confidence));
      if (out.length >= MAX_HITS_PER_KIND) return out;
    }
  }
  return out;
}

// --- Invisible characters ----------------------------------------------------------------------------

const ZERO_WIDTH = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff]);
const BIDI = (cp: number): boolean => (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
const VARIATION = (cp: number): boolean => (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
const TAG = (cp: number): boolean => cp >= 0xe0000 && cp <= 0xe007f;
const CANDIDATE = /[\u200b-\u200d\u2060-\u2064\ufeff\u202a-\u202e\u2066-\u2069\ufe00-\ufe0f]|\udb40[\udc00-\udc7f\udd00-\uddef]/g;
// Runs are matched in pieces of at most 4,096 (consecutive pieces are walked in turn, so nothing is
// skipped): an unbounded `+` over this alternation throws `RangeError` on a multi-megabyte run in V8.
const CANDIDATE_RUN = /(?:[\u200b-\u200d\u2060-\u2064\ufeff\u202a-\u202e\u2066-\u2069\ufe00-\ufe0f]|\udb40[\udc00-\udc7f\udd00-\uddef]){1,4096}/g;

/** Pictographic ranges that appear on either side of a ZWJ in emoji sequences (numeric: this runs per joiner). */
function isEmojiLike(cp: number): boolean {
  return (
    (cp >= 0x1f000 && cp <= 0x1faff) || (cp >= 0x2190 && cp <= 0x2bff) || (cp >= 0x2300 && cp <= 0x23ff) ||
    cp === 0xfe0f || cp === 0x00a9 || cp === 0x00ae || cp === 0x203c || cp === 0x2049 || cp === 0x2122 ||
    cp === 0x2139 || cp === 0x3030 || cp === 0x303d || cp === 0x3297 || cp === 0x3299
  );
}

// Scripts where ZWJ/ZWNJ change shaping: Arabic, Syriac, Thaana, Indic, Sinhala, Tibetan, Myanmar, Khmer, Mongolian.
// Cyrillic and Greek are left out on purpose: they are where homoglyphs come from.
function isJoiningScript(cp: number): boolean {
  return (
    (cp >= 0x0600 && cp <= 0x07bf) || (cp >= 0x08a0 && cp <= 0x08ff) || (cp >= 0x0900 && cp <= 0x0dff) ||
    (cp >= 0x0f00 && cp <= 0x109f) || (cp >= 0x1780 && cp <= 0x18af) || (cp >= 0xa8e0 && cp <= 0xa8ff) ||
    (cp >= 0xfb50 && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfefe)
  );
}

function cpBefore(text: string, i: number): number | undefined {
  if (i <= 0) return undefined;
  const lo = text.charCodeAt(i - 1);
  if (lo >= 0xdc00 && lo <= 0xdfff && i >= 2) return text.codePointAt(i - 2);
  return lo;
}

/** Joiners are legitimate inside emoji sequences and in scripts that need them (Arabic, Indic…). */
function legitimateJoiner(text: string, i: number, cp: number): boolean {
  if (cp !== 0x200d && cp !== 0x200c) return false;
  const before = cpBefore(text, i) ?? 0x20;
  const after = text.codePointAt(i + 1) ?? 0x20;
  if (cp === 0x200d && isEmojiLike(before) && isEmojiLike(after)) return true;
  // Word-final joiners are normal in Indic scripts (Malayalam chillu forms), so one script neighbour suffices.
  return isJoiningScript(before) || isJoiningScript(after);
}

/** Length in UTF-16 units of a well-formed subdivision flag (🏴 + 2–6 tag letters/digits + cancel tag) at `i`, else 0. */
function subdivisionFlagAt(text: string, i: number): number {
  if (text.codePointAt(i) !== 0x1f3f4) return 0;
  let j = i + 2;
  let tags = 0;
  for (;;) {
    const cp = text.codePointAt(j);
    if (cp === 0xe007f) return tags >= 2 && tags <= 6 ? j + 2 - i : 0;
    if (cp === undefined || !((cp >= 0xe0030 && cp <= 0xe0039) || (cp >= 0xe0061 && cp <= 0xe007a)) || tags === 6) return 0;
    tags += 1;
    j += 2;
  }
}

const VARIATION_RUN_MIN = 4;

function variationRunEnd(text: string, i: number): number {
  let j = i;
  for (let cp = text.codePointAt(j); cp !== undefined && VARIATION(cp); cp = text.codePointAt(j)) j += cp > 0xffff ? 2 : 1;
  return j;
}

function countVariation(text: string, start: number, end: number): number {
  let n = 0;
  for (let j = start; j < end; j += (text.codePointAt(j) ?? 0) > 0xffff ? 2 : 1) n += 1;
  return n;
}

type Kind = 'zero-width' | 'bidi-control' | 'variation-selector-run' | 'unicode-tag';

interface LineFinding {
  kind: Kind;
  line: number;
  column: number;
  codePoints: Set<number>;
  count: number;
  decoded: string;
}

const META: Record<Kind, { label: string; confidence: number }> = {
  'zero-width': { label: 'Zero-width characters', confidence: 0.8 },
  'bidi-control': { label: 'Bidirectional control characters (Trojan Source)', confidence: 0.85 },
  'variation-selector-run': { label: 'Run of variation selectors (data smuggled in invisible selectors)', confidence: 0.8 },
  'unicode-tag': { label: 'Unicode tag characters (smuggled invisible ASCII)', confidence: 0.9 },
};

function classify(text: string, i: number, cp: number, visibleScope: boolean): Kind | undefined {
  if (TAG(cp)) return 'unicode-tag';
  if (!visibleScope) return undefined;
  if (BIDI(cp)) return 'bidi-control';
  if (ZERO_WIDTH.has(cp)) {
    // A byte-order mark at the start of the file, or of a concatenated part of it.
    if (cp === 0xfeff && (i === 0 || text.charCodeAt(i - 1) === 0x0a)) return undefined;
    return legitimateJoiner(text, i, cp) ? undefined : 'zero-width';
  }
  // Variation selectors are judged per run in invisibleHits.
  return VARIATION(cp) ? 'variation-selector-run' : undefined;
}

function invisibleHits(file: FileView, index: LineIndex): RuleHit[] {
  const text = file.text;
  const visibleScope = VISIBLE_SCOPE.has(file.type);
  const done: LineFinding[] = [];
  // Candidates arrive in offset order, so only the current line's findings are open at any time.
  let open = new Map<Kind, LineFinding>();
  const perKind = new Map<Kind, number>();
  let line = 0;
  let nextLineStart = 0;
  let flagEnd = -1;
  let vsRunEnd = -1;
  let vsRunCount = 0;
  CANDIDATE_RUN.lastIndex = 0;
  for (let m = CANDIDATE_RUN.exec(text); m !== null; m = CANDIDATE_RUN.exec(text)) {
    const runEnd = m.index + m[0].length;
    for (let i = m.index; i < runEnd; ) {
      const cp = text.codePointAt(i) ?? 0;
      const at = i;
      i += cp > 0xffff ? 2 : 1;
      if (TAG(cp) && at >= flagEnd) {
        // Tags that belong to a well-formed flag are skipped wholesale.
        const len = at >= 2 ? subdivisionFlagAt(text, at - 2) : 0;
        if (len > 0) flagEnd = at - 2 + len;
      }
      if (at < flagEnd) continue;
      if (VARIATION(cp) && at >= vsRunEnd) {
        vsRunEnd = variationRunEnd(text, at);
        vsRunCount = countVariation(text, at, vsRunEnd);
      }
      const kind = classify(text, at, cp, visibleScope);
      // One or two selectors after a base character are ordinary emoji/CJK presentation (or a typo); a run carries data.
      if (!kind || (kind === 'variation-selector-run' && vsRunCount < VARIATION_RUN_MIN)) continue;
      if (at >= nextLineStart) {
        done.push(...open.values());
        open = new Map();
        line = index.lineOf(at);
        nextLineStart = line < index.count ? index.lineStart(line + 1) : Infinity;
      }
      let f = open.get(kind);
      if (!f) {
        const n = perKind.get(kind) ?? 0;
        if (n >= MAX_HITS_PER_KIND) continue;
        perKind.set(kind, n + 1);
        f = { kind, line, column: at - index.lineStart(line), codePoints: new Set(), count: 0, decoded: '' };
        open.set(kind, f);
      }
      f.count += 1;
      if (f.codePoints.size < 16) f.codePoints.add(cp);
      if (kind === 'unicode-tag' && f.decoded.length < 500) {
        const ascii = cp - 0xe0000;
        if (ascii >= 0x20 && ascii < 0x7f) f.decoded += String.fromCharCode(ascii);
      }
    }
  }
  done.push(...open.values());
  const out: RuleHit[] = [];
  for (const f of done) {
    const lineText = index.lineText(f.line);
    // One zero-width space ahead of a fence marker keeps a nested fence from closing the outer one: a
    // Markdown idiom that carries nothing.
    if (f.kind === 'zero-width' && f.count === 1 && f.column === 0 && /^.(?:```|~~~)/u.test(lineText)) continue;
    const hit = toHit(f, index);
    // A word split by one or two zero-width characters inside quotes in reference documentation is the
    // demonstration of the trick ("ig<ZWSP>nore"), not a use of it.
    if (f.kind === 'zero-width' && f.count <= 2 && placeOf(file, index, f.line) === 'doc-prose' && quotedAt(lineText, f.column)) {
      // P2 is not triaged by the runner: central triage first (a quoted example after "e.g."), else ours.
      const central = triaged(file, index, hit, 'HIGH', hit.confidence ?? 0.8);
      out.push(central.tags?.includes('contextual-triage') ? central : downgradeHit(file, index, hit, 'quoted-example', { severity: 'HIGH', confidence: hit.confidence ?? 0.8 }));
      continue;
    }
    out.push(hit);
  }
  return out;
}

const TAG_RUN = /(?:\udb40[\udc00-\udc7f])+/g;

function decodeTags(run: string): string {
  let out = '';
  for (const ch of run) {
    const ascii = (ch.codePointAt(0) ?? 0) - 0xe0000;
    out += ascii >= 0x20 && ascii < 0x7f ? String.fromCharCode(ascii) : '';
  }
  return out;
}

function toHit(f: LineFinding, index: LineIndex): RuleHit {
  const meta = META[f.kind];
  const visible = index
    .lineText(f.line)
    .slice(0, 2000)
    .replace(TAG_RUN, (run) => `<tags:${JSON.stringify(decodeTags(run))}>`)
    .replace(CANDIDATE, (c) => `<${codePointName(c.codePointAt(0) ?? 0)}>`);
  const evidence: Record<string, unknown> = { kind: f.kind, count: f.count, codePoints: [...f.codePoints].map(codePointName) };
  if (f.decoded) evidence.decoded = f.decoded;
  // Many invisibles on one line, or a decoded tag payload, is deliberate rather than a copy-paste artefact.
  const confidence = f.kind === 'zero-width' && f.count >= 3 ? 0.85 : meta.confidence;
  return { line: f.line, column: f.column, matched: visible, label: meta.label, confidence, severity: 'HIGH', evidence };
}

// --- Base64 data URIs --------------------------------------------------------------------------------

const DATA_URI = /data:text\/plain(?:;charset=[\w-]{1,20})?;base64,([A-Za-z0-9+/]{50,}={0,2})/gi;

function dataUriHits(file: FileView, index: LineIndex): RuleHit[] {
  if (!file.text.includes('base64,')) return [];
  const out: RuleHit[] = [];
  DATA_URI.lastIndex = 0;
  for (let m = DATA_URI.exec(file.text); m !== null && out.length < MAX_HITS_PER_KIND; m = DATA_URI.exec(file.text)) {
    const line = index.lineOf(m.index);
    const payload = m[1] ?? '';
    const preview = Buffer.from(payload.slice(0, 400), 'base64').toString('utf8').replace(/[^\x20-\x7e]/g, '.');
    const hit: RuleHit = {
      line,
      column: m.index - index.lineStart(line),
      matched: m[0].slice(0, 200),
      label: 'Base64 text payload in a data: URI',
      evidence: { kind: 'data-uri', length: payload.length, decodedPreview: preview.slice(0, 200) },
    };
    out.push(triaged(file, index, hit, 'HIGH', 0.75));
  }
  return out;
}

export const p2 = defineRule({
  kind: 'custom',
  meta: {
    id: 'P2',
    category: 'Prompt Injection',
    severity: 'HIGH',
    confidence: 0.85,
    // Invisible characters are never prose; comments and data URIs are triaged inside check().
    noTriage: true,
    title: 'Hidden Instructions',
    description:
      'Content an agent reads but a human reviewer does not see: HTML/markdown comments that address the agent (comments with only one or two generic words such as "fetch" or "token" are reported MEDIUM), zero-width and bidirectional control characters, runs of variation selectors, Unicode tag characters that smuggle invisible ASCII (any file type; well-formed emoji subdivision flags are exempt), and base64 text in data: URIs. Hidden text is how an injection survives code review.',
    remediation:
      'Delete the hidden content or make it visible. Remove invisible and bidirectional control characters unless they are part of real emoji or script text, and move any instruction into plain, reviewable prose.',
  },
  check({ file }) {
    const index = viewsOf(file.text).raw.index;
    const hits = invisibleHits(file, index);
    if (VISIBLE_SCOPE.has(file.type)) hits.push(...commentHits(file, index), ...dataUriHits(file, index));
    return hits.sort((a, b) => a.line - b.line);
  },
});
