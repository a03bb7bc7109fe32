import { defineRule } from '../types.js';

const GRANTS = String.raw`(?:permissions?|access|tools?|scopes?|privileges?|capabilit(?:y|ies))`;

export const rp2 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'RP2',
    category: 'Rug Pull',
    severity: 'LOW',
    confidence: 0.7,
    title: 'Pre-Staged Permission Expansion',
    description:
      'Manifest (SKILL.md) language announcing that the skill will later ask for more: "future versions will require additional permissions", "request extra access", "permissions may be expanded". It primes users and reviewers to accept a broader grant in an update they will not re-read, the set-up step of a rug pull. (The comparison against a previous manifest version is not performed: no previous manifest is available to a scan.)',
    remediation: 'Declare exactly what the current version needs. If a later version needs more, it should say so in that version and be reviewed again.',
  },
  appliesTo: (file) => file.isManifest,
  patterns: [
    {
      re: new RegExp(String.raw`\b(?:future|upcoming|later|next|subsequent)\s+(?:versions?|releases?|updates?)\s+(?:will|may|might|could)\s+(?:also\s+)?(?:require|request|need|add|ask\s+for|gain|get|include)\b[^.\n]{0,60}?\b${GRANTS}\b`, 'i'),
      keywords: ['future', 'upcoming', 'later', 'next', 'subsequent'],
      label: 'Announces that future versions need more permissions',
      confidence: 0.7,
    },
    {
      re: new RegExp(String.raw`\b(?:add|grant|request|require|enable|unlock)\s+(?:new|additional|extra|more|broader|expanded|elevated|further)\s+${GRANTS}\b`, 'i'),
      keywords: ['new', 'additional', 'extra', 'more', 'broader', 'expanded', 'elevated', 'further'],
      label: 'Mentions requesting additional permissions or tools',
      confidence: 0.7,
    },
    {
      re: new RegExp(String.raw`\b(?:will|may|might)\s+(?:later|eventually|soon|automatically)\s+(?:require|request|need|add|expand|escalate|upgrade)\b[^.\n]{0,60}?\b${GRANTS}\b`, 'i'),
      keywords: ['later', 'eventually', 'soon', 'automatically'],
      label: 'Announces a later permission expansion',
      confidence: 0.65,
    },
    {
      re: /\bpermissions?\s+(?:will|may|might|can)\s+(?:later\s+)?(?:be\s+)?(?:expanded|extended|broadened|increased|added|escalated|widened)\b/i,
      keywords: ['permission'],
      label: 'Says permissions will be expanded',
      confidence: 0.7,
    },
  ],
});
