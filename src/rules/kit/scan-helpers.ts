// Shared by the exfiltration, privilege, agent-snooping and SSRF custom rules: run a table of linear-time
// patterns over a file's raw text and its security view, then let the rule judge each candidate with
// the whole line in hand (file type, polarity, setup documentation) before it becomes a RuleHit.
import type { LineIndex } from '../../analysis/lines.js';
import { CODE_TYPES } from '../../analysis/placement.js';
import { lowered, triage } from '../../analysis/triage.js';
import { viewsOf } from '../../analysis/views.js';
import type { Severity } from '../../shared/types.js';
import type { TriageReason } from '../../model/place.js';
import type { RuleHit } from '../types.js';
import type { FileView } from '../../model/bundle.js';
import { eachMatch, noteLimit } from '../../analysis/kernel.js';
import { inFence, placeOf } from '../../analysis/placement.js';
import { presentIn } from './walk-gates.js';
import type { Place } from '../../model/place.js';

export interface Matcher {
  /** Linear-time pattern; `g` is added. */
  re: RegExp;
  label: string;
  confidence: number;
  severity?: Severity;
  /** Lower-case substrings; the matcher runs only when the file contains one. */
  keywords?: readonly string[];
  /**
   * Regexes that each match wherever a match of `re` starts (a prefix of `re`, or a looser one). The matcher
   * runs on a view only when every one matches somewhere in it, asked in order (a cheap, shared one first);
   * each answer is asked once per view and shared by every matcher naming the same regex, so several
   * costly regexes that open alike pay one pass, and a costly regex is not even compiled where it cannot match.
   */
  requires?: readonly RegExp[];
  /** Free-form class the rule uses to decide how to treat the candidate. */
  kind?: string;
}

const TABLES: { id: string; matchers: readonly Matcher[] }[] = [];

/**
 * Declares a rule's matcher table, returned unchanged: test/prefilter-rates.test.ts reports how often each
 * matcher's keywords let a real file through, as it does for pattern rules.
 */
export function matcherTable(id: string, matchers: readonly Matcher[]): readonly Matcher[] {
  TABLES.push({ id, matchers });
  return matchers;
}

/** Every matcher table declared by the rule modules loaded so far. */
export function matcherTables(): readonly { id: string; matchers: readonly Matcher[] }[] {
  return TABLES;
}

export interface Candidate {
  line: number;
  column: number;
  matched: string;
  lineText: string;
  matcher: Matcher;
  derived: boolean;
}

/**
 * Every match of every matcher, at most `maxCandidatesPerLine` per (line, label), raw view first, through
 * the one matching kernel. When `maxCandidatesPerFile` is reached matching stops and the cap is noted, so
 * the engine records an `output_limit` row: a payload after thousands of harmless candidates can never
 * leave the scan complete.
 */
export function scanFile(file: FileView, matchers: readonly Matcher[]): Candidate[] {
  const out: Candidate[] = [];
  const seen = new Map<string, number>();
  const rawKeys = new Set<string>();
  // Views, line indexes and keyword presence are computed once per file and shared by every rule.
  const views = viewsOf(file.text);
  const { maxCandidatesPerFile, maxCandidatesPerLine } = views.limits;
  for (const view of views.all) {
    for (const matcher of matchers) {
      if (matcher.keywords && !view.keywords.any(matcher.keywords)) continue;
      if (matcher.requires && !matcher.requires.every((re) => presentIn(view, re))) continue;
      const index = view.index;
      let full = false;
      eachMatch(view.text, matcher.re, (m) => {
        const line = index.lineOf(m.index);
        const key = `${line}\u001f${matcher.label}`;
        const n = seen.get(key) ?? 0;
        // The derived view only adds (line, matcher) pairs the raw view did not already find; past the
        // per-line cap, nothing more of this matcher is wanted on this line: resume at the next one.
        if (n >= maxCandidatesPerLine || (view.derived && rawKeys.has(key))) return index.lineStart(line + 1);
        if (out.length >= maxCandidatesPerFile) {
          noteLimit(views, { what: 'candidate matches', observed: out.length + 1, limit: maxCandidatesPerFile });
          full = true;
          return false;
        }
        seen.set(key, n + 1);
        if (!view.derived) rawKeys.add(key);
        out.push({ line, column: m.index - index.lineStart(line), matched: m[0], lineText: index.lineText(line), matcher, derived: view.derived });
        return true;
      });
      if (full) return out;
    }
  }
  return out;
}

/** A RuleHit carrying the candidate's own confidence and severity. */
export function hitOf(c: Candidate, confidence = c.matcher.confidence, severity = c.matcher.severity): RuleHit {
  const hit: RuleHit = { line: c.line, matched: c.matched, column: c.column, label: c.matcher.label, confidence };
  if (severity !== undefined) hit.severity = severity;
  if (c.derived) hit.tags = ['normalized-view'];
  return hit;
}

const RANK: Record<Severity, number> = { LOW: 0, MEDIUM: 1, HIGH: 2, CRITICAL: 3 };

/** Keeps the strongest hit of each line, by severity then confidence (patterns overlapping on one statement). */
export function bestPerLine(hits: readonly RuleHit[], defaultSeverity: Severity): RuleHit[] {
  const score = (h: RuleHit): number => RANK[h.severity ?? defaultSeverity] * 10 + (h.confidence ?? 0);
  const best = new Map<number, RuleHit>();
  for (const h of hits) {
    const cur = best.get(h.line);
    if (!cur || score(h) > score(cur)) best.set(h.line, h);
  }
  return [...best.values()].sort((a, b) => a.line - b.line);
}

/**
 * Downgrades a hit the way context triage does (LOW, confidence × 0.4, `contextual-triage` tags), for
 * rule-specific reasons the shared triage cannot see. When the shared triage will downgrade the hit anyway
 * it is left alone, so it is never downgraded twice.
 */
export function downgradeHit(file: FileView, index: LineIndex, hit: RuleHit, reason: TriageReason, defaults: { severity: Severity; confidence: number }): RuleHit {
  const sev = hit.severity ?? defaults.severity;
  const conf = hit.confidence ?? defaults.confidence;
  if (triage(file, index, hit.line, hit.column ?? 0, sev, conf).reason) return hit;
  const low = lowered(conf, reason);
  return { ...hit, severity: low.severity, confidence: low.confidence, tags: [...(hit.tags ?? []), ...low.tags] };
}

export { CODE_TYPES };

/** Prose files other than the manifest: where setup documentation lives. SKILL.md is never mere documentation. */
export function isSupportingDoc(file: FileView): boolean {
  return !file.isManifest && (file.type === 'markdown' || file.type === 'text');
}

/** `.gitignore`-style files list paths to keep out; they never read them. */
export function isIgnoreFile(path: string): boolean {
  return /(?:^|\/)\.[\w-]{0,20}ignore$/i.test(path);
}

/** A network sink on the same line: the mention is being sent somewhere, not documented. */
export const NETWORK_SINK =
  /\b(?:curl|wget|nc|ncat|netcat|requests\.\w{3,6}|httpx\.\w{3,6}|urlopen|fetch|axios|upload\w{0,10}|exfiltrat\w{0,5}|send|post|transmit|webhook)\b|https?:\/\//i;


// ------------------------------------------------------------------------ prose: who is told to do what

/** The sentence around a match, split at the match (at most 200 characters before and 240 after). */
export function sentenceAround(lineText: string, column: number): { before: string; after: string } {
  const before = lineText.slice(Math.max(0, column - 200), column);
  const cut = Math.max(before.lastIndexOf('. '), before.lastIndexOf('! '), before.lastIndexOf('? '), before.lastIndexOf('; '));
  const after = lineText.slice(column, column + 240);
  const end = after.search(/[.!?;]\s/);
  return { before: cut >= 0 ? before.slice(cut + 2) : before, after: end >= 0 ? after.slice(0, end) : after };
}

// A verb in a reported or hypothetical frame ("a skill that tells the agent to read …", "can read …").
const REPORTED_FRAME =
  /\b(?:instructs?|tells?|asks?|attempts?|tries|try|wants?|allows?|lets?|causes?|able|used|designed|trying|attempting|can|could|may|might|would|will)\b(?:\s{1,3}[\w'-]{1,20}){0,3}\s{1,3}(?:to\s{1,3})?$/i;

/**
 * True when the last of `verbs` before the match is an instruction to whoever follows the text: a bare
 * (imperative) verb, not a third-person description ("the CLI reads …") or a reported instruction ("a skill
 * that tells the agent to read …"). `verbs` must be global and match bare verb forms only.
 */
export function imperativeBefore(before: string, verbs: RegExp): boolean {
  return imperativeVerbBefore(before, verbs) !== undefined;
}

/** The last of `verbs` before the match when it is an instruction (see `imperativeBefore`), lower-cased. */
export function imperativeVerbBefore(before: string, verbs: RegExp): string | undefined {
  let last: RegExpExecArray | undefined;
  verbs.lastIndex = 0;
  for (let m = verbs.exec(before); m !== null; m = verbs.exec(before)) {
    // A verb glued into a compound ("auto-load", "read-only") is not an instruction.
    if (before.charAt(m.index - 1) === '-' || before.charAt(m.index + m[0].length) === '-') continue;
    last = m;
  }
  verbs.lastIndex = 0;
  if (!last) return undefined;
  if (REPORTED_FRAME.test(before.slice(Math.max(0, last.index - 80), last.index))) return undefined;
  return last[0].toLowerCase();
}

const COMMENT_START = /^\s{0,40}(?:#(?!!)|\/\/|\/\*|\*|--\s|;|rem\s)/i;
const DOC_MASKS = new WeakMap<LineIndex, Uint8Array>();

/**
 * True when a line of a code file is a comment or (Python) docstring text: words about the code, not the
 * code. Docstrings are tracked by counting triple quotes from the top of the file (once per file).
 */
export function commentLine(file: FileView, index: LineIndex, line: number): boolean {
  const text = index.lineText(line).slice(0, 400);
  if (COMMENT_START.test(text)) return true;
  if (file.type !== 'python') return false;
  let mask = DOC_MASKS.get(index);
  if (!mask) {
    mask = new Uint8Array(index.count + 1);
    let open = false;
    for (let l = 1; l <= index.count; l += 1) {
      const t = index.lineText(l).slice(0, 4_000);
      const quotes = (t.match(/"""|'''/g) ?? []).length;
      // A line inside a docstring, or one that opens (or is) a docstring.
      if (open || /^\s{0,40}(?:[rubf]{0,2})?(?:"""|''')/i.test(t)) mask[l] = 1;
      if (quotes % 2 === 1) open = !open;
    }
    DOC_MASKS.set(index, mask);
  }
  return mask[line] === 1;
}

/**
 * Where a line sits, as `placeOf` says, except that a Markdown or text file is read by its own structure
 * even when SKILL.md names it as something to run: its fenced blocks are code, its prose is prose.
 */
export function placeIn(file: FileView, index: LineIndex, line: number): Place {
  const where = placeOf(file, index, line);
  if (where !== 'code' || (file.type !== 'markdown' && file.type !== 'text')) return where;
  return inFence(index, line) ? 'manifest-code' : 'instructions';
}

/**
 * True when the match sits inside a quoted string of English words in code (a message, a docstring-like
 * literal: "Symlinks can trick agents into reading ~/.ssh/id_rsa"), not a path or a command.
 */
export function inProseString(lineText: string, column: number): boolean {
  const window = lineText.slice(Math.max(0, column - 300), column);
  const open = Math.max(window.lastIndexOf('"'), window.lastIndexOf("'"));
  if (open < 0) return false;
  const quote = window.charAt(open);
  // An even number of that quote before the opener means it opens a string rather than closes one.
  let count = 0;
  for (let i = 0; i < open; i += 1) if (window.charCodeAt(i) === quote.charCodeAt(0)) count += 1;
  if (count % 2 === 1) return false;
  const after = lineText.slice(column, column + 300);
  const close = after.indexOf(quote);
  const inside = window.slice(open + 1) + (close < 0 ? after : after.slice(0, close));
  return (inside.match(/[A-Za-z]{2,}\s/g) ?? []).length >= 4;
}
