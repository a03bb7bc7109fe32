import { defineRule } from '../types.js';
import { MODEL_OUTPUT } from './model-output.js';

export const oh2 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'OH2',
    category: 'Output Handling',
    severity: 'MEDIUM',
    confidence: 0.6,
    title: 'Output Relayed into Another Agent or System Prompt',
    description:
      'Model or tool output is forwarded, unfiltered, into another agent\'s prompt, a system message or the instruction context. An injection in the first output then becomes a trusted instruction for the next model, spreading across agents.',
    remediation:
      'Pass outputs to other agents as clearly delimited data, never as system or instruction text, and validate or summarise them first.',
  },
  patterns: [
    {
      re: new RegExp(`["']?role["']?\\s*[:=]\\s*["']system["']\\s*,\\s*["']?content["']?\\s*[:=]\\s*[^\\n}]{0,120}?${MODEL_OUTPUT}`, 'i'),
      keywords: ['system'],
      label: 'Model output placed in a system message',
      confidence: 0.7,
    },
    {
      re: new RegExp(`\\b(?:system_?prompt|system_?message|systemPrompt|systemMessage|instructions)\\s*(?:\\+=|=(?!=))\\s*[^\\n;]{0,120}?${MODEL_OUTPUT}`, 'i'),
      keywords: ['system', 'instructions'],
      label: 'Model output assigned to a system prompt',
      confidence: 0.65,
    },
    {
      re: /\b(?:pass|send|feed|forward|relay|inject|insert|append|prepend|copy|paste)\s+(?:the\s+|this\s+|its\s+|their\s+)?(?:raw\s+|unfiltered\s+|unvalidated\s+|full\s+|complete\s+)?(?:model'?s?\s+|llm'?s?\s+|agent'?s?\s+|assistant'?s?\s+|tool'?s?\s+|subagent'?s?\s+)?(?:output|response|reply|result)s?\s+(?:directly\s+|verbatim\s+|unmodified\s+|as[- ]is\s+)?(?:in)?to\s+(?:the\s+|another\s+|other\s+|a\s+|each\s+|every\s+|the\s+next\s+)?(?:(?:agent|subagent|model|llm)'?s?\s+)?(?:system\s+prompt|system\s+message|instructions?|other\s+agents?|agents?|subagents?)\b/i,
      keywords: ['output', 'response', 'reply', 'result'],
      label: 'Output relayed to another agent or system prompt',
    },
    {
      re: /\buse\s+(?:the\s+|its\s+|their\s+)?(?:model'?s?\s+|llm'?s?\s+|agent'?s?\s+|tool\s+)?(?:output|response|reply|result)\s+as\s+(?:the\s+|your\s+|a\s+)?(?:new\s+)?(?:system\s+prompt|system\s+message|instructions)\b/i,
      keywords: ['use'],
      label: 'Output used as new instructions',
      confidence: 0.7,
    },
  ],
});
