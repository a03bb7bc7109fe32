import { viewsOf } from '../../analysis/views.js';
import type { PatternSpec, RuleHit } from '../types.js';
import { defineRule } from '../types.js';
import type { ChainSpec } from './scan.js';
import { chainHits, scanSpecs } from './scan.js';

const DOCKERFILE = /(?:^|\/)(?:Dockerfile|Containerfile)(?:\.[\w.-]+)?$|\.(?:dockerfile|containerfile)$/i;
const GAP = 500;

/** Multi-step chains: each step found on its own, linked when the gap between steps is ≤ 500 chars. */
export const TM2_CHAINS: readonly ChainSpec[] = [
  {
    steps: [
      // A download that lands in a file: curl -o/-O/--output/>, wget (saves by default), iwr -OutFile.
      /\bcurl\b[^\n|;]{0,200}?\s(?:-[a-zA-Z]*[oO](?=\s|$)|--output\b|--remote-name\b|>\s*\S)|\bwget\b|\b(?:Invoke-WebRequest|iwr)\b[^\n|;]{0,200}?-OutFile\b/i,
      /\bchmod\s+(?:-\w+\s+)?(?:[ugoa]*\+[rw]*x|[0-7]?[0-7][157][0-7]?)\b/,
      /(?:&&|;|\|\||^)[ \t]*(?:sudo\s+)?(?:\.\/|\/tmp\/|\/dev\/shm\/|(?:ba|z|da)?sh\s+\S|source\s+\S)/m,
    ],
    maxGap: GAP,
    keywords: ['chmod'],
    label: 'Download, make executable and run',
    confidence: 0.8,
  },
  {
    steps: [
      /\b(?:first|step\s*1)\b/i,
      /\b(?:disable|turn\s+off|bypass|remove|deactivate|kill)\s+(?:the\s+|all\s+|any\s+)?(?:sandbox(?:ing)?|safety|security|permission|approval|firewall|antivirus|audit(?:ing)?|logging|monitoring|edr)\b/i,
      /\b(?:then|next|step\s*2|afterwards?)\b/i,
    ],
    maxGap: GAP,
    keywords: ['first', 'step'],
    label: 'Multi-step chain that starts by disabling a safeguard',
    confidence: 0.7,
  },
];

export const TM2_SPECS: readonly PatternSpec[] = [
  {
    re: /(?:&&|;|\|\|)\s*(?:history\s+-c\b|unset\s+HISTFILE\b|export\s+HISTFILE=\/dev\/null|rm\s+(?:-\w+\s+)?(?:~|\$HOME)\/\.(?:bash|zsh)_history\b|shred\b[^\n;&|]{0,60}_history\b)/,
    keywords: ['history', 'histfile'],
    label: 'Command chain that erases shell history',
    confidence: 0.8,
  },
  {
    re: /\b(?:setenforce\s+0|ufw\s+disable|systemctl\s+(?:stop|disable|mask)\s+(?:firewalld|apparmor|auditd|ufw|falcon-sensor|osqueryd)|iptables\s+-F|Set-MpPreference\s+-Disable\w+\s+\$?true|spctl\s+--master-disable)\b[^\n;&]{0,200}(?:&&|;)\s*\S/i,
    keywords: ['setenforce', 'ufw', 'systemctl', 'iptables', 'set-mppreference', 'spctl'],
    label: 'Security control disabled and followed by more commands',
    confidence: 0.75,
  },
  {
    re: /\b(?:split|break|divide|spread)\s+(?:the\s+|this\s+|your\s+)?(?:task|request|command|payload|action|operation)s?\s+(?:up\s+)?(?:into|across)\s+(?:several|multiple|smaller|separate|many|innocuous|harmless)\b[^\n]{0,160}?\b(?:avoid|evade|bypass|escape|slip\s+past|not\s+(?:be\s+)?(?:detected|flagged|noticed|blocked))\b/i,
    keywords: ['split', 'break', 'divide', 'spread'],
    label: 'Splitting an action into steps to evade review',
    confidence: 0.8,
  },
];

export const tm2 = defineRule({
  kind: 'custom',
  meta: {
    id: 'TM2',
    category: 'Tool Misuse',
    severity: 'HIGH',
    confidence: 0.75,
    title: 'Dangerous Command Chaining',
    description:
      'Multi-step chains whose steps are each ordinary but together are an attack: download → chmod +x → run, a command chain that wipes shell history, disabling a firewall or SELinux and carrying on, or a plan that first disables a safeguard, or splits a task into innocuous steps to avoid review. Steps are linked only when at most 500 characters apart. Dockerfile RUN idioms are reported LOW (0.15).',
    remediation:
      'Pin and verify downloaded artefacts (checksum or signature) before running them, never disable host security controls, and keep each step visible to the user.',
  },
  check(ctx) {
    const { file } = ctx;
    const hits: RuleHit[] = [...chainHits(file, TM2_CHAINS), ...scanSpecs(file, TM2_SPECS)];
    if (hits.length === 0) return hits;
    // Dockerfile RUN instructions fetch and install as a matter of course.
    const dockerfile = DOCKERFILE.test(file.path);
    const index = viewsOf(file.text).raw.index;
    return hits.map((h) =>
      dockerfile || /^\s*RUN\s/i.test(index.lineText(h.line))
        ? { ...h, severity: 'LOW' as const, confidence: 0.15, tags: [...(h.tags ?? []), 'dockerfile-idiom'] }
        : h,
    );
  },
});
