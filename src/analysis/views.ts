// Per-file derived text shared by every rule: the raw text and the security view, each with its line
// index, lower-cased copy, keyword presence and line list (a lazy view over the index, never an array),
// all computed on first use and at most once per file (they used to be recomputed by each rule).
import { defaultLimits } from '../limits/index.js';
import type { Limits } from '../limits/index.js';
import { activateLog, noteLimit } from './kernel.js';
import type { LimitHit, LimitLog } from './kernel.js';
import { KeywordPresence } from './keywords.js';
import { LineIndex, LineList } from './lines.js';
import { boundedSecurityView, needsSecurityView } from './normalize.js';
import { forgetIndexes } from './localized.js';

/** Characters whose lower case is not one character of its own (see `SharedView.lowerOf`). */
const CONTEXT_CASED = /[\u0130\u03a3]/;

/** True when offset `i` falls between the two halves of a surrogate pair. */
function splitsPair(text: string, i: number): boolean {
  const lo = text.charCodeAt(i);
  const hi = text.charCodeAt(i - 1);
  return lo >= 0xdc00 && lo <= 0xdfff && hi >= 0xd800 && hi <= 0xdbff;
}

/** One view of a file's text (raw, or the line-preserving security view). */
export class SharedView {
  private lowerText: string | undefined;
  private lineIndex: LineIndex | undefined;
  private presence: KeywordPresence | undefined;
  private lineList: LineList | undefined;
  private asciiOnly: boolean | undefined;
  private contextFree: boolean | undefined;

  constructor(
    readonly text: string,
    /** True for the security view (findings on it are tagged `normalized-view`). */
    readonly derived: boolean,
  ) {}

  /** `text.toLowerCase()`. */
  get lower(): string {
    this.lowerText ??= this.presence?.lower ?? this.text.toLowerCase();
    return this.lowerText;
  }

  /**
   * `text.slice(start, end).toLowerCase()`, as a slice of `lower` when that is the same string: lower-casing
   * is then character by character and length-preserving. Only U+0130 (İ lowers to two characters) and
   * U+03A3 (Σ lowers by context, ς at a word's end) break that, so a text holding neither gives its windows
   * slices of one lower-cased copy instead of a copy of its own each. A bound that splits a surrogate pair
   * (`𐐀` lowers to another pair) is lower-cased on its own.
   */
  lowerOf(start: number, end: number): string {
    this.contextFree ??= !CONTEXT_CASED.test(this.text);
    const t = this.text;
    if (!this.contextFree || splitsPair(t, start) || splitsPair(t, end)) return t.slice(start, end).toLowerCase();
    return this.lower.slice(start, end);
  }

  get index(): LineIndex {
    this.lineIndex ??= new LineIndex(this.text);
    return this.lineIndex;
  }

  /** True when every character is ASCII (the raw text then needs no security view). */
  get ascii(): boolean {
    this.asciiOnly ??= !needsSecurityView(this.text);
    return this.asciiOnly;
  }

  /** Keyword prefilter over `lower`: `keywords.has(k)` is `lower.includes(k)`, answered from one pass. */
  get keywords(): KeywordPresence {
    // ASCII text is scanned as is (the automaton folds A–Z), sparing the lower-cased copy.
    this.presence ??= this.ascii ? new KeywordPresence(this.text, true) : new KeywordPresence(this.lower);
    return this.presence;
  }

  /** The lines of `text.split('\n')`, sliced on demand from `index` (no per-file array of every line). */
  get lines(): LineList {
    this.lineList ??= new LineList(this.index);
    return this.lineList;
  }
}

/** The raw view and, when it differs, the security view of one text; also where matching caps are noted. */
export class FileViews implements LimitLog {
  readonly raw: SharedView;
  private securityView: SharedView | null | undefined;

  constructor(
    readonly text: string,
    readonly limits: Limits = defaultLimits(),
    /** The scan deadline (monotonic); never passes when omitted. */
    readonly expired: () => boolean = () => false,
    /** Where caps hit are noted: another text's views share the analysed file's, so none goes unrecorded. */
    readonly limitHits: LimitHit[] = [],
  ) {
    this.raw = new SharedView(text, false);
  }

  /** The security view (NFKC, invisibles removed, confusables mapped), or undefined when it equals the raw text. */
  get security(): SharedView | undefined {
    if (this.securityView === undefined) {
      let derived: string | undefined;
      if (!this.raw.ascii) {
        const view = boundedSecurityView(this.text, this.limits.securityViewMaxExtraChars);
        derived = view.text;
        if (view.cut) {
          noteLimit(this, {
            what: 'characters of NFKC expansion', observed: view.cut.observed, limit: view.cut.limit,
            message: `NFKC normalisation grew the text to more than ${view.cut.limit} characters; the rest of its security view was not normalised, so look-alike text there was not judged.`,
          });
        }
      }
      this.securityView = derived === undefined || derived === this.text ? null : new SharedView(derived, true);
    }
    return this.securityView ?? undefined;
  }

  /** Raw view first, then the security view when there is one. */
  get all(): readonly SharedView[] {
    const security = this.security;
    return security ? [this.raw, security] : [this.raw];
  }
}

// The file being analysed (set by the runner) and the last other text a helper asked about: rules run
// file by file, so these are the only views worth keeping, and nothing outlives the next file.
let current: FileViews | undefined;
let other: FileViews | undefined;

/** The shared views of `text`: those of the file being analysed when it is that file's text. */
export function viewsOf(text: string): FileViews {
  if (current?.text === text) return current;
  if (other?.text !== text) other = current ? new FileViews(text, current.limits, current.expired, current.limitHits) : new FileViews(text);
  return other;
}

/** Rules' one-file memos (e.g. a file's secret flow), emptied with the views so no file's text outlives its analysis. */
const fileMemos: (() => void)[] = [];

/**
 * Registers the reset of a module-level memo that holds one file's text or what was derived from it: it runs
 * when the next file begins and when analysis ends. Without it, the last file's memo (tens of MB for a large
 * file) stayed alive for the rest of the scan and of the process.
 */
export function forgetWithViews(reset: () => void): void {
  fileMemos.push(reset);
}

function forgetMemos(): void {
  for (const reset of fileMemos) reset();
}

/** Makes `text` the file being analysed (the runner calls this once per file) and returns its fresh views. */
export function beginFile(text: string, limits?: Limits, expired?: () => boolean): FileViews {
  // A new file's texts are new: the previous file's anchor indexes (and the texts they hold) can go.
  forgetIndexes();
  forgetMemos();
  current = new FileViews(text, limits, expired);
  other = undefined;
  activateLog(current);
  return current;
}

/** Drops the cached views (the runner calls this when analysis ends, so large texts are not retained). */
export function releaseViews(): void {
  forgetIndexes();
  forgetMemos();
  current = undefined;
  other = undefined;
  activateLog(undefined);
}
