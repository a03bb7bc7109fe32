// The one registry of shipped rules, sorted by family. A parity test checks ids are unique and
// every rule has metadata and tests.
import type { Rule } from './types.js';
import { concealmentRules } from './concealment/index.js';
import { promptInjectionRules } from './prompt-injection/index.js';

export const RULES: readonly Rule[] = [...promptInjectionRules, ...concealmentRules];

export function ruleById(id: string): Rule | undefined {
  return RULES.find((r) => r.meta.id === id);
}
