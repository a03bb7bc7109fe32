import { viewsOf } from '../../analysis/views.js';
import type { LineIndex } from '../../analysis/lines.js';
import type { PatternSpec, RuleHit } from '../types.js';
import { defineRule } from '../types.js';
import { scanSpecs } from './scan.js';

const TLS_OFF = 'TLS certificate verification disabled';
const CORS_ANY = 'CORS open to every origin';

export const TM3_SPECS: readonly PatternSpec[] = [
    {
      re: /\bverify\s*=\s*False\b|\bssl\._create_unverified_context\b|\bCERT_NONE\b|\bcheck_hostname\s*=\s*False\b/,
      keywords: ['verify', 'ssl', 'cert_none', 'check_hostname'],
      label: `${TLS_OFF} (Python)`,
      confidence: 0.7,
    },
    {
      re: /\brejectUnauthorized\s*:\s*false\b|\bNODE_TLS_REJECT_UNAUTHORIZED\s*[=:]\s*["']?0\b|\bInsecureSkipVerify\s*:\s*true\b/,
      keywords: ['rejectunauthorized', 'node_tls_reject_unauthorized', 'insecureskipverify'],
      label: TLS_OFF,
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
      label: CORS_ANY,
      confidence: 0.55,
    },
    {
      re: /\bchmod\s+(?:-[a-zA-Z]+\s+){0,3}0?(?:777|666|a\+rwx|o\+w)(?![\w])|\b(?:os\.chmod|chmodSync|fs\.chmod)\s*\([^\n)]{0,200}?,\s*0o?(?:777|666)\b|\bmode\s*[:=]\s*["']?0o?(?:777|666)\b/,
      keywords: ['777', '666', 'rwx', 'o+w'],
      label: 'World-writable permissions',
      confidence: 0.65,
    },
];

const LOOPBACK = /\b(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[?::1\]?)(?![\w.-])/i;
// The header of a block that runs only on a condition: if/elif/else if/else/case/when, or `?:` on the line.
const GUARD_HEAD = /^\s*(?:\}\s*)?(?:if|elif|else\s+if|else|unless|case|when|switch)\b/;
const LITERAL_TRUE = /^\s*(?:\}\s*)?(?:if|elif|else\s+if)\s*\(?\s*(?:true|True|1)\s*\)?\s*[:{]?\s*$/;
const SAME_LINE_CONDITION = /\?[^:\n]{0,200}:|\bif\b[^\n]{0,160}\belse\b|&&/;
const CREDENTIALS = /Access-Control-Allow-Credentials["']?\s*[:,=]\s*["']?true|\b(?:credentials|supports_credentials|allow_credentials|allowCredentials)\s*[:=]\s*(?:true|True)\b/i;

const indentOf = (t: string): number => t.length - t.trimStart().length;

/** The nearest enclosing block header above `line` (a less-indented non-blank line within 8 lines). */
function enclosingHead(index: LineIndex, line: number): string | null {
  const own = indentOf(index.lineText(line).slice(0, 400));
  for (let l = line - 1; l >= Math.max(1, line - 8); l -= 1) {
    const t = index.lineText(l).slice(0, 400);
    if (t.trim() === '') continue;
    if (indentOf(t) < own) return t;
  }
  return null;
}

/**
 * TLS verification switched off behind a condition (an `--insecure` flag, a setting the user opts into)
 * or for a loopback address is a local-development escape hatch, not a weakened default: LOW. CORS `*`
 * only matters together with credentials (browsers refuse credentials to `*`): LOW without them.
 */
function adjust(hit: RuleHit, index: LineIndex): RuleHit {
  const label = hit.label ?? '';
  const text = index.lineText(hit.line).slice(0, 4_000);
  if (label.startsWith(TLS_OFF)) {
    const near = [hit.line - 2, hit.line - 1, hit.line, hit.line + 1, hit.line + 2]
      .filter((l) => l >= 1 && l <= index.count).map((l) => index.lineText(l).slice(0, 400)).join('\n');
    if (LOOPBACK.test(near)) return { ...hit, severity: 'LOW', confidence: 0.3, label: `${label}, for a loopback address` };
    const head = enclosingHead(index, hit.line);
    if (SAME_LINE_CONDITION.test(text) || (head !== null && GUARD_HEAD.test(head) && !LITERAL_TRUE.test(head))) {
      return { ...hit, severity: 'LOW', confidence: 0.3, label: `${label} behind an opt-in condition` };
    }
    return hit;
  }
  if (label === CORS_ANY) {
    let credentials = false;
    for (let l = Math.max(1, hit.line - 5); l <= Math.min(index.count, hit.line + 5) && !credentials; l += 1) {
      credentials = CREDENTIALS.test(index.lineText(l).slice(0, 400));
    }
    return credentials ? { ...hit, label: `${label} with credentials allowed`, confidence: 0.65 } : { ...hit, severity: 'LOW', confidence: 0.35 };
  }
  return hit;
}

export const tm3 = defineRule({
  kind: 'custom',
  meta: {
    id: 'TM3',
    category: 'Tool Misuse',
    severity: 'MEDIUM',
    confidence: 0.6,
    title: 'Insecure Tool Configuration',
    description:
      'Settings that switch off a safeguard in a tool or service: TLS verification off (`verify=False`, `rejectUnauthorized: false`, `NODE_TLS_REJECT_UNAUTHORIZED=0`, `InsecureSkipVerify`), authentication disabled or anonymous access, CORS open to `*` together with credentials, world-writable modes 777/666. Each one exposes the agent\'s traffic or files to anyone on the path. TLS verification switched off only behind a condition (an `--insecure` option the user opts into) or for a loopback address (localhost, 127.0.0.1, ::1) is a local-development escape hatch and is reported LOW; so is CORS `*` without credentials (browsers never send credentials to `*`).',
    remediation:
      'Keep certificate verification on (point to a CA bundle if needed), require authentication, list allowed CORS origins, and use the narrowest file modes (600/644/755).',
  },
  check(ctx) {
    const index = viewsOf(ctx.file.text).raw.index;
    return scanSpecs(ctx.file, TM3_SPECS).map((h) => adjust(h, index));
  },
});
