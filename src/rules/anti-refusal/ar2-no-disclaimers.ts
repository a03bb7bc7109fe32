import { defineRule } from '../types.js';

export const ar2 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'AR2',
    category: 'Anti-Refusal',
    severity: 'HIGH',
    confidence: 0.8,
    title: 'Safety Caveat Suppression',
    description:
      'Instructions that strip the agent\'s safety framing: "no disclaimers", "do not moralize", "skip the ethics", "ignore ethical concerns", "regardless of legality". Removing caveats is a standard step in jailbreak prompts so that harmful output arrives without warning.',
    remediation: 'Remove the instruction. Ask for concise output instead if verbosity is the concern.',
  },
  patterns: [
    {
      re: /\b(?:no|without|omit|skip|remove|drop|leave\s+out|(?:never|don'?t|do\s+not)\s+(?:add|include|give|write|append))\s+(?:any\s+)?(?:safety\s+|ethical\s+|moral\s+|legal\s+|content\s+)?(?:disclaimers?|moraliz(?:e|ing)|moralis(?:e|ing)|moral\s+lectures?|lectures?\s+about\s+(?:ethics|morality|safety))\b(?!\s+(?:is\s+|are\s+)?(?:required|needed|necessary))/i,
      keywords: ['disclaimer', 'moraliz', 'moralis', 'lecture'],
      label: 'No disclaimers or moralizing',
      confidence: 0.7,
    },
    {
      re: /\b(?:no|without|omit|skip|remove|(?:never|don'?t|do\s+not)\s+(?:add|include|give))\s+(?:any\s+)?(?:safety|ethical|moral|content)\s+(?:warnings?|caveats?|notices?|considerations?|commentary|concerns?)\b/i,
      keywords: ['safety', 'ethical', 'moral', 'content'],
      label: 'No safety or ethics caveats',
      confidence: 0.85,
    },
    {
      // "Moralize" and "preach" are jailbreak words; "don't lecture" and "never judge" are style advice about
      // length or tone unless they name ethics or safety ("don't lecture the user about safety").
      re: /\b(?:do\s+not|don'?t|never|stop)\s+(?:moraliz(?:e|ing)|moralis(?:e|ing)|preach(?:ing)?)\b|\b(?:do\s+not|don'?t|never|stop)\s+(?:lectur|judg)(?:e|ing)\s+(?:(?:the\s+)?(?:user|them|people)\s+)?(?:about|on|over)\s+(?:the\s+)?(?:ethics|morals?|morality|safety|legality|the\s+law|risks?|dangers?|consequences|right\s+and\s+wrong)\b/i,
      keywords: ['moraliz', 'moralis', 'preach', 'lectur', 'judg'],
      label: 'Do not moralize',
      confidence: 0.8,
    },
    {
      re: /\b(?:skip|ignore|disregard|set\s+aside|forget(?:\s+about)?|drop)\s+(?:all\s+|any\s+|the\s+|your\s+)?(?:ethics|ethical\s+(?:concerns|considerations|guidelines|implications|constraints|rules)|moral(?:s|ity|\s+(?:concerns|considerations|guidelines|implications|constraints)))\b/i,
      keywords: ['ethic', 'moral'],
      label: 'Skip the ethics',
      confidence: 0.85,
    },
    {
      re: /\bregardless\s+of\s+(?:the\s+|any\s+)?(?:ethics|morality|legality|(?:ethical|moral|legal)\s+(?:concerns|implications|considerations)|potential\s+harm|harm\s+(?:it\s+)?(?:may|might|could)\s+cause)\b/i,
      keywords: ['regardless'],
      label: 'Regardless of ethics or legality',
      confidence: 0.75,
    },
  ],
});
