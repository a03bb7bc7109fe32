// SARIF 2.1.0 for code scanning (CONTRACT §6). Built by hand from the ScanReport alone: rule descriptors
// come from `report.rules`, never the registry. The types come from @types/sarif and tests validate every
// log against the official schema.
import { createHash } from 'node:crypto';
import type {
  Invocation, Location as SarifLocation, Log, Notification, PropertyBag, ReportingDescriptor, Result, Run,
} from 'sarif';
import type { AnalysisCompleteness } from '../../ledger/completeness.js';
import type { LedgerException } from '../../ledger/ledger.js';
import { FATAL_REASONS, REASON_MESSAGES } from '../../ledger/reasons.js';
import type { ReasonCode } from '../../ledger/reasons.js';
import { sanitizeLine, sanitizeText, stringifyJsonSafe } from '../../shared/sanitize.js';
import { severityRank } from '../../shared/types.js';
import type { Severity } from '../../shared/types.js';
import { compareRuleIds } from '../issues.js';
import type { Issue, LlmReportMetadata, Location, RuleDescriptor, ScanReport } from '../types.js';
import { encodeVirtualPath } from '../view.js';
import { isLlmIssue, llmExplanation } from './llm-summary.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
export const FINGERPRINT_KEY = 'skillspector/v1';
const SRCROOT = 'SRCROOT';
/** How much of the model's explanation a result message carries (the evidence keeps all of it). */
const MESSAGE_EXPLANATION_MAX = 1000;
/** The analyzers whose failure is an error notification: the LLM half of the scan did not happen. */
const LLM_ANALYZERS: ReadonlySet<string> = new Set(['llm-semantic', 'llm-meta']);
/** Meta-review tags on a deterministic result, as its `llmReview` property. */
const LLM_REVIEW = new Map([['llm-confirmed', 'confirmed'], ['llm-raised', 'raised'], ['llm-false-positive', 'false-positive']]);

const LEVEL: Record<Severity, Result.level> = { CRITICAL: 'error', HIGH: 'error', MEDIUM: 'warning', LOW: 'note' };
// GitHub code scanning reads `security-severity` as a numeric string and bands it itself.
const SECURITY_SEVERITY: Record<Severity, string> = { CRITICAL: '9.5', HIGH: '7.5', MEDIUM: '5.0', LOW: '2.0' };

/** Notifications that are not ledger reason codes, with the sentence their descriptor carries. */
const EXTRA_NOTIFICATIONS: Record<string, string> = {
  analysis_incomplete: 'The analysis is incomplete: some content was not (fully) inspected.',
  inspection_limitation: 'A limitation of this scan that makes the analysis incomplete.',
  analyzer_status: 'An analyzer failed or ran degraded.',
  scope_exclusions: 'Paths left out of analysis by policy or --exclude; they do not make the scan incomplete.',
};

function precision(confidence: number): string {
  return confidence >= 0.9 ? 'very-high' : confidence >= 0.75 ? 'high' : confidence >= 0.5 ? 'medium' : 'low';
}

export { compareRuleIds };

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function pascal(title: string): string {
  return title.replace(/[^A-Za-z0-9]+/g, ' ').trim().split(' ').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

function descriptor(id: string, meta: Omit<RuleDescriptor, 'id'>): ReportingDescriptor {
  const remediation = sanitizeText(meta.remediation);
  return {
    id,
    name: pascal(meta.title) || id,
    shortDescription: { text: sanitizeLine(meta.title) },
    fullDescription: { text: sanitizeText(meta.description) },
    help: {
      text: remediation,
      markdown: `**Remediation:** ${remediation}\n\nCategory: ${meta.category} · default severity: ${meta.severity}`,
    },
    defaultConfiguration: { level: LEVEL[meta.severity] },
    properties: {
      category: meta.category,
      tags: ['security', meta.category],
      'security-severity': SECURITY_SEVERITY[meta.severity],
      precision: precision(meta.confidence),
    },
  };
}

/** A descriptor for a result whose rule the report does not describe (an older or hand-built report; keeps ruleIndex valid). */
function descriptorFromIssue(issue: Issue): ReportingDescriptor {
  return descriptor(issue.id, {
    category: issue.category, severity: issue.severity, confidence: issue.confidence,
    title: issue.pattern || issue.id, description: issue.explanation || issue.pattern, remediation: issue.remediation || 'Review the finding.',
  });
}

function buildRules(rules: readonly RuleDescriptor[], issues: readonly Issue[]): { descriptors: ReportingDescriptor[]; index: Map<string, number> } {
  const byId = new Map<string, ReportingDescriptor>();
  for (const r of rules) if (!byId.has(r.id)) byId.set(r.id, descriptor(r.id, r));
  for (const i of issues) if (!byId.has(i.id)) byId.set(i.id, descriptorFromIssue(i));
  const descriptors = [...byId.values()].sort((a, b) => compareRuleIds(a.id, b.id));
  return { descriptors, index: new Map(descriptors.map((d, n) => [d.id, n])) };
}

function physical(path: string, startLine?: number, endLine?: number): SarifLocation {
  const loc: SarifLocation = { physicalLocation: { artifactLocation: { uri: encodeVirtualPath(path), uriBaseId: SRCROOT } } };
  // The schema requires lines ≥ 1; a whole-artifact finding (line 0) gets no region.
  if (startLine !== undefined && startLine >= 1 && loc.physicalLocation) {
    loc.physicalLocation.region = { startLine, endLine: Math.max(startLine, endLine ?? startLine) };
  }
  return loc;
}

/**
 * Line-independent identity of one occurrence: rule, content fingerprint, path, and the ordinal among
 * identical matches in that file, so two equal matches in one file stay two alerts across edits.
 */
function partialFingerprint(issue: Issue, file: string, ordinal: number): string {
  return createHash('sha256').update(`${issue.id}\u001f${issue.match_fingerprint}\u001f${file}\u001f${ordinal}`).digest('hex');
}

interface Occurrence {
  issue: Issue;
  loc: Location;
  ordinal: number;
  suppressed: boolean;
}

function occurrencesOf(issue: Issue, suppressed: boolean): Occurrence[] {
  const locs = (issue.occurrences.length > 0 ? [...issue.occurrences] : [issue.location]).sort(
    (a, b) => cmp(a.file, b.file) || a.start_line - b.start_line || a.end_line - b.end_line,
  );
  const seen = new Map<string, number>();
  return locs.map((loc) => {
    const ordinal = seen.get(loc.file) ?? 0;
    seen.set(loc.file, ordinal + 1);
    return { issue, loc, ordinal, suppressed };
  });
}

function compareOccurrences(a: Occurrence, b: Occurrence): number {
  return (
    Number(a.suppressed) - Number(b.suppressed) ||
    severityRank(b.issue.severity) - severityRank(a.issue.severity) ||
    cmp(a.loc.file, b.loc.file) ||
    a.loc.start_line - b.loc.start_line ||
    a.loc.end_line - b.loc.end_line ||
    compareRuleIds(a.issue.id, b.issue.id) ||
    cmp(a.issue.finding_id, b.issue.finding_id)
  );
}

/** The result message: pattern and match, then what the LLM said (its explanation, or its false-positive judgement). */
function messageText(issue: Issue): string {
  const base = sanitizeLine(issue.pattern ? `${issue.pattern}: ${issue.finding}` : issue.finding) || issue.id;
  if (isLlmIssue(issue)) {
    const explanation = llmExplanation(issue, MESSAGE_EXPLANATION_MAX);
    return explanation ? `${base} (LLM: ${explanation})` : base;
  }
  return issue.tags.includes('llm-false-positive') ? `${base} (LLM judged this a likely false positive; severity kept)` : base;
}

function toResult(o: Occurrence, index: Map<string, number>): Result {
  const { issue, loc } = o;
  const properties: PropertyBag = {
    finding_id: issue.finding_id, severity: issue.severity, confidence: issue.confidence, category: issue.category,
    tags: ['security', ...issue.tags],
  };
  if (isLlmIssue(issue)) properties['source'] = 'llm';
  const review = issue.tags.map((t) => LLM_REVIEW.get(t)).find((r) => r !== undefined);
  if (review !== undefined) properties['llmReview'] = review;
  if (Object.keys(issue.evidence).length > 0) properties['evidence'] = issue.evidence;
  const ruleIndex = index.get(issue.id);
  const result: Result = {
    ruleId: issue.id,
    ...(ruleIndex !== undefined ? { ruleIndex } : {}),
    level: LEVEL[issue.severity],
    message: { text: messageText(issue) },
    locations: [physical(loc.file, loc.start_line, loc.end_line)],
    partialFingerprints: { [FINGERPRINT_KEY]: partialFingerprint(issue, loc.file, o.ordinal) },
    properties,
  };
  if (o.suppressed) {
    result.suppressions = [{ kind: 'external', status: 'accepted', justification: sanitizeLine(issue.suppression_reason ?? 'suppressed by baseline') }];
  }
  return result;
}

function results(report: ScanReport, index: Map<string, number>): Result[] {
  const all = [
    ...report.issues.flatMap((i) => occurrencesOf(i, false)),
    ...report.suppressed.flatMap((i) => occurrencesOf(i, true)),
  ];
  return all.sort(compareOccurrences).map((o) => toResult(o, index));
}

function exceptionNotification(e: LedgerException): Notification {
  const member = e.member !== undefined ? ` (member "${e.member}")` : '';
  const properties: PropertyBag = { reasonCode: e.reason_code, outcome: e.outcome, phase: e.phase, fatal: e.fatal };
  if (e.member !== undefined) properties['member'] = e.member;
  if (e.observed !== undefined) properties['observed'] = e.observed;
  if (e.limit !== undefined) properties['limit'] = e.limit;
  if (e.unit !== undefined) properties['unit'] = e.unit;
  if (e.analyzers) properties['analyzers'] = e.analyzers;
  return {
    level: e.fatal ? 'error' : 'warning',
    message: { text: sanitizeLine(`${e.reason_code}: ${e.message}${member}`) },
    descriptor: { id: e.reason_code },
    locations: [physical(e.path, e.start_line, e.end_line)],
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

/** Gives each notification's descriptor an index into driver.notifications (built from the ids used). */
function notificationDescriptors(notes: Notification[]): ReportingDescriptor[] {
  const ids = [...new Set(notes.map((n) => n.descriptor?.id ?? ''))].filter(Boolean).sort(cmp);
  const index = new Map(ids.map((id, n) => [id, n]));
  for (const n of notes) if (n.descriptor?.id !== undefined) n.descriptor.index = index.get(n.descriptor.id) ?? 0;
  return ids.map((id) => {
    const text = REASON_MESSAGES[id as ReasonCode] ?? EXTRA_NOTIFICATIONS[id] ?? id;
    const fatal = (FATAL_REASONS as readonly string[]).includes(id);
    return { id, shortDescription: { text }, defaultConfiguration: { level: fatal ? 'error' : id === 'scope_exclusions' ? 'note' : 'warning' } };
  });
}

function completenessProperties(ac: AnalysisCompleteness): PropertyBag {
  return {
    status: ac.status,
    isComplete: ac.is_complete,
    executionSuccessful: ac.execution_successful,
    coveragePercent: ac.coverage_percent,
    totalComponents: ac.total_components,
    fullyInspectedFiles: ac.fully_inspected_files,
    partiallyInspectedFiles: ac.partially_inspected_files,
    entirelyUninspectedFiles: ac.entirely_uninspected_files,
    ledgerExceptionCount: ac.ledger_exceptions.length,
    fatalExceptionCount: ac.ledger_exceptions.filter((e) => e.fatal).length,
    scopeExclusionCount: ac.scope_exclusions.length,
    limitationCount: ac.limitations.length,
  };
}

function invocation(report: ScanReport, notes: Notification[]): Invocation {
  const inv: Invocation = {
    executionSuccessful: report.execution_successful,
    properties: { analysisCompleteness: completenessProperties(report.analysis_completeness) },
    toolExecutionNotifications: notes,
  };
  if (!Number.isNaN(Date.parse(report.skill.scanned_at))) inv.startTimeUtc = report.skill.scanned_at;
  return inv;
}

/** The metadata.llm block in the run's camelCase, with provider and model text sanitised. */
function llmProperties(llm: LlmReportMetadata): PropertyBag {
  const { meta, stopped } = llm;
  return {
    filesSent: llm.files_sent, filesWithheld: llm.files_withheld, cacheHits: llm.cache_hits,
    semanticFindings: llm.semantic_findings, quotesDiscarded: llm.quotes_discarded,
    meta: {
      reviewed: meta.reviewed, confirmed: meta.confirmed, raised: meta.raised, falsePositives: meta.false_positives, refusedDowngrades: meta.refused_downgrades,
    },
    stopped: stopped ? { reason: stopped.reason, filesUnreviewed: stopped.files_unreviewed } : null,
    degraded: llm.degraded,
    failures: llm.failures.map((f) => ({ analyzer: f.analyzer, kind: sanitizeLine(f.kind), message: sanitizeText(f.message) })),
  };
}

function runProperties(report: ScanReport): PropertyBag {
  const ra = report.risk_assessment;
  const m = report.metadata;
  const properties: PropertyBag = {
    riskAssessment: { score: ra.score, severity: ra.severity, recommendation: ra.recommendation, maxIssueSeverity: ra.max_issue_severity },
    skill: { name: report.skill.name, source: report.skill.source },
    scanMode: m.scan_mode,
    llmRequested: m.llm_requested,
    llmUsed: m.llm_used,
    llmProvider: typeof m.llm_provider === 'string' ? sanitizeLine(m.llm_provider) : null,
    llmModel: typeof m.llm_model === 'string' ? sanitizeLine(m.llm_model) : null,
    llmCalls: m.llm_calls ?? 0,
    llmInputTokens: m.llm_input_tokens ?? 0,
    llmOutputTokens: m.llm_output_tokens ?? 0,
    suppressedCount: report.suppressed_count,
  };
  if (m.llm_requested && m.llm !== undefined) properties['llm'] = llmProperties(m.llm);
  return properties;
}

export function writeSarif(report: ScanReport, informationUri?: string): string {
  const { descriptors, index } = buildRules(report.rules ?? [], [...report.issues, ...report.suppressed]);
  const ac = report.analysis_completeness;
  const notes = [...incompleteNotification(ac), ...ac.ledger_exceptions.map(exceptionNotification), ...otherNotifications(ac)];
  const run: Run = {
    tool: {
      driver: {
        name: 'skillspector',
        version: report.tool.version,
        semanticVersion: report.tool.version,
        ...(informationUri ? { informationUri } : {}),
        rules: descriptors,
        notifications: notificationDescriptors(notes),
      },
    },
    originalUriBaseIds: { [SRCROOT]: { description: { text: 'Root of the scanned skill bundle; result URIs are bundle-relative virtual paths.' } } },
    invocations: [invocation(report, notes)],
    results: results(report, index),
    properties: runProperties(report),
  };
  const log: Log = { $schema: SARIF_SCHEMA, version: '2.1.0', runs: [run] };
  // Escaped controls keep the file safe to print; the parsed log is unchanged.
  return `${stringifyJsonSafe(log, 2)}\n`;
}
