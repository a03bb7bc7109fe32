// The LLM rules as catalogue entries, so `skillspector rules`, docs/RULES.md, SARIF descriptors and baselines
// know them like any other id. Their meaning and the reply schema live in src/llm/semantic-rules.ts.
import { SEMANTIC_RULE_IDS, SEMANTIC_RULES } from '../../llm/semantic-rules.js';
import type { LlmRule, RuleMeta } from '../types.js';

/** Default confidence of a model finding whose reply gave none usable; a reply normally sets its own. */
const LLM_DEFAULT_CONFIDENCE = 0.7;

function metaOf(id: (typeof SEMANTIC_RULE_IDS)[number]): RuleMeta {
  const { family: _family, ...rest } = SEMANTIC_RULES[id];
  return { ...rest, confidence: LLM_DEFAULT_CONFIDENCE, noTriage: true };
}

export const llmRules: readonly LlmRule[] = SEMANTIC_RULE_IDS.map((id) => ({ kind: 'llm', meta: metaOf(id) }));
