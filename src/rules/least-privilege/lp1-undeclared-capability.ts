import { defineRule } from '../types.js';
import type { RuleHit } from '../types.js';
import { detectedCapabilities, hasDeclarations, leastPrivilege } from './analysis.js';

export const lp1 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'LP1',
    category: 'Least Privilege',
    severity: 'HIGH',
    confidence: 0.75,
    title: 'Capability Not Covered by Declared Permissions',
    description:
      'The skill declares its scope (`permissions` or `allowed-tools`), but its executable code uses a capability that declaration does not cover: running commands, network access, reading or writing files, environment variables or MCP clients. Code that quietly exceeds the declared scope is how a skill that looks read-only ends up posting data. `allowed-tools` is read in every form skills write it (YAML list, comma- or space-separated string, scoped `Bash(cmd *)` entries, MCP tool names). A shell entry that can run the skill\'s scripts (an unrestricted `Bash`, or a scope that runs an interpreter, package runner or script path such as `Bash(node *)` or `Bash(python3:*)`) covers what any local process can do: commands, files, environment and network. A shell entry scoped to another command (`Bash(git:*)`) covers running that command only (plus the network for networking commands such as curl, git or gh); MCP clients need an MCP entry. Reported at 0.55 confidence when the capability appears only in test files.',
    remediation: 'Declare the capability (add it to `permissions`, or the matching tool to `allowed-tools`) if the skill needs it, or remove the code that uses it.',
    noTriage: true,
  },
  check(bundle, files) {
    const lp = leastPrivilege(bundle, files);
    if (!lp || !hasDeclarations(lp) || lp.wildcards.length > 0) return [];
    const hits: (RuleHit & { file: string })[] = [];
    for (const cap of detectedCapabilities(lp)) {
      if (lp.declared.has(cap)) continue;
      const slot = lp.detected.get(cap);
      const where = slot?.code[0] ?? slot?.tests[0];
      if (!slot || !where) continue;
      const testOnly = slot.code.length === 0;
      const all = [...slot.code, ...slot.tests];
      hits.push({
        file: where.file,
        line: where.line,
        matched: where.matched,
        label: `Undeclared ${cap} capability`,
        confidence: testOnly ? 0.55 : 0.75,
        tags: [`capability:${cap}`, ...(testOnly ? ['test-only'] : [])],
        evidence: {
          capability: cap,
          files: all.slice(0, 10).map((d) => `${d.file}:${d.line}`),
          declared: [...lp.declared].sort(),
          permissions: lp.permissions.slice(0, 32),
          allowedTools: lp.allowedTools.slice(0, 32),
        },
      });
    }
    return hits;
  },
});
