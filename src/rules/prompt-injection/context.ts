// Helpers shared by the family's custom rules: line mapping, optional context triage, views.
import { LineIndex } from '../../analysis/lines.js';
import { needsSecurityView, securityView } from '../../analysis/normalize.js';
import { triage } from '../../analysis/triage.js';
import type { FileView, RuleHit } from '../types.js';
import type { Severity } from '../../shared/types.js';

/** Custom rules that set `noTriage` for their invisible-character parts still triage their prose parts. */
export function triaged(file: FileView, index: LineIndex, hit: RuleHit, severity: Severity, confidence: number): RuleHit {
  const t = triage(file, index, hit.line, hit.column ?? 0, severity, confidence);
  return { ...hit, severity: t.severity, confidence: t.confidence, tags: [...(hit.tags ?? []), ...t.tags] };
}

export interface TextView {
  text: string;
  /** Built on first use: most files never need it. */
  readonly index: LineIndex;
  derived: boolean;
}

function view(text: string, derived: boolean): TextView {
  let index: LineIndex | undefined;
  return {
    text,
    derived,
    get index(): LineIndex {
      index ??= new LineIndex(text);
      return index;
    },
  };
}

/** The raw text, plus the line-preserving security view when the text has non-ASCII characters. */
export function textViews(text: string): TextView[] {
  const views = [view(text, false)];
  if (needsSecurityView(text)) {
    const derived = securityView(text);
    if (derived !== text) views.push(view(derived, true));
  }
  return views;
}

/** `U+200B`-style names for characters a reader cannot see. */
export function codePointName(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}
