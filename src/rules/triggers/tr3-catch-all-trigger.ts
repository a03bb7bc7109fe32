import { defineRule } from '../types.js';
import { triggerHits } from './classify.js';

export const tr3 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'TR3',
    category: 'Trigger Abuse',
    severity: 'MEDIUM',
    confidence: 0.8,
    title: 'Catch-All Trigger',
    description:
      'A manifest trigger that matches every request ("anything", "any request", "all messages", "whenever the user says anything", "*"). A skill that activates on everything runs in every session and sees every prompt, which is how a hostile skill gets maximum reach.',
    remediation: 'Scope the trigger to the skill\'s task. A skill should activate only for the requests it actually serves.',
    noTriage: true,
  },
  check(bundle, files) {
    return triggerHits('TR3', bundle, files, (trigger) => ({
      matched: trigger,
      label: 'Trigger matches every request',
      evidence: { trigger },
    }));
  },
});
