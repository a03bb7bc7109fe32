// Runs the rule catalogue over one file's raw text and its security view, window by window.
import type { Limits } from '../limits/index.js';
import type { CustomRule, PatternRule, RuleContext, RuleHit, RuleMeta } from '../rules/types.js';
import type { FileView } from '../model/bundle.js';
import type { Finding } from './finding.js';
import { KeywordPresence, registerKeywords } from './keywords.js';
import { windows } from './lines.js';
import type { LineIndex, Window } from './lines.js';
import { eachMatch } from './kernel.js';
import { corroborate, place } from './calibration.js';
import { fileRole, placeOf } from './placement.js';
import { triage } from './triage.js';
import { beginFile } from './views.js';
import type { FileViews, SharedView } from './views.js';

/** Pattern rules whose keywords the shared keyword automaton already knows. */
const REGISTERED = new WeakSet<PatternRule>();

export interface View {
  text: string;
  index: LineIndex;
  derived: boolean;
  windows?: CachedWindow[];
}

interface CachedWindow extends Window {
  lower: string;
  keywords: KeywordPresence;
}

export interface FileAnalysis {
  findings: Finding[];
  truncated: boolean;
}

export class FileAnalyzer {
  /** Raw text and security view, with line index, lower-cased copy and keyword presence, shared by every rule. */
  readonly views: FileViews;
  private readonly windowCache = new Map<SharedView, CachedWindow[]>();
  private readonly seen = new Set<string>();
  readonly findings: Finding[] = [];
  truncated = false;

  constructor(
    readonly file: FileView,
    private readonly limits: Limits,
    /** The scan deadline: pattern rules stop between windows once it passes (the engine records the cut). */
    expired?: () => boolean,
  ) {
    this.views = beginFile(file.text, limits, expired);
  }

  /** Windows and their lower-cased copies are computed once per view and shared by every rule. */
  private windowsOf(view: SharedView): CachedWindow[] {
    let cached = this.windowCache.get(view);
    if (!cached) {
      if (view.text.length <= this.limits.windowChars) {
        // One window: the view itself, whose lower-cased copy and keyword presence custom rules share.
        cached = [{
          start: 0,
          end: view.text.length,
          text: view.text,
          get lower(): string {
            return view.lower;
          },
          get keywords(): KeywordPresence {
            return view.keywords;
          },
        }];
      } else {
        const ascii = view.ascii;
        cached = [...windows(view.text, this.limits.windowChars, this.limits.windowOverlapChars)].map((w) => {
          const keywords = ascii ? new KeywordPresence(w.text, true) : new KeywordPresence(view.lowerOf(w.start, w.end));
          return {
            ...w,
            keywords,
            get lower(): string {
              return keywords.lower;
            },
          };
        });
      }
      this.windowCache.set(view, cached);
    }
    return cached;
  }

  runPatternRule(rule: PatternRule): void {
    if (!REGISTERED.has(rule)) {
      REGISTERED.add(rule);
      for (const spec of rule.patterns) if (spec.keywords) registerKeywords(spec.keywords);
    }
    for (const view of this.views.all) {
      for (const win of this.windowsOf(view)) {
        if (this.views.expired()) return;
        for (const spec of rule.patterns) {
          if (spec.keywords && !win.keywords.any(spec.keywords)) continue;
          if (!this.runPattern(rule, spec, view, win)) return;
        }
      }
    }
  }

  /** Returns false once the per-file finding cap is reached. */
  private runPattern(rule: PatternRule, spec: PatternRule['patterns'][number], view: View, win: CachedWindow): boolean {
    let open = true;
    eachMatch(win.text, spec.re, (m) => {
      const offset = win.start + m.index;
      const line = view.index.lineOf(offset);
      const hit: RuleHit = {
        line,
        endLine: view.index.lineOf(offset + Math.max(0, m[0].length - 1)),
        matched: m[0],
        column: offset - view.index.lineStart(line),
      };
      if (spec.label !== undefined) hit.label = spec.label;
      if (spec.confidence !== undefined) hit.confidence = spec.confidence;
      if (spec.severity !== undefined) hit.severity = spec.severity;
      if (view.derived) hit.tags = ['normalized-view'];
      open = this.add(rule.meta, hit, view);
      return open;
    });
    return open;
  }

  /** After every rule has run on the file: raise corroborated pairs (src/analysis/calibration.ts). */
  finish(): void {
    corroborate(fileRole(this.file), this.findings);
  }

  rawView(): View {
    return this.views.raw;
  }

  runCustomRule(rule: CustomRule, ctx: RuleContext): void {
    const full: RuleContext = ctx.views === this.views ? ctx : { ...ctx, views: this.views };
    for (const hit of rule.check(full)) if (!this.add(rule.meta, hit, this.views.raw)) return;
  }

  /** Returns false once the per-file finding cap is reached. */
  add(meta: RuleMeta, hit: RuleHit, view: View): boolean {
    const key = `${meta.id}\u001f${hit.line}`;
    const rawKey = `${key}\u001f${hit.matched.replace(/\s+/g, ' ').trim().toLowerCase()}`;
    if (this.seen.has(rawKey) || (view.derived && this.seen.has(key))) return true;
    this.seen.add(rawKey);
    this.seen.add(key);
    if (this.findings.length >= this.limits.maxFindingsPerFile) {
      this.truncated = true;
      return false;
    }
    const placed = place(meta, placeOf(this.file, this.views.raw.index, hit.line), hit.severity ?? meta.severity, hit.confidence ?? meta.confidence);
    // The rule does not apply where this match sits (a signature or lockfile): not a finding at all.
    if (!placed) return true;
    let severity = placed.severity;
    let confidence = placed.confidence;
    const tags = [...(hit.tags ?? []), ...placed.tags];
    if (!meta.noTriage && !tags.includes('contextual-triage')) {
      const t = triage(this.file, view.index, hit.line, hit.column ?? 0, severity, confidence);
      severity = t.severity;
      confidence = t.confidence;
      tags.push(...t.tags);
    }
    this.findings.push({
      rule: meta,
      file: this.file.path,
      startLine: hit.line,
      endLine: Math.max(hit.line, hit.endLine ?? hit.line),
      matched: hit.matched.slice(0, 200),
      label: hit.label ?? meta.title,
      severity,
      confidence,
      tags,
      evidence: hit.evidence ?? {},
    });
    return true;
  }
}
