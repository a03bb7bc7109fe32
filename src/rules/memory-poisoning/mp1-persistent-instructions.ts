import { defineRule } from '../types.js';

export const mp1 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'MP1',
    category: 'Memory Poisoning',
    severity: 'MEDIUM',
    confidence: 0.7,
    title: 'Persistent Instruction Planting',
    description:
      'Text that tries to outlive the current task: "remember this for all future sessions", "from now on always …", "treat this as a permanent rule", or appending instructions to the agent\'s global memory files (~/.claude/CLAUDE.md, AGENTS.md). Planted rules keep steering the agent after the skill is gone.',
    remediation:
      'Keep a skill\'s instructions scoped to its own invocation; never write to the agent\'s long-term memory or global instruction files.',
  },
  patterns: [
    {
      re: /\bremember\s+(?:this|these|that|the\s+following)(?:\s+(?:instructions?|rules?|facts?|preferences?))?\s+(?:for|in|across|during)\s+(?:all\s+|every\s+|any\s+)?(?:future|subsequent|later|upcoming)\s+(?:sessions|conversations|chats|interactions|requests|tasks)\b/i,
      keywords: ['remember'],
      label: 'Remember for future sessions',
      confidence: 0.8,
    },
    {
      re: /\bfrom\s+now\s+on,?\s+(?:and\s+forever,?\s+)?(?:you\s+)?(?:must\s+|will\s+|should\s+)?(?:always|never)\b/i,
      keywords: ['from now on'],
      label: '"From now on, always/never"',
      confidence: 0.55,
    },
    {
      re: /\b(?:treat|consider|store|save|keep|record)\s+(?:this|these|it|the\s+following|that)(?:\s+(?:instructions?|rules?))?\s+as\s+(?:a\s+|an\s+)?(?:permanent|persistent|standing|global|core|lasting|overriding)\s+(?:rules?|instructions?|directives?|memor(?:y|ies)|facts?|polic(?:y|ies)|preferences?)\b/i,
      keywords: ['permanent', 'persistent', 'standing', 'global', 'core', 'lasting', 'overriding'],
      label: 'Treat as permanent rule',
      confidence: 0.8,
    },
    {
      re: /\b(?:save|write|store|add|persist|commit)\s+(?:this|these|the\s+following)(?:\s+(?:instructions?|rules?|directives?))?\s+(?:to|in|into)\s+(?:your\s+)?(?:long[- ]term\s+|persistent\s+|permanent\s+)memory\b/i,
      keywords: ['memory'],
      label: 'Write instructions to long-term memory',
      confidence: 0.75,
    },
    {
      re: /(?:>>?|\btee\s+(?:-a\s+)?)\s*["']?(?:~|\$HOME|\$\{HOME\})\/(?:\.claude\/CLAUDE\.md|\.codex\/AGENTS\.md|\.gemini\/GEMINI\.md|\.cursor\/rules\b|\.windsurf\/rules\b|\.claude\/memory\b)/i,
      keywords: ['claude.md', 'agents.md', 'gemini.md', 'rules', 'memory'],
      label: 'Append to global agent memory file',
      confidence: 0.75,
    },
  ],
});
