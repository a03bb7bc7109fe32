// Ledger exceptions, limitations and analyzer statuses as toolExecutionNotifications, with one descriptor per
// notification id. GitHub's ingestion wants `fullDescription` and `help` on every descriptor, so each says
// what the condition means for the verdict and what to do about it.
import type { Notification, PropertyBag, ReportingDescriptor } from 'sarif';
import type { AnalysisCompleteness } from '../../ledger/completeness.js';
import type { LedgerException } from '../../ledger/ledger.js';
import { FATAL_REASONS, REASON_MESSAGES, SCOPE_REASONS, UNREADABLE_REASONS } from '../../ledger/reasons.js';
import type { ReasonCode } from '../../ledger/reasons.js';
import { sanitizeLine } from '../../shared/sanitize.js';
import { memberSuffix } from './sarif-locations.js';
import type { ArtifactPlacer } from './sarif-locations.js';

/** The analyzers whose failure is an error notification: the LLM half of the scan did not happen. */
const LLM_ANALYZERS: ReadonlySet<string> = new Set(['llm-semantic', 'llm-meta']);

type ReasonClass = 'scope' | 'partial' | 'unreadable' | 'fatal';

/** What each class of ledger reason means and what to do; the section of docs/LEDGER_REASONS.md that lists it. */
const CLASS_TEXT: Record<ReasonClass, { meaning: string; help: string; anchor: string; level: 'note' | 'warning' | 'error' }> = {
  scope: {
    meaning: 'The path is out of scope by policy or by an --exclude pattern; it does not make the analysis incomplete.',
    help: 'Nothing to fix in the skill. If the path matters, scan it on its own or drop the exclusion.',
    anchor: 'scope-exclusions', level: 'note',
  },
  partial: {
    meaning: 'The content was inspected only in part, so the analysis is incomplete: no finding there proves nothing.',
    help: 'Review the named path by hand, or remove what blocked inspection (an oversized or deeply nested member, a limit). --fail-on-incomplete fails the build on an incomplete analysis.',
    anchor: 'partial-inspection', level: 'warning',
  },
  unreadable: {
    meaning: 'The content could not be read, so it was not inspected and the analysis is incomplete.',
    help: 'Review the named path by hand; a skill rarely needs content a scanner cannot read (encrypted, linked or corrupt members). --fail-on-incomplete fails the build on it.',
    anchor: 'unreadable-content', level: 'warning',
  },
  fatal: {
    meaning: 'The scan could not be carried out correctly (exit code 2), so its results cannot be relied on.',
    help: 'Fix the cause the message names and scan again; do not install on the strength of this scan.',
    anchor: 'fatal', level: 'error',
  },
};

/** Notifications that are not ledger reason codes. */
const EXTRA_TEXT: Record<string, { short: string; meaning: string; help: string; level: 'note' | 'warning' }> = {
  analysis_incomplete: {
    short: 'The analysis is incomplete: some content was not (fully) inspected.',
    meaning: 'At least one ledger exception or limitation left content uninspected, so the absence of results does not mean the skill is safe.',
    help: 'Read the other notifications for what was not inspected and why. --fail-on-incomplete fails the build on an incomplete analysis.',
    level: 'warning',
  },
  inspection_limitation: {
    short: 'A limitation of this scan that makes the analysis incomplete.',
    meaning: 'A check could not run in full (for example a live advisory lookup that failed, or a target without a SKILL.md manifest).',
    help: 'Read the message; re-run once the cause is gone, or review the affected part by hand.',
    level: 'warning',
  },
  analyzer_status: {
    short: 'An analyzer failed or ran degraded.',
    meaning: 'An analyzer did not cover the whole bundle. A failed LLM analyzer means the LLM half of the scan did not happen.',
    help: 'Re-run the scan (with --verbose for details); check the LLM provider settings when an LLM analyzer failed.',
    level: 'warning',
  },
  scope_exclusions: {
    short: 'Paths left out of analysis by policy or --exclude; they do not make the scan incomplete.',
    meaning: 'The JSON report lists every excluded path under analysis_completeness.scope_exclusions.',
    help: 'Nothing to fix in the skill. Drop an --exclude pattern to have its paths analysed.',
    level: 'note',
  },
};

function reasonClass(code: string): ReasonClass {
  if ((FATAL_REASONS as readonly string[]).includes(code)) return 'fatal';
  if ((UNREADABLE_REASONS as readonly string[]).includes(code)) return 'unreadable';
  if ((SCOPE_REASONS as readonly string[]).includes(code)) return 'scope';
  return 'partial';
}

function exceptionNotification(e: LedgerException, placer: ArtifactPlacer): Notification {
  const member = e.member !== undefined ? ` (member "${e.member}")` : '';
  const properties: PropertyBag = { reasonCode: e.reason_code, outcome: e.outcome, phase: e.phase, fatal: e.fatal };
  if (e.member !== undefined) properties['member'] = e.member;
  if (e.observed !== undefined) properties['observed'] = e.observed;
  if (e.limit !== undefined) properties['limit'] = e.limit;
  if (e.unit !== undefined) properties['unit'] = e.unit;
  if (e.analyzers) properties['analyzers'] = e.analyzers;
  const { location, placement } = placer.location(e.path, e.start_line, e.end_line);
  return {
    level: e.fatal ? 'error' : 'warning',
    message: { text: sanitizeLine(`${e.reason_code}: ${e.message}${member}${memberSuffix(placement, e.start_line)}`) },
    descriptor: { id: e.reason_code },
    locations: [location],
    properties,
  };
}

/** Leads the list so a viewer that shows only the first notification still sees the scan is incomplete. */
function incompleteNotification(ac: AnalysisCompleteness): Notification[] {
  if (ac.is_complete) return [];
  const text =
    `Analysis ${ac.status}: ${ac.ledger_exceptions.length} exception(s), ${ac.limitations.length} limitation(s), ` +
    `coverage ${ac.coverage_percent}% (${ac.partially_inspected_files} partially and ${ac.entirely_uninspected_files} not inspected ` +
    `of ${ac.total_components}). Absence of results does not mean the skill is safe.`;
  return [{ level: 'warning', message: { text }, descriptor: { id: 'analysis_incomplete' }, properties: { status: ac.status, isComplete: false } }];
}

function otherNotifications(ac: AnalysisCompleteness): Notification[] {
  const out: Notification[] = [];
  for (const l of ac.limitations) {
    out.push({ level: 'warning', message: { text: sanitizeLine(l) }, descriptor: { id: 'inspection_limitation' } });
  }
  for (const a of ac.analyzer_statuses.filter((s) => s.status === 'failed' || s.status === 'degraded')) {
    const text = sanitizeLine(`Analyzer ${a.analyzer_id} ${a.status}${a.message ? `: ${a.message}` : ''}`);
    const properties: PropertyBag = { analyzerId: a.analyzer_id, status: a.status };
    if (a.reason_code !== undefined) properties['reasonCode'] = a.reason_code;
    const level = a.status === 'failed' && LLM_ANALYZERS.has(a.analyzer_id) ? 'error' : 'warning';
    out.push({ level, message: { text }, descriptor: { id: 'analyzer_status' }, properties });
  }
  if (ac.scope_exclusions.length > 0) {
    const text = `${ac.scope_exclusions.length} path(s) left out of scope; they do not make the analysis incomplete.`;
    out.push({ level: 'note', message: { text }, descriptor: { id: 'scope_exclusions' }, properties: { count: ac.scope_exclusions.length } });
  }
  return out;
}

/** Every notification of the run: the incomplete summary first, then each exception at its path, then the rest. */
export function notificationsOf(ac: AnalysisCompleteness, placer: ArtifactPlacer): Notification[] {
  return [...incompleteNotification(ac), ...ac.ledger_exceptions.map((e) => exceptionNotification(e, placer)), ...otherNotifications(ac)];
}

function descriptorFor(id: string, docsUrl: string | undefined): ReportingDescriptor {
  const extra = EXTRA_TEXT[id];
  if (extra !== undefined) {
    return {
      id, shortDescription: { text: extra.short }, fullDescription: { text: `${extra.short} ${extra.meaning}` },
      help: { text: extra.help }, defaultConfiguration: { level: extra.level },
    };
  }
  const cls = CLASS_TEXT[reasonClass(id)];
  const short = REASON_MESSAGES[id as ReasonCode] ?? id;
  return {
    id, shortDescription: { text: short }, fullDescription: { text: `${short} ${cls.meaning}` }, help: { text: cls.help },
    ...(docsUrl !== undefined ? { helpUri: `${docsUrl}/docs/LEDGER_REASONS.md#${cls.anchor}` } : {}),
    defaultConfiguration: { level: cls.level },
  };
}

/** The driver's notification descriptors (sorted ids), and each notification's index into them. */
export function notificationDescriptors(notes: Notification[], docsUrl: string | undefined): ReportingDescriptor[] {
  const ids = [...new Set(notes.map((n) => n.descriptor?.id ?? ''))].filter(Boolean).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const index = new Map(ids.map((id, n) => [id, n]));
  for (const n of notes) if (n.descriptor?.id !== undefined) n.descriptor.index = index.get(n.descriptor.id) ?? 0;
  return ids.map((id) => descriptorFor(id, docsUrl));
}
