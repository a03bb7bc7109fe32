import { defineRule } from '../types.js';

export const tm3 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'TM3',
    category: 'Tool Misuse',
    severity: 'MEDIUM',
    confidence: 0.6,
    title: 'Insecure Tool Configuration',
    description:
      'Settings that switch off a safeguard in a tool or service: TLS verification off (`verify=False`, `rejectUnauthorized: false`, `NODE_TLS_REJECT_UNAUTHORIZED=0`, `InsecureSkipVerify`), authentication disabled or anonymous access, CORS open to `*`, world-writable modes 777/666. Each one exposes the agent\'s traffic or files to anyone on the path.',
    remediation:
      'Keep certificate verification on (point to a CA bundle if needed), require authentication, list allowed CORS origins, and use the narrowest file modes (600/644/755).',
  },
  patterns: [
    {
      re: /\bverify\s*=\s*False\b|\bssl\._create_unverified_context\b|\bCERT_NONE\b|\bcheck_hostname\s*=\s*False\b/,
      keywords: ['verify', 'ssl', 'cert_none', 'check_hostname'],
      label: 'TLS certificate verification disabled (Python)',
      confidence: 0.7,
    },
    {
      re: /\brejectUnauthorized\s*:\s*false\b|\bNODE_TLS_REJECT_UNAUTHORIZED\s*[=:]\s*["']?0\b|\bInsecureSkipVerify\s*:\s*true\b/,
      keywords: ['rejectunauthorized', 'node_tls_reject_unauthorized', 'insecureskipverify'],
      label: 'TLS certificate verification disabled',
      confidence: 0.7,
    },
    {
      re: /\b(?:strict-ssl|sslVerify|ssl_verify|sslverify)\s*[=:]?\s*["']?(?:false|0|no)\b/i,
      keywords: ['ssl'],
      label: 'Package manager or git TLS verification disabled',
      confidence: 0.6,
    },
    {
      re: /\b(?:auth|authentication|authorization|require_?auth|auth_?enabled|security_?enabled)\s*[:=]\s*["']?(?:false|off|disabled?)\b|--(?:no-auth|disable-auth|skip-auth)\b/i,
      keywords: ['auth', 'security'],
      label: 'Authentication disabled',
      confidence: 0.5,
    },
    {
      re: /\b(?:allow_?anonymous|anonymous_?(?:access|auth|enabled|login))\s*[:=]?\s*["']?(?:true|yes|on|enabled?)\b/i,
      keywords: ['anonymous'],
      label: 'Anonymous access enabled',
      confidence: 0.55,
    },
    {
      re: /Access-Control-Allow-Origin["']?\s*[:,=]\s*["']?\*|\b(?:allow_origins|allowedOrigins|origins?)\s*[:=]\s*\[?\s*["']\*["']/i,
      keywords: ['access-control-allow-origin', 'origin'],
      label: 'CORS open to every origin',
      confidence: 0.55,
    },
    {
      re: /\bchmod\s+(?:-[a-zA-Z]+\s+){0,3}0?(?:777|666|a\+rwx|o\+w)(?![\w])|\b(?:os\.chmod|chmodSync|fs\.chmod)\s*\([^\n)]{0,200}?,\s*0o?(?:777|666)\b|\bmode\s*[:=]\s*["']?0o?(?:777|666)\b/,
      keywords: ['777', '666', 'rwx', 'o+w'],
      label: 'World-writable permissions',
      confidence: 0.65,
    },
  ],
});
