// The calibration model (docs/ACCURACY.md): a finding's severity and confidence are a function of
// rule × place × corroboration. Rules report what they matched at their own default severity; this
// module re-places it once, in one table, and raises pairs of independent signals in one file.
import type { CalibrationClass, Place } from '../model/place.js';
import type { RuleCategory, RuleMeta } from '../rules/types.js';
import type { Severity } from '../shared/types.js';
import type { Finding } from './finding.js';

const INSTRUCTION_CATEGORIES: ReadonlySet<RuleCategory> = new Set<RuleCategory>([
  'Prompt Injection', 'System Prompt Leakage', 'Excessive Agency', 'Memory Poisoning', 'Anti-Refusal', 'Trigger Abuse',
]);
const ARTIFACT_CATEGORIES: ReadonlySet<RuleCategory> = new Set<RuleCategory>(['Analysis Evasion', 'Tool Poisoning', 'Least Privilege']);

/** A rule's calibration class: declared in its metadata, else from its category. */
export function classOf(meta: RuleMeta): CalibrationClass {
  if (meta.calibration) return meta.calibration;
  if (INSTRUCTION_CATEGORIES.has(meta.category)) return 'instruction';
  if (ARTIFACT_CATEGORIES.has(meta.category)) return 'artifact';
  return 'behaviour';
}

/**
 * Severity shift by class and place: 0 keeps the rule's severity, -1 lowers it one level, null means the
 * rule does not apply there at all. Fixtures and licences are handled by triage (their role lowers every
 * finding to LOW with a reason), so they keep 0 here.
 */
export const PLACE_SHIFT: Record<Exclude<CalibrationClass, 'artifact'>, Record<Place, number | null>> = {
  instruction: {
    'instructions': 0, 'frontmatter': 0, 'manifest-code': 0, 'doc-prose': 0, 'doc-code': -1,
    'code': -1, 'config': -1, 'fixture': 0, 'license': 0, 'signature': null, 'lockfile': null,
  },
  behaviour: {
    'instructions': 0, 'frontmatter': 0, 'manifest-code': 0, 'doc-prose': -1, 'doc-code': -1,
    'code': 0, 'config': 0, 'fixture': 0, 'license': 0, 'signature': null, 'lockfile': null,
  },
};

/** One severity level down (LOW stays LOW). */
export const LOWER: Readonly<Record<Severity, Severity>> = { CRITICAL: 'HIGH', HIGH: 'MEDIUM', MEDIUM: 'LOW', LOW: 'LOW' };

export interface Placed {
  severity: Severity;
  confidence: number;
  tags: string[];
}

/** The finding re-placed, or null when the rule does not apply at this place (signatures, lockfiles). */
export function place(meta: RuleMeta, where: Place, severity: Severity, confidence: number): Placed | null {
  const cls = classOf(meta);
  if (cls === 'artifact') return { severity, confidence, tags: [] };
  const shift = PLACE_SHIFT[cls][where];
  if (shift === null) return null;
  if (shift === 0 || severity === 'LOW') return { severity, confidence, tags: [] };
  return { severity: LOWER[severity], confidence, tags: [`place:${where}`] };
}

/** Pairs of independent signals that, together in one file, mean the worse reading is the right one. */
export interface Corroboration {
  name: string;
  /** Each side is a set of rule ids; a pair needs an active, untriaged MEDIUM+ finding on both sides. */
  sides: readonly [ReadonlySet<string>, ReadonlySet<string>];
  /** Only in these file roles (undefined: any file). */
  roles?: ReadonlySet<string>;
}

const SECRET_SOURCES = new Set(['PE3', 'E2', 'AS1', 'AS2', 'E3']);
const SENDS = new Set(['E1', 'E5']);
const AGENT_INSTRUCTIONS = new Set(['P1', 'P3', 'P4', 'P8', 'E4', 'OH1', 'MP1', 'MP2', 'MP3']);

export const CORROBORATIONS: readonly Corroboration[] = [
  // A credential, environment or sensitive-file read, and a send to the network or cloud storage.
  { name: 'credential-send', sides: [SECRET_SOURCES, SENDS] },
  // An instruction to the agent, and an exfiltration target, in the text the agent follows.
  { name: 'instruction-exfiltration', sides: [AGENT_INSTRUCTIONS, SENDS], roles: new Set(['manifest', 'directed-doc']) },
  // Configuration that forwards transcripts or tool output, and the channel it forwards them to.
  { name: 'config-forwarding', sides: [new Set(['E4']), SENDS], roles: new Set(['config']) },
  // Obfuscated content, and its execution.
  { name: 'obfuscated-execution', sides: [new Set(['SC3']), new Set(['SC2', 'TM1', 'TM2'])] },
];

/**
 * The same pairs across one flow: what SKILL.md (or a document it tells the agent to follow) says, and what
 * the code it tells the agent to run does. "Send the user's messages" in SKILL.md and an upload in the
 * script it runs are one exfiltration, even though no single file holds both halves.
 */
export const FLOW_CORROBORATIONS: readonly Corroboration[] = [
  { name: 'instruction-exfiltration', sides: [AGENT_INSTRUCTIONS, SENDS] },
  { name: 'credential-send', sides: [SECRET_SOURCES, SENDS] },
];

/** Confidence a corroborated finding carries at least: two independent signals agree. */
export const CORROBORATED_CONFIDENCE = 0.85;

function active(f: Finding): boolean {
  return f.severity !== 'LOW' && !f.tags.includes('contextual-triage');
}

function raise(c: Corroboration, left: readonly Finding[], right: readonly Finding[]): void {
  if (left.length === 0 || right.length === 0) return;
  // One finding on both sides (a rule in both sets) is one signal, not two.
  if (left.length === 1 && right.length === 1 && left[0] === right[0]) return;
  for (const f of new Set([...left, ...right])) {
    if (f.severity !== 'HIGH') continue;
    f.severity = 'CRITICAL';
    f.confidence = Math.max(f.confidence, CORROBORATED_CONFIDENCE);
    f.tags.push(`corroborated:${c.name}`);
    f.evidence = { ...f.evidence, corroborated_by: [...new Set([...left, ...right].filter((g) => g !== f).map((g) => g.rule.id))].sort() };
  }
}

/**
 * Raises the HIGH findings of every corroborated pair in one file's findings to CRITICAL (tagged
 * `corroborated:<name>`), in place. Lowered or triaged findings never corroborate.
 */
export function corroborate(role: string, findings: Finding[]): void {
  for (const c of CORROBORATIONS) {
    if (c.roles && !c.roles.has(role)) continue;
    const [a, b] = c.sides;
    raise(c, findings.filter((f) => active(f) && a.has(f.rule.id)), findings.filter((f) => active(f) && b.has(f.rule.id)));
  }
}

/**
 * Pairs across the flow from the instructions to the code they run: one side in SKILL.md or a directed
 * document, the other in a run target. `roleOf` maps a finding's file to its role.
 */
export function corroborateFlow(findings: Finding[], roleOf: (path: string) => string | undefined): void {
  const said = findings.filter((f) => active(f) && ['manifest', 'directed-doc'].includes(roleOf(f.file) ?? ''));
  const ran = findings.filter((f) => active(f) && roleOf(f.file) === 'run-target');
  for (const c of FLOW_CORROBORATIONS) {
    const [a, b] = c.sides;
    raise(c, said.filter((f) => a.has(f.rule.id)), ran.filter((f) => b.has(f.rule.id)));
    raise(c, ran.filter((f) => a.has(f.rule.id)), said.filter((f) => b.has(f.rule.id)));
  }
}
