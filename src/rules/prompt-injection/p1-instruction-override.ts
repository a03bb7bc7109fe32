import { defineRule } from '../types.js';

// What an override targets: the agent's standing instructions, not a document's "previous steps".
const TARGET = String.raw`(?:instructions?|prompts?|rules|directives|directions|guidelines|guidance|context|messages?|commands|orders|constraints|programming|guardrails)`;
const EARLIER = String.raw`(?:previous|prior|above|earlier|preceding|original|initial|system|safety)`;

export const p1 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'P1',
    category: 'Prompt Injection',
    severity: 'HIGH',
    confidence: 0.85,
    title: 'Instruction Override',
    description:
      'Text that tells the agent to disregard its previous instructions, safety rules or system prompt, or to enter an unrestricted "developer"/"jailbreak" mode. A skill has no legitimate reason to override the instructions it is loaded under.',
    remediation: 'Remove the override language. A skill should add capabilities, never countermand the agent\'s instructions or safety policy.',
  },
  patterns: [
    {
      // "ignore all previous instructions", "disregard any of the prior rules", "forget your system prompt".
      re: new RegExp(
        String.raw`\b(?:ignore|disregard|forget|discard|abandon|throw away)\s+(?:(?:all|any|the|your|every|of|these|those|my)\s+){0,3}${EARLIER}\s+(?:(?:system|safety|ai|assistant)\s+)?${TARGET}\b`,
        'i',
      ),
      keywords: ['ignore', 'disregard', 'forget', 'discard', 'abandon', 'throw away'],
      label: 'Override of previous instructions',
      confidence: 0.95,
    },
    {
      // Weaker verbs are common in configuration docs ("override the existing rules"), so they need an
      // unambiguous target: the agent's own earlier instructions.
      re: new RegExp(
        String.raw`\b(?:override|overrule|bypass|skip|supersede|replace)\s+(?:(?:all|any|the|every|of)\s+){0,2}(?:(?:your|previous|prior|above|earlier|preceding|original|initial)\s+){1,2}(?:system\s+)?(?:instructions|prompt|system prompt|directives|guidelines|programming)\b`,
        'i',
      ),
      keywords: ['override', 'overrule', 'bypass', 'skip', 'supersede', 'replace'],
      label: 'Override of previous instructions',
      confidence: 0.8,
    },
    {
      re: /\b(?:bypass|disable|turn\s+off|circumvent|ignore|evade|deactivate|switch\s+off)\s+(?:(?:all|any|the|your|its|of)\s+){0,2}(?:safety|security|content|moderation|ethical|ethics)\s+(?:filters?|checks?|guardrails?|polic(?:y|ies)|restrictions?|measures|guidelines|protocols?|layers?|rules)\b/i,
      keywords: ['bypass', 'disable', 'turn off', 'circumvent', 'ignore', 'evade', 'deactivate', 'switch off'],
      label: 'Bypass of safety controls',
      confidence: 0.85,
    },
    {
      re: /\b(?:enable|enter|activate|switch\s+(?:in)?to|go\s+into|you\s+are\s+(?:now\s+)?in)\s+(?:the\s+)?(?:god|jailbreak|jailbroken|unrestricted|unfiltered|uncensored|dan)\s+mode\b/i,
      keywords: ['mode'],
      label: 'Unrestricted mode activation',
      confidence: 0.85,
    },
    {
      // "Developer mode" is also a browser/phone setting; skip lines that name one.
      re: /\b(?:enable|enter|activate|switch\s+(?:in)?to|you\s+are\s+(?:now\s+)?in)\s+(?:the\s+)?developer\s+mode\b(?<!\b(?:chrome|android|browser|extensions?|settings|device|phone|iphone|windows|edge|firefox|vs\s?code)\b[^\n]{0,100})(?![^\n]{0,60}\b(?:chrome|android|browser|extensions?|settings|device|phone|iphone|windows|edge|firefox|toggle|vs\s?code)\b)/i,
      keywords: ['developer mode'],
      label: 'Unrestricted mode activation',
      confidence: 0.6,
    },
    {
      // "Ignore the instructions above", "disregard the rules you were given".
      re: /\b(?:ignore|disregard|forget|discard)\s+(?:all\s+)?(?:of\s+)?(?:the|your|these|any)\s+(?:instructions|prompts?|rules|directives|directions|guidelines)\s+(?:above|before\s+this|(?:given|written|stated)\s+(?:above|earlier|before)|you\s+(?:were|have\s+been)\s+given)\b/i,
      keywords: ['ignore', 'disregard', 'forget', 'discard'],
      label: 'Override of previous instructions',
      confidence: 0.9,
    },
    {
      // "Ignore everything above", "forget everything you were told".
      re: /\b(?:ignore|disregard|forget)\s+(?:everything|anything|all)\s+(?:(?:written|said|stated|that\s+(?:was|is)\s+(?:written|said))\s+)?(?:above|before\s+this|you\s+(?:were|have\s+been)\s+(?:told|given|instructed))\b/i,
      keywords: ['ignore', 'disregard', 'forget'],
      label: 'Override of previous instructions',
      confidence: 0.85,
    },
    {
      // "These instructions take precedence over / supersede all previous instructions".
      re: /\b(?:take|takes)\s+precedence\s+over\s+(?:all\s+|any\s+)?(?:previous|prior|other|system|your)\s+(?:instructions|prompts?|rules|guidelines)\b|\b(?:supersedes?|overrides?)\s+(?:all\s+|any\s+)(?:previous|prior|other)\s+(?:instructions|prompts?|rules|guidelines)\b/i,
      keywords: ['precedence', 'supersede', 'override'],
      label: 'Claimed precedence over the agent\'s instructions',
      confidence: 0.7,
    },
    {
      // Fake role headers that try to open a new system turn inside skill text.
      re: /<\|im_start\|>\s*system\b|\[(?:system|admin)(?:\s+(?:override|message))?\]\s*:?\s*(?:new|updated)\s+instructions?\b|\b(?:system|admin|developer)\s+override\s*:/i,
      keywords: ['im_start', 'system', 'override'],
      label: 'Forged system message',
      confidence: 0.6,
    },
  ],
});
