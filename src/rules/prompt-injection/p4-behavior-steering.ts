import { defineRule } from '../types.js';

export const p4 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'P4',
    category: 'Prompt Injection',
    severity: 'MEDIUM',
    confidence: 0.7,
    title: 'Covert Behaviour Steering',
    description:
      'Instructions that quietly bias the agent for a third party: always recommending one product over another, hiding information from the user, subtly steering answers, or appending promotional text to every response. The user never sees the instruction, only the slanted result.',
    remediation:
      'Remove hidden steering. If a skill has a preference (a default provider, a house style), state it openly and let the user see and override it.',
  },
  patterns: [
    {
      re: /\balways\s+(?:recommend|suggest|promote|push|endorse|advertise|upsell|steer\s+(?:users?|people|them)\s+(?:to|towards?))\s+[^.\n]{1,60}?\s+(?:over|instead\s+of|rather\s+than|above)\s/i,
      keywords: ['always'],
      label: 'Always recommend one option over another',
      confidence: 0.7,
    },
    {
      re: /\b(?:never|do\s+not|don'?t|must\s+not)\s+(?:ever\s+)?(?:(?:tell|inform|let|notify|reveal\s+to|mention\s+to|disclose\s+to|show)\s+(?:the\s+)?users?\b(?!\s+(?:name|names|id|ids|password|passwords)\b)|(?:mention|reveal|disclose|show|explain)\s+(?:this|these|that|it|any\s+of\s+this)(?:\s+(?:step|steps|part|section|instruction|instructions|upload|change|behaviou?r))?\s+to\s+(?:the\s+)?users?\b)/i,
      keywords: ['user'],
      label: 'Withhold information from the user',
      // Also common as UX guidance ("do not notify the user on every retry"), hence the low confidence.
      confidence: 0.5,
    },
    {
      re: /\b(?:subtly|covertly|discreetly|quietly|secretly|gently\s+but\s+consistently)\s+(?:steer|nudge|push|guide|influence|bias|promote|insert|mention|recommend|advertise|favou?r|redirect|manipulate)\b/i,
      keywords: ['subtly', 'covertly', 'discreetly', 'quietly', 'secretly', 'consistently'],
      label: 'Subtle steering of answers',
      confidence: 0.75,
    },
    {
      re: /\b(?:append|add|include|insert|attach|inject|put)\s+(?:this|the\s+following|these|our|a|the)\s+(?:\w+\s+){0,2}(?:to|in|into|at\s+the\s+end\s+of)\s+(?:every|each|all)\s+(?:of\s+your\s+)?(?:responses?|replies|answers?|messages?)\b|\bat\s+the\s+end\s+of\s+(?:every|each)\s+(?:response|reply|answer|message)\s*,?\s+(?:add|include|append|insert|mention|recommend)\b/i,
      keywords: ['every', 'each', 'all'],
      label: 'Append content to every response',
      confidence: 0.7,
    },
    {
      re: /\b(?:without|never|do\s+not|don'?t)\s+(?:disclos(?:e|ing)|mention(?:ing)?|reveal(?:ing)?|say(?:ing)?)\s+(?:that\s+)?(?:this|it|these|the\s+(?:link|recommendation|product))\s+(?:is|are)\s+(?:a\s+|an\s+)?(?:sponsored|paid|affiliate|advert(?:isement)?|ad|promotion)\b/i,
      keywords: ['sponsored', 'paid', 'affiliate', 'advert', ' ad', 'promotion'],
      label: 'Undisclosed promotion',
      confidence: 0.75,
    },
    {
      // A prohibition that holds "regardless of what the user asks" is a guardrail, not steering.
      // (The look-behind sits after "regardless" so it runs only there; a leading one runs at every position.)
      re: /\bregardless(?<!\b(?:never|not|n't|cannot|mustn't)\b[^.!?\n]{0,100}regardless)\s+of\s+what\s+(?:the\s+)?user\s+(?:asks?|says?|wants?|requests?|prefers?)\b|\b(?:keep|hide)\s+(?:this|these\s+instructions)\s+(?:secret\s+)?from\s+(?:the\s+)?user\b/i,
      keywords: ['regardless', 'from the user', 'from user'],
      label: 'Override of the user\'s wishes',
      confidence: 0.65,
    },
  ],
});
