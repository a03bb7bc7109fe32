// The one registry of shipped rules, by family. Parity tests check that ids are unique, that the
// catalogue is complete and that every rule is exercised by a test.
import type { Rule } from './types.js';
import { agencyRules } from './agency/index.js';
import { agentSnoopingRules } from './agent-snooping/index.js';
import { analysisEvasionRules } from './analysis-evasion/index.js';
import { antiRefusalRules } from './anti-refusal/index.js';
import { behaviourRules } from './behaviour/index.js';
import { concealmentRules } from './concealment/index.js';
import { deserializationRules } from './deserialization/index.js';
import { exfiltrationRules } from './exfiltration/index.js';
import { llmRules } from './llm/index.js';
import { leastPrivilegeRules } from './least-privilege/index.js';
import { memoryPoisoningRules } from './memory-poisoning/index.js';
import { outputHandlingRules } from './output-handling/index.js';
import { privilegeRules } from './privilege/index.js';
import { promptInjectionRules } from './prompt-injection/index.js';
import { rogueAgentRules } from './rogue-agent/index.js';
import { rugPullRules } from './rug-pull/index.js';
import { signatureRules } from './signatures/index.js';
import { ssrfRules } from './ssrf/index.js';
import { supplyChainRules } from './supply-chain/index.js';
import { toolMisuseRules } from './tool-misuse/index.js';
import { toolPoisoningRules } from './tool-poisoning/index.js';
import { triggerRules } from './triggers/index.js';

export const RULES: readonly Rule[] = [
  ...promptInjectionRules,
  ...antiRefusalRules,
  ...exfiltrationRules,
  ...privilegeRules,
  ...supplyChainRules,
  ...concealmentRules,
  ...agencyRules,
  ...outputHandlingRules,
  ...memoryPoisoningRules,
  ...toolMisuseRules,
  ...rogueAgentRules,
  ...agentSnoopingRules,
  ...ssrfRules,
  ...deserializationRules,
  ...analysisEvasionRules,
  ...triggerRules,
  ...toolPoisoningRules,
  ...leastPrivilegeRules,
  ...rugPullRules,
  ...behaviourRules,
  ...signatureRules,
  ...llmRules,
];

export function ruleById(id: string): Rule | undefined {
  return RULES.find((r) => r.meta.id === id);
}
