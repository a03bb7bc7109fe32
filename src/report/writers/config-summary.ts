// What the user's configuration, baseline and the skill's inline comments changed, in plain sentences
// shared by the terminal, Markdown and HTML writers (docs/CONFIG.md). The metadata is read field by field
// and anything of the wrong shape is skipped: a report can be older than these blocks, or hand-built.
import { OVERRIDE_TAG } from '../../config/policy.js';
import { SEVERITIES } from '../../shared/types.js';
import type { Severity } from '../../shared/types.js';
import type { Issue, ReportMetadata } from '../types.js';
import { oneLine } from './llm-summary.js';

/** Rule ids (or overrides) named per list; the rest are counted, so the line stays readable. */
export const IDS_SHOWN = 12;
const FILE_MAX = 160;
const ID_MAX = 40;

function record(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

function count(v: unknown): number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : 0;
}

function isSeverity(v: unknown): v is Severity {
  return typeof v === 'string' && (SEVERITIES as readonly string[]).includes(v);
}

/** "P1, P2, … (+3 more)": the first IDS_SHOWN items, each one bounded line. */
function shortList(items: readonly string[]): string {
  const shown = items.slice(0, IDS_SHOWN).join(', ');
  return items.length > IDS_SHOWN ? `${shown}, … (+${items.length - IDS_SHOWN} more)` : shown;
}

function ids(v: unknown): string[] | undefined {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').map((x) => oneLine(x, ID_MAX)) : undefined;
}

/**
 * `.skillspector.yaml · rules disabled: P5 · severity overrides: PE2→LOW · inline suppressions trusted`,
 * from `metadata.configuration` (writers prefix "config: "); null when the scan read no configuration and
 * no flag changed rules or suppression.
 */
export function configurationLine(m: ReportMetadata): string | null {
  const c = record(m['configuration']);
  if (!c) return null;
  const file = typeof c['file'] === 'string' && c['file'] !== '' ? oneLine(c['file'], FILE_MAX) : 'command-line flags';
  const parts = [file];
  const enabled = ids(c['enabled_rules']);
  if (enabled) parts.push(enabled.length > 0 ? `rules run: only ${shortList(enabled)}` : 'rules run: none');
  const disabled = ids(c['disabled_rules']);
  if (disabled && disabled.length > 0) parts.push(`rules disabled: ${shortList(disabled)}`);
  const overrides = Object.entries(record(c['severity_overrides']) ?? {}).filter((e): e is [string, Severity] => isSeverity(e[1]));
  if (overrides.length > 0) parts.push(`severity overrides: ${shortList(overrides.map(([id, to]) => `${oneLine(id, ID_MAX)}→${to}`))}`);
  if (c['trust_inline_suppressions'] === true) parts.push('inline suppressions trusted');
  return parts.join(' · ');
}

/**
 * What became of the skill's own `skillspector-ignore:` comments when that is worth a reader's attention:
 * ignored because untrusted, or (trusted) refused for CRITICAL findings. Null otherwise.
 */
export function inlineSuppressionNote(m: ReportMetadata): string | null {
  const inline = record(m['inline_suppressions']);
  if (!inline) return null;
  const matched = count(inline['matched']);
  if (inline['trusted'] === false && matched > 0) {
    return `Inline suppression comments naming ${matched} finding(s) ignored (the skill's own comments; --trust-inline-suppressions to honour them)`;
  }
  const refused = count(inline['refused_critical']);
  if (inline['trusted'] === true && refused > 0) {
    return `Inline suppression comments naming ${refused} CRITICAL finding(s) not honoured (a comment never silences a CRITICAL finding)`;
  }
  return null;
}

/**
 * "3 finding(s) suppressed by the baseline", "… by trusted inline comments", or both with their numbers,
 * from `metadata.baseline` and `metadata.inline_suppressions`. When those do not add up to `total` (an
 * older or hand-built report), both possible sources are named.
 */
export function suppressedCountLine(m: ReportMetadata, total: number): string {
  const head = `${total} finding(s) suppressed`;
  const baseline = count(record(m['baseline'])?.['suppressed']);
  const inline = count(record(m['inline_suppressions'])?.['suppressed']);
  if (baseline + inline !== total) return `${head} by a baseline or trusted inline comments`;
  if (inline === 0) return `${head} by the baseline`;
  if (baseline === 0) return `${head} by trusted inline comments`;
  return `${head}: ${baseline} by the baseline, ${inline} by trusted inline comments`;
}

/** "severity overridden from HIGH by the configuration" for a finding the configuration re-graded. */
export function severityOverrideNote(issue: Issue): string | null {
  if (!issue.tags.includes(OVERRIDE_TAG)) return null;
  const from = record(issue.evidence['severity_override'])?.['from'];
  return isSeverity(from) && from !== issue.severity ? `severity overridden from ${from} by the configuration` : null;
}
