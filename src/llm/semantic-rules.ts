// The rules only an LLM reviewer can judge: intent and meaning rather than patterns. Metadata lives
// here until the semantic pass is wired into the engine; the prompt and the reply schema draw on it,
// so a rule id the model may answer with is always one the report can describe.
import type { RuleCategory } from '../rules/types.js';
import type { Severity } from '../shared/types.js';

export type SemanticFamily = 'SSD' | 'SDI' | 'SQP' | 'TP';

export interface SemanticRuleMeta {
  id: string;
  family: SemanticFamily;
  category: RuleCategory;
  /** Used when the model gives no usable severity; the model normally chooses per finding. */
  severity: Severity;
  title: string;
  description: string;
  remediation: string;
}

export const SEMANTIC_RULE_IDS = ['SSD-1', 'SSD-2', 'SSD-3', 'SSD-4', 'SDI-1', 'SDI-2', 'SDI-3', 'SDI-4', 'SQP-1', 'SQP-2', 'SQP-3', 'TP4'] as const;
export type SemanticRuleId = (typeof SEMANTIC_RULE_IDS)[number];

export const SEMANTIC_RULES: Readonly<Record<SemanticRuleId, SemanticRuleMeta>> = {
  'SSD-1': {
    id: 'SSD-1', family: 'SSD', category: 'Prompt Injection', severity: 'HIGH',
    title: 'Disguised instructions to the agent or its reviewer',
    description: 'Friendly-sounding text that hands the agent a new role, extra privileges or new rules, or that tells a reviewer or scanner the skill is safe and should not be reported.',
    remediation: 'Remove instructions that change the agent\'s role, privileges or rules, and any text addressed to reviewers or scanners.',
  },
  'SSD-2': {
    id: 'SSD-2', family: 'SSD', category: 'Prompt Injection', severity: 'HIGH',
    title: 'Reworded jailbreak',
    description: 'An attempt to lift the agent\'s safety limits phrased in new words, so keyword patterns miss it.',
    remediation: 'Delete the passage; a skill has no reason to ask the agent to drop its safeguards.',
  },
  'SSD-3': {
    id: 'SSD-3', family: 'SSD', category: 'Data Exfiltration', severity: 'HIGH',
    title: 'Data-leak instructions in prose',
    description: 'Plain-language instructions to collect and send files, secrets, conversation content or workspace data somewhere else.',
    remediation: 'Remove the instruction, or limit the skill to data the user explicitly provides and destinations the user chooses.',
  },
  'SSD-4': {
    id: 'SSD-4', family: 'SSD', category: 'Rogue Agent', severity: 'MEDIUM',
    title: 'Deception spread across steps',
    description: 'Steps that each look harmless but together lead the agent toward a harmful or hidden outcome.',
    remediation: 'Rewrite the workflow so every step states its real effect, and drop steps whose only purpose is the hidden outcome.',
  },
  'SDI-1': {
    id: 'SDI-1', family: 'SDI', category: 'Tool Poisoning', severity: 'MEDIUM',
    title: 'Description does not match behaviour',
    description: 'What the manifest says the skill does differs from what its scripts or instructions actually do.',
    remediation: 'Make the description state everything the skill does, or remove the behaviour it does not describe.',
  },
  'SDI-2': {
    id: 'SDI-2', family: 'SDI', category: 'Excessive Agency', severity: 'MEDIUM',
    title: 'Capability the stated purpose does not need',
    description: 'The skill uses a capability (network, shell, credentials, file writes) its stated purpose gives no reason for.',
    remediation: 'Remove the capability, or document why the stated purpose needs it.',
  },
  'SDI-3': {
    id: 'SDI-3', family: 'SDI', category: 'Least Privilege', severity: 'MEDIUM',
    title: 'Code reaches beyond declared permissions',
    description: 'Scripts act outside the permissions or allowed tools the manifest declares.',
    remediation: 'Declare the permissions the code really uses, or narrow the code to the declared ones.',
  },
  'SDI-4': {
    id: 'SDI-4', family: 'SDI', category: 'Tool Poisoning', severity: 'LOW',
    title: 'Comments contradict the code',
    description: 'Comments or docstrings describe behaviour different from the code beside them, which misleads a human reviewer.',
    remediation: 'Correct the comments so they describe what the code does.',
  },
  'SQP-1': {
    id: 'SQP-1', family: 'SQP', category: 'Trigger Abuse', severity: 'LOW',
    title: 'Overly broad trigger',
    description: 'Trigger or activation wording so vague that the skill would run on requests unrelated to its purpose.',
    remediation: 'Narrow the triggers to the specific requests the skill is meant for.',
  },
  'SQP-2': {
    id: 'SQP-2', family: 'SQP', category: 'Excessive Agency', severity: 'MEDIUM',
    title: 'Dangerous operation without a warning',
    description: 'Deleting, overwriting, paying, publishing or similar irreversible actions performed without telling the user or asking first.',
    remediation: 'Warn the user and ask for confirmation before the operation.',
  },
  'SQP-3': {
    id: 'SQP-3', family: 'SQP', category: 'Rogue Agent', severity: 'MEDIUM',
    title: 'Policy violation in natural language',
    description: 'Instructions that ask the agent to deceive users, evade oversight, harass, or break laws or platform policies.',
    remediation: 'Remove the instructions.',
  },
  TP4: {
    id: 'TP4', family: 'TP', category: 'Tool Poisoning', severity: 'MEDIUM',
    title: 'Manifest promises differ from the code',
    description: 'The manifest\'s description, triggers or permissions promise something the executable code does not keep.',
    remediation: 'Align the manifest with the code: describe and declare what the scripts really do.',
  },
};

/** TP4's severity follows the model's certainty rather than its own label: HIGH from 0.7, else MEDIUM. */
export function tp4Severity(confidence: number): Severity {
  return confidence >= 0.7 ? 'HIGH' : 'MEDIUM';
}
