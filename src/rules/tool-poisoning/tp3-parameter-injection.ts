import { defineRule } from '../types.js';
import type { RuleHit } from '../types.js';
import { parametersOf, type ParamSpec } from './parameters.js';
import { manifestSource, type ManifestSource } from '../kit/manifest-text.js';

export const MAX_PARAM_DESCRIPTION = 500;

interface Check {
  re: RegExp;
  label: string;
  confidence: number;
}

const DESCRIPTION_CHECKS: readonly Check[] = [
  {
    re: /\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+|the\s+|your\s+)?(?:previous|prior|above|earlier|system|safety|other)\b|\byou\s+are\s+now\b|\bnew\s+instructions?\s*:/i,
    label: 'Instruction-override phrase in a parameter description',
    confidence: 0.85,
  },
  {
    // Upper-case SYSTEM: or a role label opening a line; "target system: linux" is ordinary prose.
    re: /\bSYSTEM\s*:|(?:^|\n)[ \t]*(?:system|assistant)\s*:|<\/?system>|\[\/?INST\]|<\|im_(?:start|end)\|>|<\|(?:system|assistant|user)\|>|<<\/?SYS>>/,
    label: 'Chat-template or system-prompt token in a parameter description',
    confidence: 0.9,
  },
  {
    re: /\b(?:send|post|upload|transmit|forward|leak)\s[^.\n]{0,40}?\b(?:conversation|chat\s+history|system\s+prompt|api[\s_-]?keys?|credentials?|secrets?|access\s+tokens?|passwords?|environment\s+variables|\.env\b|ssh\s+keys?|cookies)|\bexfiltrat/i,
    label: 'Data-exfiltration instruction in a parameter description',
    confidence: 0.85,
  },
];

const EXTERNAL_URL = /\bhttps?:\/\/(?!(?:localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0)(?:[:/?#]|$))[^\s"'<>]{1,500}/i;
const SHELL_IN_DEFAULT = /\b(?:curl|wget)\s|\b(?:ba|z)?sh\s+-c\b|\beval\s*[("'`$]|\$\([^)\n]{1,200}\)|`[^`\n]{1,200}`|\|\s*(?:ba|z)?sh\b|;\s*rm\s+-|\bpowershell\s+-(?:enc|e|c)\b/i;
// A parameter whose name says it is an endpoint declares the URL openly; still worth a look, less so.
const URL_NAMED = /(?:url|uri|endpoint|host|server|base|api|webhook|link|site|origin)$/i;

function lineFor(src: ManifestSource, key: string, value: string, offset: number): number {
  const field = src.field(key, value);
  return src.lineInField(field, field && field.value === value ? offset : 0);
}

function paramHits(src: ManifestSource, p: ParamSpec): (RuleHit & { file: string })[] {
  const hits: (RuleHit & { file: string })[] = [];
  const base = { file: src.path, tags: [`parameter:${p.name.slice(0, 60)}`] };
  const desc = p.description;
  if (desc !== undefined) {
    const text = desc.slice(0, 65_536);
    for (const c of DESCRIPTION_CHECKS) {
      const m = c.re.exec(text);
      if (m) hits.push({ ...base, line: lineFor(src, 'description', desc, m.index), matched: m[0].trim(), label: c.label, confidence: c.confidence, evidence: { parameter: p.name } });
    }
    if (desc.length > MAX_PARAM_DESCRIPTION) {
      hits.push({ ...base, line: lineFor(src, 'description', desc, 0), matched: desc.slice(0, 120), label: `Parameter description longer than ${MAX_PARAM_DESCRIPTION} characters`, confidence: 0.65, evidence: { parameter: p.name, length: desc.length } });
    }
  }
  if (p.default !== undefined) {
    const dv = p.default.slice(0, 65_536);
    const shell = SHELL_IN_DEFAULT.exec(dv);
    const url = shell ? null : EXTERNAL_URL.exec(dv);
    const m = shell ?? url;
    if (m) {
      const confidence = shell ? 0.75 : URL_NAMED.test(p.name) ? 0.65 : 0.75;
      hits.push({ ...base, line: lineFor(src, 'default', p.default, m.index), matched: m[0], label: shell ? 'Shell command in a parameter default' : 'External URL in a parameter default', confidence, evidence: { parameter: p.name } });
    }
  }
  return hits;
}

export const tp3 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'TP3',
    category: 'Tool Poisoning',
    severity: 'MEDIUM',
    confidence: 0.85,
    title: 'Injection in Parameter Descriptions or Defaults',
    description:
      'Parameter declarations in the manifest that try to steer the agent: override phrases ("ignore previous instructions"), chat-template or SYSTEM tokens, instructions to send conversation data or secrets somewhere, descriptions over 500 characters (room to bury instructions), and defaults that point at an external URL or contain a shell command. Parameter schemas are read by the agent as trusted tool documentation.',
    remediation: 'Describe only what each parameter means, keep descriptions short, and use inert defaults (no external URLs or commands); let the user supply endpoints explicitly.',
    noTriage: true,
  },
  check(bundle, files) {
    const src = manifestSource(bundle, files);
    if (!src) return [];
    const hits: (RuleHit & { file: string })[] = [];
    for (const p of parametersOf(src.manifest.data)) {
      hits.push(...paramHits(src, p));
      if (hits.length >= 256) break;
    }
    return hits;
  },
});
