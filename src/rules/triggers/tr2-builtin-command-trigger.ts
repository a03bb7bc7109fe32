import { defineRule } from '../types.js';
import { triggerHits } from './classify.js';

export const tr2 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'TR2',
    category: 'Trigger Abuse',
    severity: 'MEDIUM',
    confidence: 0.7,
    title: 'Trigger Shadows a Built-in Command',
    description:
      'A manifest trigger of at most two words that is, or starts with, a command the agent or everyday tooling already answers to (help, run, deploy, commit, install, …). The skill can intercept routine requests such as "deploy" or "commit" and substitute its own behaviour for the expected one.',
    remediation: 'Use a trigger that names the skill\'s own task ("deploy the docs site to Netlify"), not a bare built-in command word.',
    noTriage: true,
  },
  check(bundle, files) {
    return triggerHits('TR2', bundle, files, (trigger, verdict) => ({
      matched: trigger,
      label: `Trigger shadows the built-in command "${verdict.rule === 'TR2' ? verdict.command : ''}"`,
      evidence: { trigger, command: verdict.rule === 'TR2' ? verdict.command : undefined },
    }));
  },
});
