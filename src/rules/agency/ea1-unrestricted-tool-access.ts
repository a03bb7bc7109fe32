import type { Matcher } from '../kit/scan-helpers.js';
import { downgradeHit } from '../kit/scan-helpers.js';
import { instructionHits, quotedAt } from '../prompt-injection/addressee.js';
import { defineRule } from '../types.js';

const MATCHERS: readonly Matcher[] = [
  {
    // YAML/frontmatter wildcard: `tools: *`, `allowed-tools: ["*"]`.
    re: /^[ \t]*(?:allowed[-_]?tools|tools)[ \t]*:[ \t]*(?:\[[ \t]*)?["']?\*["']?[ \t]*\]?[ \t]*$/im,
    keywords: ['tools'],
    label: 'Wildcard tool grant',
    confidence: 0.8,
    kind: 'syntax',
  },
  {
    re: /\b(?:Bash|Shell|Exec)\(\s*\*\s*\)/,
    keywords: ['bash(', 'shell(', 'exec('],
    label: 'Wildcard shell permission',
    confidence: 0.75,
    kind: 'syntax',
  },
  {
    re: /\b(?:allow|grant|give|enable)(?:s|ed|ing)?\s+(?:it\s+|you\s+|the\s+agent\s+)?(?:access\s+to\s+)?(?:all|every|any)\s+(?:available\s+)?tools\b/i,
    keywords: ['tools'],
    label: 'Grant of all tools',
    confidence: 0.7,
  },
  {
    re: /\b(?:unrestricted|unlimited|unfettered)\s+(?:tool|shell|system|terminal|command[- ]line)\s+access\b/i,
    keywords: ['access'],
    label: 'Unrestricted tool access',
    confidence: 0.7,
  },
  {
    // "You have full shell access" usually describes the agent's environment (a terminal agent has a
    // shell); reported, not counted.
    re: /\b(?:full|complete)\s+(?:tool|shell|system|terminal|command[- ]line)\s+access\b/i,
    keywords: ['access'],
    label: 'Full tool access',
    confidence: 0.5,
    severity: 'LOW',
  },
  {
    // What an attacker gets ("the crafted response can … execute arbitrary shell commands") is the harm a
    // security page describes, not a grant to the agent.
      // (The look-behind follows the match, so it runs only where the phrase matched.)
      re: /\b(?:execute|run)\s+(?:any\s+|arbitrary\s+)(?:shell\s+|system\s+|terminal\s+)?commands?\b(?<!\b(?:attackers?|adversar(?:y|ies)|malicious|crafted|payloads?|exploits?|injections?|vulnerabilit(?:y|ies)|intruders?|hackers?)\b[^.!?\n]{0,80}(?:execute|run)\s+(?:any\s+|arbitrary\s+)(?:shell\s+|system\s+|terminal\s+)?commands?)/i,
    keywords: ['execute', 'run'],
    label: 'Arbitrary command execution',
    confidence: 0.6,
  },
];

export const ea1 = defineRule({
  kind: 'custom',
  meta: {
    id: 'EA1',
    category: 'Excessive Agency',
    severity: 'MEDIUM',
    confidence: 0.7,
    // A grant is real where it takes effect (SKILL.md, its frontmatter, settings, scripts); a reference page
    // that says an API "can run arbitrary commands" grants nothing, so reference docs are one level lower.
    calibration: 'behaviour',
    title: 'Unrestricted Tool Access',
    description:
      'A skill that asks for every tool (`tools: *`, `Bash(*)`), "unrestricted tool access" or the power to "execute arbitrary commands". A skill should need a few named tools; a wildcard grant turns any injected instruction into full control of the host. A wildcard written as inline code in prose (SKILL.md or a reference page explaining why `Bash(*)` is dangerous) names the setting rather than granting it, and is lowered like a quoted example; in frontmatter, fenced configuration and settings files it is the grant. "Full shell access" is reported LOW: it usually describes a terminal agent\'s environment.',
    remediation:
      'List only the tools the skill needs (for example `allowed-tools: Read, Grep`) and scope shell access to specific commands.',
  },
  check(ctx) {
    return instructionHits(ctx, MATCHERS, { severity: 'MEDIUM', confidence: 0.7 }, undefined, (j, c) =>
      c.matcher.kind === 'syntax' && (j.place === 'instructions' || j.place === 'doc-prose') && quotedAt(c.lineText, c.column)
        ? downgradeHit(ctx.file, j.index, j.hit, 'quoted-example', { severity: 'MEDIUM', confidence: c.matcher.confidence })
        : j.hit,
    );
  },
});
