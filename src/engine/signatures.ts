// The signature stage (CONTRACT §12): YR1–YR4 and YR-CUSTOM. The bundled set (compiled once per process)
// and the user's `--rules-dir` set run on the raw bytes of every component: text files, binaries, the
// container files themselves and every member at every depth. Each match becomes an ordinary finding
// (placement and triage included) through FileAnalyzer, so it flows into the report, scoring and baselines
// like any other; a matcher bound that was hit becomes an `output_limit` ledger row, so the verdict cannot
// read better than the partial look it got.
import type { Finding } from '../analysis/finding.js';
import { FileAnalyzer } from '../analysis/runner.js';
import { placeholderView } from './placeholder-view.js';
import { releaseViews } from '../analysis/views.js';
import type { Ledger } from '../ledger/index.js';
import type { Limits } from '../limits/index.js';
import type { BundleView, FileView } from '../model/bundle.js';
import type { Rule, RuleHit, RuleMeta } from '../rules/types.js';
import type { Artifact } from '../shared/artifact.js';
import type { Severity } from '../shared/types.js';
import { bundledSignatureSet, classifySignature, lineLocator, SIGNATURE_LIMITS } from '../signatures/index.js';
import type { RuleMatch, ScanResult, SignatureSet } from '../signatures/index.js';
import type { AnalysisDeadline } from './analyze.js';

/** Evidence caps: a finding names at most this many strings, each with at most this many offsets. */
const EVIDENCE_STRINGS = 16;
const EVIDENCE_OFFSETS = 8;
/** Bytes of the matched region shown as the finding text (up to the end of its line). */
const EXCERPT_BYTES = 160;

export interface SignatureStageInput {
  rules: readonly Rule[];
  /** The compiled `--rules-dir` set (YR-CUSTOM), when the user gave one. */
  custom?: SignatureSet | undefined;
  /** Every component in bundle order, containers and members included; those without bytes are skipped. */
  components: readonly Artifact[];
  /** Text views by path (roles assigned), for placement and triage; other components get a placeholder. */
  views: ReadonlyMap<string, FileView>;
  bundle: BundleView;
  limits: Limits;
  ledger: Ledger;
  deadline: AnalysisDeadline;
  /** Paths whose content is out of scope for every analyzer (user exclusions, the baseline file). */
  skip: (path: string) => boolean;
  /**
   * A component's bytes when `artifact.bytes` may have been dropped for its text (src/engine/contents.ts);
   * called once per component, so a re-encoded copy lives only while that component is matched.
   */
  bytesOf?: (artifact: Artifact) => Buffer | undefined;
  /** Whether `bytesOf` gives bytes, without producing them. */
  hasBytes?: (artifact: Artifact) => boolean;
}

export interface SignatureStageResult {
  findings: Finding[];
  /** Components whose bytes went through the matcher. */
  scanned: number;
}

interface ActiveSet {
  set: SignatureSet;
  custom: boolean;
}

/** The sets to run: the bundled one when any of YR1–YR4 is active, the custom one when YR-CUSTOM is. */
function activeSets(metas: ReadonlyMap<string, RuleMeta>, custom: SignatureSet | undefined): ActiveSet[] {
  const sets: ActiveSet[] = [];
  if (['YR1', 'YR2', 'YR3', 'YR4'].some((id) => metas.has(id))) sets.push({ set: bundledSignatureSet(), custom: false });
  if (custom && metas.has('YR-CUSTOM')) sets.push({ set: custom, custom: true });
  return sets;
}

export function runSignatureStage(input: SignatureStageInput): SignatureStageResult {
  const metas = new Map(input.rules.filter((r) => r.kind === 'signature').map((r) => [r.meta.id, r.meta]));
  const sets = activeSets(metas, input.custom);
  const findings: Finding[] = [];
  if (sets.length === 0) return { findings, scanned: 0 };
  const hasBytes = input.hasBytes ?? ((a: Artifact): boolean => a.bytes !== undefined);
  const bytesOf = input.bytesOf ?? ((a: Artifact): Buffer | undefined => a.bytes);
  const todo = input.components.filter((a) => hasBytes(a) && !input.skip(a.path));
  let scanned = 0;
  let inventory: Map<string, BundleView['inventory'][number]> | undefined;
  const viewOf = (a: Artifact): FileView => {
    const view = input.views.get(a.path);
    if (view) return view;
    inventory ??= new Map(input.bundle.inventory.map((e) => [e.path, e]));
    return placeholderView(a.path, inventory.get(a.path), a.hidden);
  };
  for (const artifact of todo) {
    if (input.deadline.expired()) {
      recordDeadline(input, todo.slice(scanned));
      break;
    }
    const bytes = bytesOf(artifact) as Buffer;
    let analyzer: FileAnalyzer | undefined;
    for (const { set, custom } of sets) {
      const result = set.scan(bytes);
      if (result.limited) recordLimits(input.ledger, artifact.path, result, bytes.length, custom);
      if (result.matches.length === 0) continue;
      analyzer ??= new FileAnalyzer(viewOf(artifact), input.limits);
      // Lines mean something only in text; a binary, container or opaque member reports line 1.
      const lineOf = input.views.has(artifact.path) ? lineLocator(bytes) : (): number => 1;
      for (const match of result.matches) {
        const { id, severity, confidence } = classifySignature(match.meta, custom);
        const meta = metas.get(id);
        if (meta) analyzer.add(meta, hitOf(match, bytes, lineOf, severityOf(severity), confidence, custom), analyzer.rawView());
      }
    }
    if (analyzer) {
      if (analyzer.truncated) recordFindingCap(input.ledger, artifact.path, input.limits);
      for (const f of analyzer.findings) findings.push(f);
    }
    scanned += 1;
  }
  releaseViews();
  return { findings, scanned };
}

function severityOf(s: ReturnType<typeof classifySignature>['severity']): Severity {
  return s === 'INFO' ? 'LOW' : s;
}

function hitOf(match: RuleMatch, bytes: Buffer, lineOf: (offset: number) => number, severity: Severity, confidence: number, custom: boolean): RuleHit {
  const offset = match.firstOffset ?? 0;
  const line = match.firstOffset === null ? 1 : lineOf(offset);
  const lineStart = offset === 0 ? 0 : bytes.lastIndexOf(0x0a, offset - 1) + 1;
  return {
    line,
    matched: excerpt(bytes, offset),
    label: match.rule,
    severity,
    confidence,
    column: Math.max(0, offset - lineStart),
    evidence: {
      signature: match.rule,
      signature_file: match.file,
      ...(match.tags.length > 0 ? { signature_tags: [...match.tags] } : {}),
      ...(custom ? { custom: true } : {}),
      strings: match.strings.slice(0, EVIDENCE_STRINGS).map((s) => ({
        id: s.id, count: s.count, offsets: s.offsets.slice(0, EVIDENCE_OFFSETS), ...(s.capped ? { capped: true } : {}),
      })),
      ...(match.strings.length > EVIDENCE_STRINGS ? { strings_omitted: match.strings.length - EVIDENCE_STRINGS } : {}),
    },
  };
}

/**
 * The matched region as text, up to the end of its line or the first control byte (binary data around a
 * match is noise and would make the fingerprint depend on it); undecodable bytes show as '.'.
 */
function excerpt(bytes: Buffer, offset: number): string {
  const limit = Math.min(bytes.length, offset + EXCERPT_BYTES);
  let end = offset;
  while (end < limit) {
    const b = bytes[end] as number;
    if ((b < 0x20 && b !== 0x09) || b === 0x7f) break;
    end += 1;
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(offset, end)).replace(/\ufffd/g, '.').trim();
}

function recordLimits(ledger: Ledger, path: string, result: ScanResult, size: number, custom: boolean): void {
  const which = custom ? 'custom (--rules-dir)' : 'bundled';
  const { limits } = result;
  if (limits.truncatedInput) {
    ledger.exception({
      phase: 'analysis', reason: 'output_limit', path, observed: size, limit: SIGNATURE_LIMITS.maxScanBytes, unit: 'bytes', analyzers: ['signatures'],
      message: `Only the first ${SIGNATURE_LIMITS.maxScanBytes} of ${size} bytes were matched against the ${which} signatures.`,
    });
  }
  if (limits.verificationCap) {
    ledger.exception({
      phase: 'analysis', reason: 'output_limit', path, observed: SIGNATURE_LIMITS.maxVerifications + 1, limit: SIGNATURE_LIMITS.maxVerifications, unit: 'records', analyzers: ['signatures'],
      message: `Signature matching (${which}) stopped early: more candidate matches than the verification budget allows; later content was not judged.`,
    });
  }
  if (limits.cappedStrings.length > 0) {
    const shown = limits.cappedStrings.slice(0, 5).join(', ');
    ledger.exception({
      phase: 'analysis', reason: 'output_limit', path, observed: SIGNATURE_LIMITS.maxMatchesPerString + 1, limit: SIGNATURE_LIMITS.maxMatchesPerString, unit: 'records', analyzers: ['signatures'],
      message: `More than ${SIGNATURE_LIMITS.maxMatchesPerString} matches of ${limits.cappedStrings.length} ${which} signature string(s) (${shown}${limits.cappedStrings.length > 5 ? ', …' : ''}); later matches were not counted, so count conditions may be unjudged.`,
    });
  }
}

function recordFindingCap(ledger: Ledger, path: string, limits: Limits): void {
  ledger.exception({
    phase: 'analysis', reason: 'output_limit', path, observed: limits.maxFindingsPerFile + 1, limit: limits.maxFindingsPerFile, unit: 'records', analyzers: ['signatures'],
    message: `More than ${limits.maxFindingsPerFile} findings in one file; the rest were dropped.`,
  });
}

/**
 * The deadline passed: every analysable component left is partial, and the first unscanned one is named in
 * a runtime_limit row, unless an earlier stage already recorded the scan's deadline row (one per scan).
 */
function recordDeadline(input: SignatureStageInput, rest: readonly Artifact[]): void {
  const first = rest[0];
  if (!first) return;
  for (const a of rest) {
    if (input.ledger.getInventory(a.path)?.disposition !== 'out_of_scope') input.ledger.degrade(a.path, 'partial', 'runtime_limit');
  }
  if (input.ledger.exceptions.some((e) => e.reason_code === 'runtime_limit')) return;
  input.ledger.exception({
    phase: 'analysis', reason: 'runtime_limit', path: first.path, analyzers: ['signatures'],
    observed: Math.round(input.deadline.elapsedMs()) / 1000, limit: input.limits.scanDeadlineMs / 1000, unit: 'seconds',
    message: `The scan deadline passed during signature matching; this and ${rest.length - 1} later component(s) were not matched against signatures.`,
  });
}

