// SARIF 2.1.0 for code scanning (CONTRACT §6). Built by hand from the ScanReport and SarifOptions: rule
// descriptors come from `report.rules`, never the registry. The types come from @types/sarif and tests
// validate every log against the official schema and GitHub's ingestion rules.
import { createHash } from 'node:crypto';
import type { Invocation, Log, Notification, PropertyBag, ReportingDescriptor, Result, Run } from 'sarif';
import type { AnalysisCompleteness } from '../../ledger/completeness.js';
import { sanitizeLine, sanitizeText, stringifyJsonSafe } from '../../shared/sanitize.js';
import { severityRank } from '../../shared/types.js';
import type { Severity } from '../../shared/types.js';
import { compareRuleIds } from '../issues.js';
import type { Issue, LlmReportMetadata, Location, RuleDescriptor, ScanReport } from '../types.js';
import { ruleAnchor } from '../view.js';
import { isLlmIssue, llmExplanation } from './llm-summary.js';
import { memberSuffix, placerFor, uriBaseIds } from './sarif-locations.js';
import type { ArtifactPlacer } from './sarif-locations.js';
import { notificationDescriptors, notificationsOf } from './sarif-notifications.js';
import type { SarifOptions } from './sarif-options.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
export const FINGERPRINT_KEY = 'skillspector/v1';
/** How much of the model's explanation a result message carries (the evidence keeps all of it). */
const MESSAGE_EXPLANATION_MAX = 1000;
/** Meta-review tags on a deterministic result, as its `llmReview` property. */
const LLM_REVIEW = new Map([['llm-confirmed', 'confirmed'], ['llm-raised', 'raised'], ['llm-false-positive', 'false-positive']]);

const LEVEL: Record<Severity, Result.level> = { CRITICAL: 'error', HIGH: 'error', MEDIUM: 'warning', LOW: 'note' };
/**
 * GitHub code scanning reads `security-severity` as a numeric string and bands it: over 9.0 critical,
 * 7.0–8.9 high, 4.0–6.9 medium, below 4.0 low. Each value sits inside its band, clear of the edges.
 */
export const SECURITY_SEVERITY: Record<Severity, string> = { CRITICAL: '9.5', HIGH: '8.0', MEDIUM: '5.5', LOW: '3.0' };

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

/** The rule's section of docs/RULES.md: a link when the docs URL is known, else the path inside the package. */
function ruleDoc(id: string, docsUrl: string | undefined): { helpUri?: string; markdown: string } {
  const path = `docs/RULES.md#${ruleAnchor(id)}`;
  if (docsUrl === undefined) return { markdown: `Documentation: \`${path}\` in the SkillSpector package.` };
  const helpUri = `${docsUrl}/${path}`;
  return { helpUri, markdown: `Documentation: [${path}](<${helpUri}>)` };
}

/**
 * `observed` is the highest severity among this run's active results of the rule: GitHub shows the rule's
 * security-severity on the alert, so it follows what the scan found (after triage) rather than the default.
 */
function descriptor(id: string, meta: Omit<RuleDescriptor, 'id'>, observed: Severity | undefined, docsUrl: string | undefined): ReportingDescriptor {
  const remediation = sanitizeText(meta.remediation);
  const doc = ruleDoc(id, docsUrl);
  return {
    id,
    name: pascal(meta.title) || id,
    shortDescription: { text: sanitizeLine(meta.title) },
    fullDescription: { text: sanitizeText(meta.description) },
    ...(doc.helpUri !== undefined ? { helpUri: doc.helpUri } : {}),
    help: {
      text: remediation,
      markdown: `**Remediation:** ${remediation}\n\nCategory: ${meta.category} · default severity: ${meta.severity}\n\n${doc.markdown}`,
    },
    defaultConfiguration: { level: LEVEL[meta.severity] },
    properties: {
      category: meta.category,
      tags: ['security', meta.category],
      'security-severity': SECURITY_SEVERITY[observed ?? meta.severity],
      precision: precision(meta.confidence),
    },
  };
}

/** A rule the report does not describe (an older or hand-built report), described from its issue; keeps ruleIndex valid. */
function metaFromIssue(issue: Issue): Omit<RuleDescriptor, 'id'> {
  return {
    category: issue.category, severity: issue.severity, confidence: issue.confidence,
    title: issue.pattern || issue.id, description: issue.explanation || issue.pattern, remediation: issue.remediation || 'Review the finding.',
  };
}

function highestActiveSeverity(issues: readonly Issue[]): Map<string, Severity> {
  const out = new Map<string, Severity>();
  for (const i of issues) {
    const seen = out.get(i.id);
    if (seen === undefined || severityRank(i.severity) > severityRank(seen)) out.set(i.id, i.severity);
  }
  return out;
}

function buildRules(report: ScanReport, docsUrl: string | undefined): { descriptors: ReportingDescriptor[]; index: Map<string, number> } {
  const observed = highestActiveSeverity(report.issues);
  const metas = new Map<string, Omit<RuleDescriptor, 'id'>>();
  for (const r of report.rules ?? []) if (!metas.has(r.id)) metas.set(r.id, r);
  for (const i of [...report.issues, ...report.suppressed]) if (!metas.has(i.id)) metas.set(i.id, metaFromIssue(i));
  const descriptors = [...metas.entries()].map(([id, meta]) => descriptor(id, meta, observed.get(id), docsUrl)).sort((a, b) => compareRuleIds(a.id, b.id));
  return { descriptors, index: new Map(descriptors.map((d, n) => [d.id, n])) };
}

/**
 * Line-independent identity of one occurrence: rule, content fingerprint, virtual path, and the ordinal
 * among identical matches in that file, so two equal matches in one file stay two alerts across edits.
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

function toResult(o: Occurrence, index: Map<string, number>, placer: ArtifactPlacer): Result {
  const { issue, loc } = o;
  const { location, placement } = placer.location(loc.file, loc.start_line, loc.end_line);
  const properties: PropertyBag = {
    finding_id: issue.finding_id, severity: issue.severity, 'security-severity': SECURITY_SEVERITY[issue.severity],
    confidence: issue.confidence, category: issue.category, tags: ['security', ...issue.tags],
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
    message: { text: `${messageText(issue)}${sanitizeLine(memberSuffix(placement, loc.start_line))}` },
    locations: [location],
    partialFingerprints: { [FINGERPRINT_KEY]: partialFingerprint(issue, loc.file, o.ordinal) },
    properties,
  };
  if (o.suppressed) {
    result.suppressions = [{ kind: 'external', status: 'accepted', justification: sanitizeLine(issue.suppression_reason ?? 'suppressed by baseline') }];
  }
  return result;
}

function results(report: ScanReport, index: Map<string, number>, placer: ArtifactPlacer): Result[] {
  const all = [
    ...report.issues.flatMap((i) => occurrencesOf(i, false)),
    ...report.suppressed.flatMap((i) => occurrencesOf(i, true)),
  ];
  return all.sort(compareOccurrences).map((o) => toResult(o, index, placer));
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

/** `targetPath`: where the target sits under SRCROOT (the repository-relative path of the skill in a checkout). */
function runProperties(report: ScanReport, targetPath: string): PropertyBag {
  const ra = report.risk_assessment;
  const m = report.metadata;
  const properties: PropertyBag = {
    riskAssessment: { score: ra.score, severity: ra.severity, recommendation: ra.recommendation, maxIssueSeverity: ra.max_issue_severity },
    skill: { name: report.skill.name, source: report.skill.source, targetPath },
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

export function writeSarif(report: ScanReport, options: SarifOptions = {}): string {
  const { descriptors, index } = buildRules(report, options.docsUrl);
  const placer = placerFor(report, options.root);
  const notes = notificationsOf(report.analysis_completeness, placer);
  const run: Run = {
    tool: {
      driver: {
        name: 'skillspector',
        version: report.tool.version,
        semanticVersion: report.tool.version,
        ...(options.docsUrl !== undefined ? { informationUri: `${options.docsUrl}/README.md` } : {}),
        rules: descriptors,
        notifications: notificationDescriptors(notes, options.docsUrl),
      },
    },
    originalUriBaseIds: uriBaseIds(options.root),
    invocations: [invocation(report, notes)],
    results: results(report, index, placer),
    properties: runProperties(report, placer.targetPath),
  };
  const log: Log = { $schema: SARIF_SCHEMA, version: '2.1.0', runs: [run] };
  // Escaped controls keep the file safe to print; the parsed log is unchanged.
  return `${stringifyJsonSafe(log, 2)}\n`;
}
