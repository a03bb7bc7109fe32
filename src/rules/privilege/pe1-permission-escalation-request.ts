import { defineRule } from '../types.js';

export const pe1 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'PE1',
    category: 'Privilege Escalation',
    severity: 'LOW',
    confidence: 0.55,
    title: 'Broad Permission Request',
    description:
      'A skill that asks for blanket permissions (`permissions: *`), requests full or unrestricted access, talks about escalating privileges, or tells the agent to bypass permission checks or run with permission prompts disabled (--dangerously-skip-permissions). Broad grants remove the user\'s chance to review what the skill does.',
    remediation:
      'Request only the specific permissions and tools the skill needs, and never ask the agent to skip permission checks.',
  },
  patterns: [
    {
      re: /^\s{0,8}permissions\s{0,3}:\s{0,3}["']?(?:\*|all|full|unrestricted|any)["']?\s{0,3}$/im,
      keywords: ['permissions'],
      label: 'Wildcard permissions',
      confidence: 0.6,
    },
    {
      re: /\b(?:request|require|ask\s{1,3}for|grant|give|obtain|acquire)(?:s|ing|ed)?\s{1,3}(?:(?:yourself|the\s{1,3}agent|it|me|us|this\s{1,3}skill)\s{1,3})?(?:full|unrestricted|complete|unlimited|total|root|admin(?:istrator)?|superuser)\s{1,3}(?:system\s{1,3}|file\s{1,3}system\s{1,3})?(?:access|permissions?|privileges?|control|rights)\b/i,
      keywords: ['full', 'unrestricted', 'complete', 'unlimited', 'total', 'root', 'admin', 'superuser'],
      label: 'Request for full access',
      confidence: 0.5,
    },
    {
      re: /\b(?:escalat(?:e|es|ed|ing)|elevat(?:e|es|ed|ing)|rais(?:e|es|ed|ing))\s{1,3}(?:(?:your|its|the|our|user|process|current)\s{1,3})?(?:privileges?|permissions?|access\s{1,3}level)\b/i,
      keywords: ['escalat', 'elevat', 'rais'],
      label: 'Privilege escalation',
      confidence: 0.6,
    },
    {
      re: /\b(?:bypass|skip|disable|circumvent|override|ignore|suppress)(?:es|s|ing|ed)?\s{1,3}(?:the\s{1,3}|any\s{1,3}|all\s{1,3})?(?:permission|authori[sz]ation|access|auth|sandbox|approval)\s{1,3}(?:checks?|prompts?|controls?|restrictions?|dialogs?|requests?)\b/i,
      keywords: ['permission', 'authori', 'access', 'auth', 'sandbox', 'approval'],
      label: 'Bypass of permission checks',
      confidence: 0.65,
    },
    {
      re: /--dangerously-skip-permissions\b|--permission-mode[\s=]{1,3}["']?bypassPermissions\b|--yolo\b|--dangerously-bypass-approvals-and-sandbox\b/,
      keywords: ['dangerously', 'bypasspermissions', 'yolo'],
      label: 'Agent run with permission prompts disabled',
      confidence: 0.7,
    },
  ],
});
