import { defineRule } from '../types.js';

export const ar1 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'AR1',
    category: 'Anti-Refusal',
    severity: 'HIGH',
    confidence: 0.85,
    title: 'Refusal Suppression',
    description:
      'Instructions that take away the agent\'s ability to say no: "never refuse", "you cannot decline", "always comply", "answer every request no matter what". Refusal is how a model stops harmful requests; a skill that forbids it is preparing the agent to follow later harmful instructions.',
    remediation: 'Remove the wording. A skill may describe what it does, but must not tell the agent to comply unconditionally.',
  },
  patterns: [
    {
      // Base forms only: "it never refuses valid input" describes behaviour, "never refuse" commands it.
      re: /\b(?:never|do\s+not|don'?t|must\s+not|mustn'?t|should\s+not|shouldn'?t|cannot|can'?t|may\s+not|are\s+not\s+(?:allowed|permitted)\s+to)\s+(?:ever\s+)?(?:refuse|decline|turn\s+down|say\s+no(?:\s+to)?)\s+(?:a\s+|any\s+|the\s+|my\s+)?(?:user'?s?\s+)?(?:requests?|instructions?|commands?|questions?|tasks?|prompts?|demands?|anything|me|users?)\b/i,
      keywords: ['refuse', 'decline', 'turn down', 'say no'],
      label: 'Forbids refusing requests',
      confidence: 0.9,
    },
    {
      re: /\b(?:never|do\s+not|don'?t|must\s+not)\s+(?:ever\s+)?refuse(?=\s*[.!,;:\n]|\s*$)/im,
      keywords: ['refuse'],
      label: '"Never refuse"',
      confidence: 0.9,
    },
    {
      re: /\b(?:refusal|refusing|declining|saying\s+no)\s+is\s+(?:not\s+(?:an\s+option|allowed|permitted|acceptable)|never\s+(?:an\s+option|allowed|acceptable)|forbidden|prohibited)\b/i,
      keywords: ['refus', 'declining', 'saying no'],
      label: 'Refusal declared not allowed',
      confidence: 0.9,
    },
    {
      re: /\balways\s+(?:comply|obey|fulfil{1,2}|answer|do\s+(?:what|whatever))(?:\s+with)?\s+(?:every|all|any|each|whatever)(?:\s+(?:user'?s?|of\s+the\s+user'?s?))?\s+(?:requests?|instructions?|commands?|questions?|demands?|prompts?|orders?|the\s+user\s+asks?)\b/i,
      keywords: ['always'],
      label: 'Unconditional compliance',
      confidence: 0.85,
    },
    {
      re: /\balways\s+(?:comply|obey)(?=\s*[.!,;:\n]|\s*$)/im,
      keywords: ['always'],
      label: '"Always comply"',
      confidence: 0.8,
    },
    {
      re: /\b(?:answer|fulfil{1,2}|complete|comply\s+with|respond\s+to|execute)\s+(?:every|all|any)\s+(?:user\s+)?(?:requests?|questions?|prompts?|instructions?|commands?)\s+(?:regardless\s+of|no\s+matter|without\s+(?:exception|question|hesitation)|whatever\s+(?:it|they)\s+(?:is|are|asks?))\b/i,
      keywords: ['every', 'all', 'any'],
      label: 'Answer every request no matter what',
      confidence: 0.85,
    },
  ],
});
