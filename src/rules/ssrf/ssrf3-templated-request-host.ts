import { bestPerLine, hitOf, scanFile, type Matcher, matcherTable } from '../kit/scan-helpers.js';
import { defineRule, type RuleHit } from '../types.js';
import { type FileView } from '../../model/bundle.js';
import { requestBefore } from './request-call.js';

const SCHEME = String.raw`(?:https?|wss?|ftp)://`;

// The templated URL is matched first; the rule then requires a request call before it on the line,
// or (kind `assign`) a URL-ish variable being assigned.
export const MATCHERS: readonly Matcher[] = matcherTable('SSRF3', [
  {
    re: new RegExp(String.raw`\bf["']${SCHEME}\{|\x60${SCHEME}\$\{|["']${SCHEME}["']\s{0,3}\+|["']${SCHEME}(?:\{\}|%s)[^"'\n]{0,200}["']\s{0,3}(?:\.format\s{0,3}\(|%)`, 'i'),
    keywords: ['://'],
    label: 'Request URL with a templated host',
    confidence: 0.6,
  },
  {
    // The whole variable, so one host variable is one issue (not one per first letter), without the quote.
    re: new RegExp(String.raw`${SCHEME}\$(?:\{[A-Za-z_]\w{0,60}\}?|[A-Za-z_]\w{0,60})`),
    keywords: ['://$'],
    label: 'Shell request to a variable host',
    confidence: 0.45,
    kind: 'shell',
  },
]);

const PROSE_OR_CONFIG: ReadonlySet<string> = new Set(['markdown', 'text', 'json', 'yaml', 'toml', 'ini', 'xml', 'env', 'other']);
const CONFIGURED_HOST = /:\/\/\$\{?[A-Z][A-Z0-9_]{1,60}\}?(?=[:/"'\x60\s]|$)/;
const ASSIGN = /\b\w{0,20}(?:url|uri|endpoint|target|host|addr)\w{0,10}\s{0,3}=\s{0,3}$/i;
const SHELL_CALL = /\b(?:curl|wget)\s/;

function check(file: FileView): RuleHit[] {
  const hits: RuleHit[] = [];
  for (const c of scanFile(file, MATCHERS)) {
    const before = c.lineText.slice(Math.max(0, c.column - 160), c.column);
    let hit: RuleHit | null = null;
    if (c.matcher.kind === 'shell') {
      if (SHELL_CALL.test(before)) hit = hitOf(c);
    } else if (requestBefore(c.lineText, c.column)) hit = hitOf(c);
    else if (ASSIGN.test(before)) hit = hitOf(c, 0.45);
    // Documentation calling "https://${ELASTICSEARCH_HOST}/…": an endpoint the user configures, named in
    // upper case as an environment or configuration variable, not a host taken from input.
    if (hit && PROSE_OR_CONFIG.has(file.type) && CONFIGURED_HOST.test(c.lineText.slice(c.column, c.column + 80))) {
      hit = hitOf(c, 0.2, 'LOW');
      hit.tags = [...(hit.tags ?? []), 'configured-endpoint'];
    }
    if (hit) hits.push(hit);
  }
  return bestPerLine(hits, 'MEDIUM');
}

export const ssrf3 = defineRule({
  kind: 'custom',
  meta: {
    id: 'SSRF3',
    category: 'SSRF',
    severity: 'MEDIUM',
    confidence: 0.55,
    title: 'Request Host Built From Input',
    description:
      'A request whose URL host is filled in at run time: f"http://{host}/…", `https://${host}/…`, "http://" + host, "http://{}".format(host), "http://%s" % host, or curl "http://$HOST/…", and URL variables assigned such a value. When the host comes from the model, a document or the user, the skill can be steered to internal services or the metadata endpoint. URLs with a fixed host and a templated path are not flagged; documentation calling an endpoint named by an upper-case configuration variable (https://${ELASTICSEARCH_HOST}/…) is LOW. One finding per line.',
    remediation:
      'Keep request hosts fixed, or validate a supplied host against an allow-list and refuse loopback, link-local and private addresses after DNS resolution.',
  },
  check: (ctx) => check(ctx.file),
});
