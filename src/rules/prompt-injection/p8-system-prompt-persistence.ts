import { defineRule } from '../types.js';
import { PROMPT_REF } from './prompt-terms.js';

const SINK = String.raw`(?:to|into|in|on|at|via)\s+(?:(?:a|an|the|this|our|my|following|your)\s+){0,2}(?:(?:local|remote|external|hidden|temp(?:orary)?|text|log)\s+){0,2}(?:files?|disk|logs?|logfile|url|endpoint|server|webhook|api|gist|pastebin|channel|bucket|database|repo(?:sitory)?|issue|comment|clipboard|https?:\/\/|[~.]?\/[\w.-]|[\w-]{1,64}\.(?:txt|log|md|json|ya?ml))`;

export const p8 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'P8',
    category: 'System Prompt Leakage',
    severity: 'HIGH',
    confidence: 0.85,
    title: 'System Prompt Exfiltration',
    description:
      'Instructions to write, save, log or send the agent\'s system prompt or hidden instructions to a file, log, URL or other sink. This turns a one-off disclosure into a persistent leak that an attacker can collect later.',
    remediation: 'Remove the instruction. The agent\'s system prompt must never be persisted or transmitted by a skill.',
  },
  patterns: [
    {
      re: new RegExp(
        String.raw`\b(?:write|save|store|log|dump|copy|export|append|send|post|upload|transmit|forward|email|exfiltrate|persist|record|cache|push|commit)\s+(?:a\s+copy\s+of\s+)?${PROMPT_REF}\b[^\n]{0,80}?\b${SINK}`,
        'i',
      ),
      keywords: ['prompt', 'instructions', 'message', 'rules', 'guidelines'],
      label: 'Persist or send the system prompt',
      confidence: 0.85,
    },
    {
      // Destination first: "create notes.txt containing your system prompt".
      re: new RegExp(
        String.raw`\b(?:create|write|open|make)\s+(?:a\s+)?(?:new\s+)?(?:file|log|gist|issue|note)\b[^\n]{0,80}?\b(?:containing|with|that\s+contains|holding)\s+${PROMPT_REF}`,
        'i',
      ),
      keywords: ['prompt', 'instructions', 'message', 'rules', 'guidelines'],
      label: 'Persist or send the system prompt',
      confidence: 0.8,
    },
  ],
});
