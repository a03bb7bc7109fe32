import { defineRule } from '../types.js';
import type { Capability } from './capabilities.js';
import { detectedCapabilities, hasDeclarations, leastPrivilege, type LeastPrivilege } from './analysis.js';

/**
 * What makes a missing declaration matter: writes outside the skill (home directory, shell start-up files,
 * system paths), a persistence or tampering capability nobody expects from an undeclared helper. Reading
 * the environment and using the network is recorded but does not raise severity: it is the ordinary shape
 * of an API client (an API key from the environment, requests to that API), and what is read and where it
 * goes is judged by E1/E2/PE3 and their corroboration.
 */
function sensitive(lp: LeastPrivilege, caps: readonly Capability[]): { raise: string[]; note: string[] } {
  const raise: string[] = [];
  const note: string[] = [];
  if (lp.outsideWrites.length > 0) raise.push('writes outside the skill');
  if (caps.includes('network') && caps.includes('env')) note.push('reads the environment and uses the network');
  return { raise, note };
}

export const lp3 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'LP3',
    category: 'Least Privilege',
    severity: 'MEDIUM',
    confidence: 0.7,
    title: 'No Declared Scope for Capable Code',
    description:
      'The skill ships executable code that runs commands, uses the network, touches files, reads the environment or talks to MCP servers, but its manifest declares neither `permissions` nor `allowed-tools`. Both fields are optional in Claude Code and the Agent Skills format (`allowed-tools` only pre-approves tools; without it the agent still asks before each tool use), and most published skills that ship scripts declare neither, so the gap alone is reported LOW (0.6): it hides intent but grants nothing. It is MEDIUM (0.7) when the undeclared code writes outside the skill (home directory, shell start-up files, system paths), a persistence or tampering capability. Reading the environment and using the network is listed in the evidence but stays LOW: it is the ordinary shape of an API client (a key from the environment, calls to that API), and what is read and where it is sent is judged by E1/E2/PE3.',
    remediation: 'Add `allowed-tools` (Claude Code / Agent Skills) or a `permissions` list to SKILL.md naming the capabilities the code needs.',
    noTriage: true,
  },
  check(bundle, files) {
    const lp = leastPrivilege(bundle, files);
    if (!lp || hasDeclarations(lp)) return [];
    const caps = detectedCapabilities(lp);
    if (caps.length === 0) return [];
    const name = lp.src.field('name');
    const where = caps.map((c) => lp.detected.get(c)?.code[0] ?? lp.detected.get(c)?.tests[0]).filter((d) => d !== undefined);
    const { raise, note } = sensitive(lp, caps);
    return [{
      file: lp.src.path,
      line: name?.line ?? 1,
      matched: caps.join(', '),
      label: `No permissions declared; code uses ${caps.join(', ')}${raise.length > 0 ? ` (${raise.join(', ')})` : ''}`,
      severity: raise.length > 0 ? 'MEDIUM' : 'LOW',
      confidence: raise.length > 0 ? 0.7 : 0.6,
      evidence: {
        capabilities: caps,
        examples: where.slice(0, 10).map((d) => `${d.file}:${d.line}`),
        ...(raise.length + note.length > 0 ? { sensitive: [...raise, ...note] } : {}),
        ...(lp.outsideWrites.length > 0 ? { outside_writes: lp.outsideWrites.slice(0, 10).map((d) => `${d.file}:${d.line}`) } : {}),
      },
    }];
  },
});
