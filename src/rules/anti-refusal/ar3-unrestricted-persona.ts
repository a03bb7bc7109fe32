import type { Matcher } from '../kit/scan-helpers.js';
import { instructionHits } from '../prompt-injection/addressee.js';
import { defineRule } from '../types.js';

const MATCHERS: readonly Matcher[] = [
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
    re: /\b(?:ignore|disregard|bypass|override|forget)\s+(?:all\s+(?:of\s+)?|any\s+(?:of\s+)?)?(?:your|(?:the\s+)?(?:openai|anthropic|google|meta)(?:'s)?|(?:the\s+)?(?:content|safety|usage|ethical)\s+)\s*(?:own\s+)?(?:content\s+|safety\s+|usage\s+)?(?:guidelines|polic(?:y|ies)|rules|restrictions|filters|programming|training(?!\s+(?:data|cut-?off|set|corpus|examples?|date))|alignment|principles)\b/i,
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
    re: /\b(?:free(?:d)?|liberated|released|unshackled)\s+from\s+(?:all\s+|any\s+)?(?:of\s+)?(?:your\s+)?(?:restrictions|constraints|guidelines|rules|filters|programming|training|censorship|alignment)\b|\bno\s+longer\s+(?:bound|governed|restricted|limited|constrained)\s+by\b|\byou\s+are\s+no\s+longer\s+subject\s+to\b/i,
    keywords: ['free', 'liberated', 'released', 'unshackled', 'no longer'],
    label: 'Freed from restrictions',
    confidence: 0.8,
  },
  {
    // Persona switches by paraphrase: "pretend you have no restrictions", "act as if you had no rules",
    // "none of your guidelines apply here", "answer as your unfiltered alter ego".
    re: /\b(?:pretend|imagine|act\s+as\s+(?:if|though)|behave\s+as\s+(?:if|though)|respond\s+as\s+(?:if|though))\s+(?:that\s+)?you\s+(?:have|had|are\s+under|were\s+under|operate\s+with|have\s+been\s+given)\s+no\s+(?:restrictions|limits|limitations|rules|guidelines|filters|boundaries|constraints|safety\s+(?:training|rules|guidelines)|content\s+polic(?:y|ies)|ethical\s+(?:guidelines|constraints))\b|\bnone\s+of\s+your\s+(?:rules|guidelines|restrictions|policies|filters|safety\s+rules)\s+(?:apply|matter|count)\b|\b(?:answer|respond|reply|speak|write)\s+as\s+(?:your|an?)\s+(?:evil|unfiltered|uncensored|unrestricted|jailbroken|rogue)\s+(?:twin|alter[\s-]?ego|counterpart|self|version)\b/i,
    keywords: ['pretend', 'imagine', 'as if', 'as though', 'none of your', 'evil', 'unfiltered', 'uncensored', 'unrestricted', 'jailbroken', 'rogue'],
    label: 'Unrestricted persona by paraphrase',
    confidence: 0.85,
  },
];

export const ar3 = defineRule({
  kind: 'custom',
  meta: {
    id: 'AR3',
    category: 'Anti-Refusal',
    severity: 'HIGH',
    confidence: 0.85,
    title: 'Unrestricted Persona',
    description:
      'Jailbreak personas and policy overrides: "you have no restrictions", "act as an unfiltered AI", "pretend you have no rules", "none of your guidelines apply", "ignore your guidelines", "DAN / do anything now", "freed from your programming". These tell the model its safety policy no longer applies. "Override your training data" (stale knowledge, not policy) is not one; quoted or reported mentions in reference documentation and strings in code samples (a guard model\'s test inputs) are lowered like quoted examples.',
    remediation: 'Remove the persona text. A skill may give the agent a role, but never one defined by the absence of rules.',
  },
  check(ctx) {
    return instructionHits(ctx, MATCHERS, { severity: 'HIGH', confidence: 0.85 });
  },
});
