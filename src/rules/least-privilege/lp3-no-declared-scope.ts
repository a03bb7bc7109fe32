import { defineRule } from '../types.js';
import { detectedCapabilities, hasDeclarations, leastPrivilege } from './analysis.js';

export const lp3 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'LP3',
    category: 'Least Privilege',
    severity: 'MEDIUM',
    confidence: 0.7,
    title: 'No Declared Scope for Capable Code',
    description:
      'The skill ships executable code that runs commands, uses the network, touches files, reads the environment or talks to MCP servers, but its manifest declares neither `permissions` nor `allowed-tools`. Without a declaration nobody can tell what the skill is meant to do, and the agent grants it whatever it asks for.',
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
    return [{
      file: lp.src.path,
      line: name?.line ?? 1,
      matched: caps.join(', '),
      label: `No permissions declared; code uses ${caps.join(', ')}`,
      evidence: { capabilities: caps, examples: where.slice(0, 10).map((d) => `${d.file}:${d.line}`) },
    }];
  },
});
