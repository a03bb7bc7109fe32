import { defineRule } from '../types.js';

// Licence boilerplate ("including without limitation", "but not limited to") is deliberately not a
// trigger: every phrase here needs an agent-directed verb, so LICENSE/COPYING/NOTICE prose stays silent.
export const ea3 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'EA3',
    category: 'Excessive Agency',
    severity: 'LOW',
    confidence: 0.5,
    title: 'Scope Creep',
    description:
      'Text that widens what the agent may do past the skill\'s stated purpose: "go beyond the stated scope", "handle everything", "do whatever it takes", "operate without limits". Open-ended mandates make it easy for later instructions to smuggle in unrelated actions.',
    remediation: 'State the skill\'s task narrowly and list what it must not touch.',
  },
  patterns: [
    {
      re: /\bbeyond\s+(?:the|its|your|this\s+skill'?s?|the\s+skill'?s?)\s+(?:stated|declared|original|intended|defined|described|documented|assigned)\s+(?:scope|purpose|task|mandate)\b/i,
      keywords: ['beyond'],
      label: 'Beyond the stated scope',
      confidence: 0.6,
    },
    {
      re: /\b(?:handle|take\s+care\s+of|manage|do|control)\s+(?:absolutely\s+)?(?:everything|anything\s+and\s+everything)\b(?!\s+(?:else|related|in\s+(?:this|the)\s+(?:folder|directory|file|list)))/i,
      keywords: ['everything'],
      label: 'Open-ended mandate',
      confidence: 0.45,
    },
    {
      re: /\bdo\s+(?:whatever|anything)\s+(?:it\s+takes|is\s+(?:needed|necessary|required)|you\s+(?:want|see\s+fit|think\s+is\s+(?:best|needed)))\b/i,
      keywords: ['whatever', 'anything'],
      label: 'Do whatever it takes',
    },
    {
      re: /\b(?:act|operate|proceed|work|run)\s+without\s+(?:any\s+)?(?:limits|limitations|boundaries|restrictions|constraints)\b/i,
      keywords: ['without'],
      label: 'Operate without limits',
      confidence: 0.55,
    },
    {
      re: /\b(?:also|additionally)\s+(?:access|read|modify|manage|change|delete)\s+(?:all|any|every)\s+(?:other\s+)?(?:files|repositories|repos|accounts|systems|projects|directories)\b/i,
      keywords: ['also', 'additionally'],
      label: 'Reach into unrelated resources',
      confidence: 0.45,
    },
  ],
});
