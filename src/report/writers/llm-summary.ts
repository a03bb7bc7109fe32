// What LLM review did, in plain sentences shared by the terminal and Markdown writers, and the notes an
// LLM verdict adds to one issue. Model and provider text is folded to one line, sanitised and cut, so a
// reply can neither carry escapes into a report nor flood it.
import { sanitizeLine } from '../../shared/sanitize.js';
import { SEVERITIES } from '../../shared/types.js';
import type { Issue, LlmReportMetadata, LlmStopReason, ReportMetadata } from '../types.js';

/** How much of the model's explanation a human-readable report shows under the snippet. */
export const EXPLANATION_MAX = 300;
const NAME_MAX = 80;
const FAILURE_MAX = 200;
/** Failure messages shown in full; the rest are counted. */
export const FAILURES_SHOWN = 3;

export interface LlmSummary {
  /** "static only" or "static + LLM (provider/model, calls, tokens[, cached])"; writers prefix "Analysis: ". */
  mode: string;
  /** Present when a provider call failed: the headline and up to FAILURES_SHOWN failure lines. */
  degraded?: { headline: string; failures: string[] };
  /** Which budget (or failure) stopped the review early, and how many files it left unreviewed. */
  stopped?: string;
  /** How many files stayed on this machine. */
  withheld?: string;
  /** What the review produced (only when the LLM was used). */
  activity?: string;
}

// Created on first use: setting up Intl costs start-up time, and most reports print no LLM line.
let numberFormat: Intl.NumberFormat | undefined;
const NUMBER = { format: (n: number): string => (numberFormat ??= new Intl.NumberFormat('en-US')).format(n) };

function count(n: number, one: string, many = `${one}s`): string {
  return `${NUMBER.format(n)} ${n === 1 ? one : many}`;
}

/**
 * `raw` as one sanitised line of at most `max` characters (… marks a cut). Only a bounded prefix is
 * examined, so a multi-megabyte reply costs no more than a short one.
 */
export function oneLine(raw: string, max: number): string {
  const head = raw.length > max * 4 ? raw.slice(0, max * 4) : raw;
  const chars = Array.from(sanitizeLine(head.replace(/\s+/g, ' ')).trim());
  if (chars.length <= max && head.length === raw.length) return chars.join('');
  return `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

function modeLine(m: ReportMetadata): string {
  // A requested review whose every call failed used nothing from the model: the analysis was static.
  if (m.scan_mode !== 'static+llm' || !m.llm_used) return m.llm_requested ? 'static only (LLM review was requested but not used)' : 'static only';
  const who = [m.llm_provider, m.llm_model].filter((s): s is string => typeof s === 'string' && s !== '').map((s) => oneLine(s, NAME_MAX)).join('/');
  const cached = m.llm?.cache_hits ? `, ${NUMBER.format(m.llm.cache_hits)} cached` : '';
  const tokens = `${NUMBER.format(m.llm_input_tokens ?? 0)} in / ${NUMBER.format(m.llm_output_tokens ?? 0)} out tokens`;
  return `static + LLM (${who || 'unknown model'}, ${count(m.llm_calls ?? 0, 'call')}, ${tokens}${cached})`;
}

/** "timeout on 1 of 3 calls" from the failures, grouped by kind in first-seen order. */
function failureCounts(llm: LlmReportMetadata, calls: number): string {
  const byKind = new Map<string, number>();
  for (const f of llm.failures) {
    const kind = oneLine(f.kind, 40) || 'failure';
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  }
  if (byKind.size === 0) return '';
  const parts = [...byKind].map(([kind, n]) => `${kind} on ${NUMBER.format(n)}`);
  return `${parts.join(', ')} of ${count(Math.max(calls, llm.failures.length), 'call')}: `;
}

function degraded(llm: LlmReportMetadata, calls: number): LlmSummary['degraded'] {
  const failures = llm.failures.slice(0, FAILURES_SHOWN).map((f) => oneLine(`${f.analyzer} ${f.kind}: ${f.message}`, FAILURE_MAX));
  const more = llm.failures.length - FAILURES_SHOWN;
  if (more > 0) failures.push(`and ${count(more, 'more failure')}`);
  return { headline: `LLM review degraded: ${failureCounts(llm, calls)}SAFE is not claimed`, failures };
}

const STOPPED_BY: Record<LlmStopReason, string> = {
  max_calls: 'stopped at the call limit (--max-llm-calls)',
  token_budget: 'stopped at the token budget (--llm-token-budget)',
  provider_failure: 'stopped after a provider failure',
};

/** The LLM part of a report header; only `mode` for a scan that did not request LLM review. */
export function llmSummary(m: ReportMetadata): LlmSummary {
  const summary: LlmSummary = { mode: modeLine(m) };
  const llm = m.llm;
  if (!m.llm_requested || llm === undefined) return summary;
  if (llm.degraded) summary.degraded = degraded(llm, m.llm_calls ?? 0);
  if (llm.stopped) {
    const why = STOPPED_BY[llm.stopped.reason] ?? 'stopped early';
    summary.stopped = `LLM review ${why}: ${count(llm.stopped.files_unreviewed, 'file')} not reviewed by the LLM`;
  }
  if (llm.files_withheld > 0) {
    summary.withheld = `${count(llm.files_withheld, 'file')} kept local by the privacy, size and exclusion rules (each listed as llm_withheld): not sent to the LLM`;
  }
  if (m.llm_used) summary.activity = activity(llm);
  return summary;
}

/** Files sent and semantic findings always; discarded quotes and the meta-review only when there were any. */
function activity(llm: LlmReportMetadata): string {
  const meta = llm.meta;
  const discarded = llm.quotes_discarded > 0 ? ` (${count(llm.quotes_discarded, 'unverified quote')} discarded)` : '';
  const review = meta.reviewed > 0
    ? `; ${count(meta.reviewed, 'static finding')} reviewed: ${NUMBER.format(meta.confirmed)} confirmed, ${NUMBER.format(meta.raised)} raised, ` +
      `${count(meta.false_positives, 'likely false positive')}, ${count(meta.refused_downgrades, 'downgrade')} refused`
    : '';
  return `LLM review: ${count(llm.files_sent, 'file')} sent, ${count(llm.semantic_findings, 'semantic finding')}${discarded}${review}`;
}

/** An issue the LLM raised itself (SSD/SDI/SQP/TP4), as opposed to a deterministic one it reviewed. */
export function isLlmIssue(issue: Issue): boolean {
  return issue.tags.includes('llm');
}

/** The model's explanation of an issue, one sanitised line of at most `max` characters, or null. */
export function llmExplanation(issue: Issue, max = EXPLANATION_MAX): string | null {
  const text = issue.evidence['llm_explanation'];
  if (typeof text !== 'string') return null;
  return oneLine(text, max) || null;
}

/** What the meta-review did to a deterministic issue, or null when it did not touch it. */
export function llmReviewNote(issue: Issue): string | null {
  if (issue.tags.includes('llm-false-positive')) return 'LLM judged this a likely false positive; severity kept';
  if (issue.tags.includes('llm-raised')) {
    const previous = issue.evidence['llm_previous_severity'];
    const known = SEVERITIES.find((s) => s === previous);
    return known ? `LLM raised the severity from ${known}` : 'LLM raised the severity';
  }
  if (issue.tags.includes('llm-confirmed')) return 'LLM confirmed this finding';
  return null;
}
