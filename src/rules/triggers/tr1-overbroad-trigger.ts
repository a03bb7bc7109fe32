import { defineRule } from '../types.js';
import { triggerHits } from './classify.js';

export const tr1 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'TR1',
    category: 'Trigger Abuse',
    severity: 'LOW',
    confidence: 0.75,
    title: 'Over-Broad Trigger Word',
    description:
      'A manifest trigger that is a single everyday word ("code", "file", "hello") or a one- or two-letter token. Such a trigger matches unrelated conversation, so the skill (and whatever its scripts do) is pulled into sessions the user never meant it for.',
    remediation: 'Replace the trigger with a specific multi-word phrase that names the task the skill performs, e.g. "convert PDF to markdown".',
    noTriage: true,
  },
  check(bundle, files) {
    return triggerHits('TR1', bundle, files, (trigger, verdict) => ({
      matched: trigger,
      label: verdict.rule === 'TR1' && verdict.reason === 'too-short' ? 'Trigger of two characters or fewer' : 'Trigger is a single common word',
      confidence: verdict.rule === 'TR1' && verdict.reason === 'too-short' ? 0.7 : 0.75,
      evidence: { trigger },
    }));
  },
});
