import { defineRule } from '../types.js';

export const ea2 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'EA2',
    category: 'Excessive Agency',
    severity: 'MEDIUM',
    confidence: 0.65,
    title: 'Actions Without Human Confirmation',
    description:
      'Instructions or flags that make the agent act without asking: "without asking for confirmation", auto-approve/auto-execute, skipping permission prompts, `--dangerously-skip-permissions`. Confirmation is the user\'s last check on destructive or irreversible actions.',
    remediation:
      'Keep the agent\'s confirmation step for actions with side effects; if a step must be automatic, limit it to read-only or clearly reversible operations.',
  },
  patterns: [
    {
      re: /--dangerously-skip-permissions\b|\bbypassPermissions\b/,
      keywords: ['dangerously-skip-permissions', 'bypasspermissions'],
      label: 'Agent permission prompts disabled',
      confidence: 0.8,
    },
    {
      re: /\bwithout\s+(?:first\s+)?(?:asking|requesting|seeking|waiting\s+for|prompting(?:\s+the\s+user)?\s+for|getting)\s+(?:for\s+)?(?:the\s+)?(?:user'?s?\s+|human\s+|explicit\s+)?(?:permission|confirmation|approval|consent)\b/i,
      keywords: ['without'],
      label: 'Acts without asking',
    },
    {
      re: /\bwithout\s+(?:any\s+)?(?:user|human|manual)\s+(?:confirmation|approval|review|consent|intervention)\b/i,
      keywords: ['without'],
      label: 'Acts without human review',
      confidence: 0.6,
    },
    {
      re: /\b(?:do\s+not|don'?t|never)\s+(?:ask|wait)\s+(?:the\s+user\s+)?(?:for\s+)?(?:permission|confirmation|approval|consent)\b/i,
      keywords: ['ask', 'wait'],
      label: 'Told not to ask for confirmation',
      confidence: 0.75,
    },
    {
      re: /\bskip(?:s|ping)?\s+(?:all\s+|any\s+|the\s+)?(?:user\s+)?(?:confirmation|approval|permission)\s*(?:prompts?|steps?|checks?|dialogs?|requests?)?\b/i,
      keywords: ['skip'],
      label: 'Skips confirmation',
    },
    {
      re: /(?:--?|\b)auto[-_ ]?(?:approve|execute|confirm|accept|run)\b/i,
      keywords: ['auto'],
      label: 'Automatic approval or execution',
      confidence: 0.55,
    },
  ],
});
