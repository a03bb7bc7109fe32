// How analysis hands a file's syntax tree to rules: `ctx.tree?.()` on the rule context. The engine parses
// each code file at most once, lazily (only when a rule asks), records a failure as a ledger row once, and
// deletes the tree when the file's rules are done. Rules must not keep or delete the tree.
import type { FileView } from '../model/bundle.js';
import type { Ledger } from '../ledger/index.js';
import type { Limits } from '../limits/index.js';
import { CopyBudgetExceeded, codeTreeOf } from './code-tree.js';
import { languageOf, parseCode, parserReady } from './parser.js';
import type { CodeLanguage, ParseBudget, ParseOutcome, ParseSuccess } from './parser.js';

/** The parse budget a scan's limits allow. */
export function parseBudgetOf(limits: Limits): ParseBudget {
  return { maxBytes: limits.parseMaxBytes, timeMs: limits.parseTimeMs, maxErrorRatio: limits.parseMaxErrorRatio };
}

/** The code languages among `files`: what `loadParsers` must load before analysis. */
export function languagesOf(files: readonly FileView[]): Set<CodeLanguage> {
  const out = new Set<CodeLanguage>();
  for (const f of files) {
    const lang = languageOf(f.type, f.path);
    if (lang) out.add(lang);
  }
  return out;
}

/** The parse, copy and extraction time one scan's code files share (`behaviourScanTimeMs`), and the files it did not reach. */
export class BehaviourBudget {
  spentMs = 0;
  readonly skipped: string[] = [];

  constructor(readonly limitMs: number) {}

  get exhausted(): boolean {
    return this.spentMs >= this.limitMs;
  }

  /** One row for every file the budget did not reach (each file is degraded to partial where it is skipped). */
  record(ledger: Ledger): void {
    const first = this.skipped[0];
    if (first === undefined) return;
    ledger.exception({
      phase: 'analysis', reason: 'runtime_limit', path: first, analyzers: ['behaviour'],
      observed: Math.round(this.spentMs) / 1000, limit: this.limitMs / 1000, unit: 'seconds',
      message: `Behavioural analysis used its ${this.limitMs / 1000} s budget for the scan; ${this.skipped.length} code file(s) from this one on were not parsed (pattern rules still read them).`,
    });
  }
}

/** One file's tree: parsed on first request, at most once; failure recorded once; released after the file. */
export class FileTree {
  private outcome: ParseOutcome | null | undefined;
  private released = false;
  /** How many times this file was actually parsed (0 or 1); read by tests. */
  parses = 0;

  constructor(
    private readonly file: FileView,
    private readonly budget: ParseBudget,
    private readonly ledger: Ledger,
    /** Time left before the scan deadline; a parse never runs past it. */
    private readonly remainingMs: () => number = () => Infinity,
    /** The scan's shared parse budget, when there is one. */
    private readonly shared?: BehaviourBudget,
  ) {}

  readonly get = (): ParseOutcome | null => {
    if (this.released) return null;
    if (this.outcome !== undefined) return this.outcome;
    const lang = languageOf(this.file.type, this.file.path);
    if (!lang || !parserReady(lang)) return (this.outcome = null);
    if (this.shared?.exhausted) {
      this.shared.skipped.push(this.file.path);
      this.ledger.degrade(this.file.path, 'partial', 'runtime_limit');
      return (this.outcome = { ok: false, reason: 'runtime_limit', message: 'The scan\'s behavioural parse budget was used up before this file.' });
    }
    this.parses += 1;
    const clock = this.budget.clock ?? (() => performance.now());
    const started = clock();
    const timeMs = Math.max(0, Math.min(this.budget.timeMs, this.remainingMs()));
    let outcome = parseCode(lang, this.file.text, { ...this.budget, timeMs });
    if (outcome.ok) outcome = this.copied(outcome, timeMs);
    if (this.shared) this.shared.spentMs += clock() - started;
    if (!outcome.ok) {
      this.ledger.exception({
        phase: 'analysis', reason: outcome.reason, path: this.file.path, analyzers: ['behaviour'], message: outcome.message,
        ...(outcome.observed !== undefined ? { observed: outcome.observed } : {}),
        ...(outcome.limit !== undefined ? { limit: outcome.limit } : {}),
        ...(outcome.unit !== undefined ? { unit: outcome.unit } : {}),
      });
      this.ledger.degrade(this.file.path, 'partial', outcome.reason);
    }
    return (this.outcome = outcome);
  };

  /**
   * The tree copied for the extractors under the same time budget as the parse: a file whose tree is too
   * large to read in time is not analysed (`runtime_limit`), like one too large to parse.
   */
  private copied(outcome: ParseSuccess, timeMs: number): ParseOutcome {
    const clock = this.budget.clock ?? (() => performance.now());
    try {
      const shared = this.shared;
      return {
        ...outcome, code: codeTreeOf(outcome.tree, outcome.source, { timeMs, clock }),
        ...(shared ? { account: (ms: number) => (shared.spentMs += ms) } : {}),
      };
    } catch (e) {
      if (!(e instanceof CopyBudgetExceeded)) throw e;
      outcome.tree.delete();
      return {
        ok: false, reason: 'runtime_limit', observed: Math.round(e.elapsedMs) / 1000, limit: timeMs / 1000, unit: 'seconds',
        message: `Reading the syntax tree exceeded its ${timeMs} ms budget; behavioural analysis did not read this file.`,
      };
    }
  }

  /** Deletes the tree (WASM memory); later requests get null. Safe to call more than once. */
  release(): void {
    if (!this.released && this.outcome?.ok) (this.outcome as ParseSuccess).tree.delete();
    this.released = true;
  }
}
