import { defineRule } from '../types.js';

export const ar3 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'AR3',
    category: 'Anti-Refusal',
    severity: 'HIGH',
    confidence: 0.85,
    title: 'Unrestricted Persona',
    description:
      'Jailbreak personas and policy overrides: "you have no restrictions", "act as an unfiltered AI", "ignore your guidelines", "DAN / do anything now", "freed from your programming". These tell the model its safety policy no longer applies.',
    remediation: 'Remove the persona text. A skill may give the agent a role, but never one defined by the absence of rules.',
  },
  patterns: [
    {
      re: /\byou\s+(?:now\s+)?(?:have|are\s+under|operate\s+(?:with|under))\s+(?:absolutely\s+)?no\s+(?:restrictions|limits|limitations|rules|guidelines|filters|boundaries|constraints|censorship|content\s+polic(?:y|ies))\b/i,
      keywords: ['no'],
      label: '"You have no restrictions"',
      confidence: 0.85,
    },
    {
      re: /\b(?:act|behave|respond|answer)\s+(?:as|like)\s+(?:an?\s+)?(?:unfiltered|uncensored|unrestricted|unaligned|amoral|jailbroken|unbound)\b/i,
      keywords: ['unfiltered', 'uncensored', 'unrestricted', 'unaligned', 'amoral', 'jailbroken', 'unbound'],
      label: 'Act as an unfiltered model',
      confidence: 0.9,
    },
    {
      re: /\b(?:you\s+are|become|pretend\s+(?:to\s+be|you\s+are)|roleplay\s+as)\s+(?:now\s+)?(?:an?\s+)?(?:unfiltered|uncensored|unrestricted|unaligned|amoral|jailbroken)\s+(?:ai|model|assistant|chatbot|version|llm|entity)\b/i,
      keywords: ['unfiltered', 'uncensored', 'unrestricted', 'unaligned', 'amoral', 'jailbroken'],
      label: 'Unfiltered persona',
      confidence: 0.9,
    },
    {
      re: /\b(?:ignore|disregard|bypass|override|forget)\s+(?:all\s+(?:of\s+)?|any\s+(?:of\s+)?)?(?:your|(?:the\s+)?(?:openai|anthropic|google|meta)(?:'s)?|(?:the\s+)?(?:content|safety|usage|ethical)\s+)\s*(?:own\s+)?(?:content\s+|safety\s+|usage\s+)?(?:guidelines|polic(?:y|ies)|rules|restrictions|filters|programming|training|alignment|principles)\b/i,
      keywords: ['ignore', 'disregard', 'bypass', 'override', 'forget'],
      label: 'Ignore your guidelines',
      confidence: 0.85,
    },
    {
      re: /\bdo\s+anything\s+now\b|\b(?:god|jailbreak|unrestricted)\s+mode\s+(?:enabled|activated|on)\b/i,
      keywords: ['anything now', 'mode'],
      label: 'DAN / jailbreak mode',
      confidence: 0.9,
    },
    {
      // Case-sensitive: "Dan" the name is not the DAN persona.
      re: /\bDAN\b[^\n]{0,80}?\b(?:mode|jailbreak|persona|prompt)\b|\b(?:you\s+are|act\s+as)\s+DAN\b/,
      keywords: ['dan'],
      label: 'DAN / jailbreak mode',
      confidence: 0.9,
    },
    {
      re: /\b(?:free(?:d)?|liberated|released|unshackled)\s+from\s+(?:all\s+|any\s+)?(?:of\s+)?(?:your\s+)?(?:restrictions|constraints|guidelines|rules|filters|programming|training|censorship|alignment)\b|\bno\s+longer\s+bound\s+by\b/i,
      keywords: ['free', 'liberated', 'released', 'unshackled', 'bound'],
      label: 'Freed from restrictions',
      confidence: 0.8,
    },
  ],
});
