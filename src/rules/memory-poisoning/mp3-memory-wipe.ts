import { defineRule } from '../types.js';

export const mp3 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'MP3',
    category: 'Memory Poisoning',
    severity: 'HIGH',
    confidence: 0.8,
    title: 'Memory Wipe or Identity Rewrite',
    description:
      'Instructions that erase the agent\'s memory or prior instructions, or replace its identity: "wipe your memory", "forget all previous instructions", "rewrite your personality", "you are no longer an assistant". Resetting what the agent knows about its rules is the first step of most takeovers.',
    remediation: 'Remove the text. A skill has no reason to clear the agent\'s memory or redefine who it is.',
  },
  patterns: [
    {
      re: /\b(?:clear|erase|wipe|delete|reset|purge|overwrite|flush)\s+(?:all\s+(?:of\s+)?)?your\s+(?:(?:previous|prior|existing|current|stored|long[- ]term|saved)\s+)?(?:memory|memories|instructions|rules|guidelines|training|conversation\s+history|chat\s+history)\b/i,
      keywords: ['your'],
      label: 'Wipe the agent\'s memory',
      confidence: 0.85,
    },
    {
      re: /\bforget\s+(?:all\s+(?:of\s+)?|everything\s+(?:about\s+)?|any\s+)?(?:your\s+|the\s+)?(?:previous|prior|earlier|original|existing|past)\s+(?:instructions|rules|guidelines|training|context|conversations?|directives|memor(?:y|ies))\b/i,
      keywords: ['forget'],
      label: 'Forget previous instructions',
      confidence: 0.85,
    },
    {
      re: /\bforget\s+everything\s+(?:you\s+(?:know|were\s+told|have\s+been\s+told|learned)|above|before\s+this|that\s+came\s+before)\b/i,
      keywords: ['forget'],
      label: 'Forget everything',
      confidence: 0.8,
    },
    {
      re: /\b(?:rewrite|replace|change|overwrite|reprogram|redefine|alter)\s+your\s+(?:(?:core|base|original|entire)\s+)?(?:personality|identity|persona|values|directives|core\s+instructions|programming|character)\b/i,
      keywords: ['your'],
      label: 'Rewrite the agent\'s identity',
      confidence: 0.8,
    },
    {
      re: /\byou\s+are\s+no\s+longer\s+(?:an?\s+|the\s+)?(?:ai\b|helpful\b|claude\b|chatgpt\b|gpt\b|assistant\b|bound\b|restricted\b|an?\s+assistant\b)/i,
      keywords: ['no longer'],
      label: '"You are no longer an assistant"',
      confidence: 0.85,
    },
    {
      re: /\byour\s+(?:new|true|real)\s+(?:identity|personality|persona|purpose|directive)\s+is\b/i,
      keywords: ['your'],
      label: 'New identity assignment',
      confidence: 0.7,
    },
  ],
});
