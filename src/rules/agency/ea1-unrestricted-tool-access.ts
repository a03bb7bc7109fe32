import { defineRule } from '../types.js';

export const ea1 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'EA1',
    category: 'Excessive Agency',
    severity: 'MEDIUM',
    confidence: 0.7,
    title: 'Unrestricted Tool Access',
    description:
      'A skill that asks for every tool (`tools: *`, `Bash(*)`), "unrestricted tool access" or the power to "execute arbitrary commands". A skill should need a few named tools; a wildcard grant turns any injected instruction into full control of the host.',
    remediation:
      'List only the tools the skill needs (for example `allowed-tools: Read, Grep`) and scope shell access to specific commands.',
  },
  patterns: [
    {
      // YAML/frontmatter wildcard: `tools: *`, `allowed-tools: ["*"]`.
      re: /^[ \t]*(?:allowed[-_]?tools|tools)[ \t]*:[ \t]*(?:\[[ \t]*)?["']?\*["']?[ \t]*\]?[ \t]*$/im,
      keywords: ['tools'],
      label: 'Wildcard tool grant',
      confidence: 0.8,
    },
    {
      re: /\b(?:Bash|Shell|Exec)\(\s*\*\s*\)/,
      keywords: ['bash(', 'shell(', 'exec('],
      label: 'Wildcard shell permission',
      confidence: 0.75,
    },
    {
      re: /\b(?:allow|grant|give|enable)(?:s|ed|ing)?\s+(?:it\s+|you\s+|the\s+agent\s+)?(?:access\s+to\s+)?(?:all|every|any)\s+(?:available\s+)?tools\b/i,
      keywords: ['tools'],
      label: 'Grant of all tools',
    },
    {
      re: /\b(?:unrestricted|unlimited|unfettered|full|complete)\s+(?:tool|shell|system|terminal|command[- ]line)\s+access\b/i,
      keywords: ['access'],
      label: 'Unrestricted tool access',
    },
    {
      re: /\b(?:execute|run)\s+(?:any\s+|arbitrary\s+)(?:shell\s+|system\s+|terminal\s+)?commands?\b/i,
      keywords: ['execute', 'run'],
      label: 'Arbitrary command execution',
      confidence: 0.6,
    },
  ],
});
