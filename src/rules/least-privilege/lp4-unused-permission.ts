import { defineRule } from '../types.js';
import type { RuleHit } from '../types.js';
import { declarationLine, leastPrivilege } from './analysis.js';
import { isWildcard, permissionCategories } from './capabilities.js';

export const lp4 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'LP4',
    category: 'Least Privilege',
    severity: 'LOW',
    confidence: 0.65,
    title: 'Declared Permission Without Matching Capability',
    description:
      'A `permissions` entry (shell, network, file read/write, environment, MCP) that no executable component of the skill appears to use. Unused grants widen what a later update can do without asking, a common set-up for a rug pull. `allowed-tools` entries are not checked: those tools are used by the agent itself, not by the scripts.',
    remediation: 'Remove permissions the skill does not need; request them in the version that starts using them.',
    noTriage: true,
  },
  check(bundle, files) {
    const lp = leastPrivilege(bundle, files);
    if (!lp) return [];
    const hits: (RuleHit & { file: string })[] = [];
    for (const perm of lp.permissions.slice(0, 256)) {
      if (isWildcard(perm)) continue;
      const cats = permissionCategories(perm);
      if (cats.length === 0 || cats.some((c) => lp.detected.has(c))) continue;
      hits.push({
        file: lp.src.path,
        line: declarationLine(lp, perm),
        matched: perm,
        label: `Permission "${perm}" is declared but unused`,
        evidence: { permission: perm, categories: cats },
      });
    }
    return hits;
  },
});
