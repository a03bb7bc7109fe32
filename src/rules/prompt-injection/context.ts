// Helpers shared by the family's custom rules: line mapping, optional context triage, views.
import type { LineIndex } from '../../analysis/lines.js';
import { triage } from '../../analysis/triage.js';
import { viewsOf, type SharedView } from '../../analysis/views.js';
import type { RuleHit } from '../types.js';
import type { FileView } from '../../model/bundle.js';
import type { Severity } from '../../shared/types.js';

/** Custom rules that set `noTriage` for their invisible-character parts still triage their prose parts. */
export function triaged(file: FileView, index: LineIndex, hit: RuleHit, severity: Severity, confidence: number): RuleHit {
  const t = triage(file, index, hit.line, hit.column ?? 0, severity, confidence);
  return { ...hit, severity: t.severity, confidence: t.confidence, tags: [...(hit.tags ?? []), ...t.tags] };
}

/** A view with its line index, lower-cased copy and keyword presence, each built on first use. */
export type TextView = SharedView;

/** The raw text, plus the line-preserving security view when it differs (shared across rules, per file). */
export function textViews(text: string): readonly TextView[] {
  return viewsOf(text).all;
}

/** `U+200B`-style names for characters a reader cannot see. */
export function codePointName(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}
