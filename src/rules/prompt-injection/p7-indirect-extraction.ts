import { defineRule } from '../types.js';
import { OWN, SECRET_PROMPT } from './prompt-terms.js';

// The agent's own instructions, phrased loosely: indirect extraction rarely says "system prompt".
const OWN_RULES = String.raw`(?:${OWN}${SECRET_PROMPT}|your\s+(?:(?:own|original|initial|hidden|secret)\s+)?(?:instructions|rules|guidelines|directives|prompt|configuration))`;

export const p7 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'P7',
    category: 'System Prompt Leakage',
    severity: 'MEDIUM',
    confidence: 0.7,
    title: 'Indirect System Prompt Extraction',
    description:
      'Requests that extract the agent\'s instructions sideways: summarise, translate, encode (base64, rot13, reversed), or rewrite them as a poem or story. Transformations slip past "do not reveal your prompt" defences while leaking the same content.',
    remediation: 'Remove the request; a skill has no reason to transform or restate the agent\'s own instructions.',
  },
  patterns: [
    {
      re: new RegExp(
        String.raw`\b(?:summari[sz]e|paraphrase|translate|encode|base64[\s-]?encode|rot-?13|reverse|rephrase|restate|rewrite|convert|transliterate|encrypt|obfuscate|spell)\s+(?:all\s+(?:of\s+)?)?${OWN_RULES}`,
        'i',
      ),
      keywords: ['instructions', 'rules', 'guidelines', 'directives', 'prompt', 'configuration', 'message'],
      label: 'Transform the agent\'s instructions',
      confidence: 0.7,
    },
    {
      re: new RegExp(
        String.raw`\b(?:write|compose|create|make|turn)\s+(?:\w+\s+){0,2}(?:poem|song|story|haiku|limerick|rap|riddle|acrostic|sonnet|essay|tweet)\b[^\n]{0,40}?\b(?:about|from|of|containing|using|that\s+(?:includes|contains|lists))\s+${OWN_RULES}`,
        'i',
      ),
      keywords: ['poem', 'song', 'story', 'haiku', 'limerick', 'rap', 'riddle', 'acrostic', 'sonnet', 'essay', 'tweet'],
      label: 'Creative rewrite of the agent\'s instructions',
      confidence: 0.75,
    },
    {
      re: new RegExp(
        String.raw`\b(?:put|place|embed|hide|include|wrap)\s+${OWN_RULES}\s+(?:in|into|inside)\s+(?:a\s+|the\s+)?(?:code\s+block|json|yaml|markdown|first\s+letters|acrostic|url|image|link|comment)`,
        'i',
      ),
      keywords: ['instructions', 'rules', 'guidelines', 'directives', 'prompt', 'configuration'],
      label: 'Embed the agent\'s instructions in an output format',
      confidence: 0.7,
    },
    {
      re: /\bwhat\s+were\s+you\s+(?:told|instructed|asked)\s+(?:before|at\s+the\s+(?:start|beginning)|earlier|initially)\b|\b(?:first|opening)\s+(?:\d{1,3}\s+)?(?:words|lines|sentences)\s+of\s+your\s+(?:instructions|prompt|system\s+prompt)\b/i,
      keywords: ['what were you', 'your instructions', 'your prompt', 'your system prompt'],
      label: 'Probe for the agent\'s initial instructions',
      confidence: 0.6,
    },
  ],
});
