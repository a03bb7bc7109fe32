import { defineRule } from '../types.js';

export const oh3 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'OH3',
    category: 'Output Handling',
    severity: 'MEDIUM',
    confidence: 0.55,
    title: 'Unbounded Output Generation',
    description:
      'Generation without a length limit: `max_tokens=None`/infinite, "generate endlessly", "never stop writing", "ignore the token limit". Unbounded output drives up cost, floods downstream consumers and can be used to exhaust the context window.',
    remediation: 'Set an explicit, finite `max_tokens` (or equivalent) and ask for concise output.',
  },
  patterns: [
    {
      re: /\bmax[_-]?(?:tokens|output[_-]?tokens|new[_-]?tokens|completion[_-]?tokens)\s*[:=]\s*(?:None|null|nil|-1\b|float\(\s*["']inf|math\.inf\b|Infinity\b|Number\.MAX_SAFE_INTEGER\b|inf\b)/i,
      keywords: ['max'],
      label: 'Output token limit removed',
      confidence: 0.65,
    },
    {
      re: /\bmaxTokens\s*[:=]\s*(?:null|undefined|-1\b|Infinity\b|Number\.MAX_SAFE_INTEGER\b)/,
      keywords: ['maxtokens'],
      label: 'Output token limit removed',
      confidence: 0.65,
    },
    {
      re: /\b(?:generate|write|produce|output|respond|keep\s+(?:generating|writing|talking|outputting))\s+(?:text\s+|output\s+)?(?:endlessly|forever|indefinitely|infinitely|without\s+(?:ever\s+)?(?:stopping|end(?:ing)?|limit))\b/i,
      keywords: ['generat', 'write', 'writing', 'produce', 'output', 'respond', 'talking'],
      label: 'Endless generation',
      confidence: 0.6,
    },
    {
      re: /\bnever\s+stop\s+(?:generating|writing|outputting|responding|talking)\b/i,
      keywords: ['never'],
      label: 'Never stop generating',
      confidence: 0.6,
    },
    {
      re: /\b(?:ignore|bypass|exceed|disregard)\s+(?:the\s+|any\s+|all\s+|your\s+)?(?:max(?:imum)?[_ ]?tokens?|token|length|output|response)\s+(?:limits?|caps?|budgets?)\b/i,
      keywords: ['ignore', 'bypass', 'exceed', 'disregard'],
      label: 'Instruction to ignore output limits',
      confidence: 0.6,
    },
    {
      re: /\b(?:unlimited|infinite|unbounded)\s+(?:output|response|generation|completion)\s+(?:length|tokens|limits?)\b|\bno\s+(?:output|response|generation)\s+(?:length\s+|token\s+)?limits?\b/i,
      keywords: ['unlimited', 'infinite', 'unbounded', 'limit'],
      label: 'No output length limit',
      confidence: 0.45,
    },
  ],
});
