// Test support for the Python extractor: parse a snippet and extract its facts, and a stand-in for the
// AST/TT rule mapping (docs: the behaviour model) so the case table can be checked against the facts
// before the real rules exist.
import { codeTreeOf } from '../code-tree.js';
import type { BehaviourFacts, CallFact, SourceKind } from '../facts.js';
import { loadParsers, withTree } from '../parser.js';
import type { ParseBudget } from '../parser.js';
import { extractPython } from './extract.js';

const BUDGET: ParseBudget = { maxBytes: 8 * 1024 * 1024, timeMs: 60_000, maxErrorRatio: 1 };

export async function pyFacts(code: string): Promise<BehaviourFacts> {
  await loadParsers(['python']);
  const res = withTree('python', code, BUDGET, (tree) => extractPython(codeTreeOf(tree, code).rootNode, 'python'));
  if (!res.ok) throw new Error(res.message);
  return res.value;
}

export type Sev = 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';
export const SEVERITY_RANK: Record<Sev, number> = { LOW: 1, MEDIUM: 2, HIGH: 3, CRITICAL: 4 };

export interface Finding {
  rule: string;
  line: number;
  severity: Sev;
}

const CODE_OPS = new Set(['exec', 'eval', 'compile', 'system']);
const has = (c: CallFact, kinds: SourceKind[]): boolean => c.taints.some((t) => kinds.includes(t.kind));

function astFindings(facts: BehaviourFacts): Finding[] {
  const out: Finding[] = [];
  const simple: Record<string, [string, Sev]> = { exec: ['AST1', 'HIGH'], eval: ['AST2', 'HIGH'], dynamic_import: ['AST3', 'MEDIUM'], compile: ['AST6', 'MEDIUM'] };
  for (const c of facts.calls) {
    // AST8 takes code execution of downloaded or decoded data; AST1/2/5/6 report the rest.
    if (CODE_OPS.has(c.op) && has(c, ['network_input', 'decoded', 'dynamic_import'])) {
      out.push({ rule: 'AST8', line: c.line, severity: 'CRITICAL' });
      continue;
    }
    const s = simple[c.op];
    if (s) out.push({ rule: s[0], line: c.line, severity: s[1] });
    if (c.op === 'process') out.push({ rule: 'AST4', line: c.line, severity: c.constantArgs ? 'LOW' : 'MEDIUM' });
    if (c.op === 'system') out.push({ rule: 'AST5', line: c.line, severity: c.constantArgs ? 'MEDIUM' : 'HIGH' });
    if (c.op === 'deserialize' && c.unsafe !== false) out.push({ rule: 'AST10', line: c.line, severity: 'MEDIUM' });
  }
  for (const r of facts.reflective) {
    if (r.name === null) out.push({ rule: 'AST7', line: r.line, severity: 'LOW' });
    if (r.dangerous) out.push({ rule: 'AST9', line: r.line, severity: 'HIGH' });
  }
  return out;
}

/** The most specific TT finding for one sink call, or null. */
function ttFinding(c: CallFact, skill: string): Finding | null {
  const kinds = c.taints.filter((t) => t.kind !== 'decoded' && t.kind !== 'dynamic_import');
  const call: CallFact = { ...c, taints: kinds };
  const documented = c.host !== undefined && skill.toLowerCase().includes(c.host);
  if (c.op === 'network' && has(call, ['env', 'credential_file'])) {
    const severity: Sev = c.authHeaderOnly ? (documented ? 'LOW' : 'MEDIUM') : 'CRITICAL';
    return { rule: 'TT3', line: c.line, severity };
  }
  if (c.op === 'network' && has(call, ['file_read'])) return { rule: 'TT4', line: c.line, severity: documented ? 'LOW' : 'HIGH' };
  if ((CODE_OPS.has(c.op) && has(call, ['network_input', 'user_input', 'conversation'])) || (c.op === 'process' && has(call, ['network_input']))) {
    return { rule: 'TT5', line: c.line, severity: 'CRITICAL' };
  }
  if (c.op === 'deserialize' && has(call, ['network_input', 'user_input', 'file_read', 'conversation'])) return { rule: 'TT6', line: c.line, severity: 'HIGH' };
  const flows =
    (['exec', 'eval', 'system', 'compile'].includes(c.op) && has(call, ['env', 'credential_file', 'file_read'])) ||
    (c.op === 'sql' && has(call, ['user_input', 'conversation', 'network_input', 'file_read'])) ||
    c.op === 'persistence_write' ||
    (c.op === 'network' && has(call, ['conversation']));
  if (!flows) return null;
  // Decoded text written to a start-up file is a flow of its own (nothing executes it here for AST8 to take).
  const judged = c.op === 'persistence_write' ? c.taints : kinds;
  const direct = judged.length === 0 || judged.some((t) => !t.viaVariable);
  return direct ? { rule: 'TT1', line: c.line, severity: 'HIGH' } : { rule: 'TT2', line: c.line, severity: 'MEDIUM' };
}

/** Every finding the rules would report for these facts (an approximation of src/rules/behaviour). */
export function findings(facts: BehaviourFacts, skill = ''): Finding[] {
  const out = astFindings(facts);
  for (const c of facts.calls) {
    const f = ttFinding(c, skill);
    if (f) out.push(f);
  }
  for (const p of facts.patterns) {
    out.push(p.kind === 'reverse_shell' ? { rule: 'TT5', line: p.line, severity: 'CRITICAL' } : { rule: 'TT1', line: p.line, severity: 'HIGH' });
  }
  return out;
}
