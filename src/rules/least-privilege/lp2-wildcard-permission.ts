import { defineRule } from '../types.js';
import { declarationLine, leastPrivilege } from './analysis.js';

export const lp2 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'LP2',
    category: 'Least Privilege',
    severity: 'MEDIUM',
    confidence: 0.9,
    title: 'Wildcard Permission',
    description:
      'A `permissions` or `allowed-tools` entry of `*`, `all`, `full` or `any` grants everything, so the declaration no longer bounds what the skill\'s code may do (and LP1 has nothing to compare against).',
    remediation: 'Replace the wildcard with the specific permissions or tools the skill needs.',
    noTriage: true,
  },
  check(bundle, files) {
    const lp = leastPrivilege(bundle, files);
    if (!lp) return [];
    return lp.wildcards.slice(0, 16).map((entry) => ({
      file: lp.src.path,
      line: declarationLine(lp, entry),
      matched: entry,
      label: `Wildcard permission "${entry}"`,
      evidence: { entry },
    }));
  },
});
