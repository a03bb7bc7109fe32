import { bestPerLine, hitOf, scanFile, type Matcher, matcherTable } from '../kit/scan-helpers.js';
import { defineRule, type RuleHit } from '../types.js';
import { type FileView } from '../../model/bundle.js';
import { requestBefore } from './request-call.js';

// The host follows a scheme, a quote, `@` or whitespace, so `version 10.0.0.1` inside prose is not taken
// for a URL unless a request call precedes it. The address is matched first (cheap, anchored on digits or
// `localhost`) and the request call is then looked for just before it.
const LEAD = String.raw`(?:https?:\/\/|(?<=["'\x60\s@]))`;
const END = String.raw`(?=[:/"'\x60\s)\]]|$)`;

export const MATCHERS: readonly Matcher[] = matcherTable('SSRF2', [
  { re: new RegExp(String.raw`${LEAD}(?:localhost|127(?:\.\d{1,3}){3}|\[::1?\])${END}`, 'im'), keywords: ['localhost', '127.', '[::'], label: 'Request to loopback', confidence: 0.45, kind: 'loopback' },
  { re: new RegExp(String.raw`${LEAD}0\.0\.0\.0${END}`, 'm'), keywords: ['0.0.0.0'], label: 'Request to 0.0.0.0', confidence: 0.5 },
  {
    re: new RegExp(String.raw`${LEAD}(?:10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2})${END}`, 'm'),
    keywords: ['10.', '192.168.', '172.'],
    label: 'Request to a private network address',
    confidence: 0.55,
  },
]);

// Documentation and configuration that call a loopback address are talking to a server the user runs
// (a dev server, a local model, a health check): nothing leaves the machine or reaches another host.
const PROSE_OR_CONFIG: ReadonlySet<string> = new Set(['markdown', 'text', 'json', 'yaml', 'toml', 'ini', 'xml', 'env', 'other']);

function check(file: FileView): RuleHit[] {
  const hits = scanFile(file, MATCHERS)
    .filter((c) => requestBefore(c.lineText, c.column))
    .map((c) => {
      if (c.matcher.kind === 'loopback' && PROSE_OR_CONFIG.has(file.type)) {
        const hit = hitOf(c, 0.2, 'LOW');
        hit.tags = [...(hit.tags ?? []), 'local-server'];
        return hit;
      }
      return hitOf(c);
    });
  return bestPerLine(hits, 'MEDIUM');
}

export const ssrf2 = defineRule({
  kind: 'custom',
  meta: {
    id: 'SSRF2',
    category: 'SSRF',
    severity: 'MEDIUM',
    confidence: 0.5,
    title: 'Request to Internal Network',
    description:
      'HTTP requests to loopback or private addresses: localhost, 127.0.0.0/8, 0.0.0.0, [::1], 10.0.0.0/8, 192.168.0.0/16 and 172.16.0.0/12. A skill that reaches into the user\'s local network can talk to admin panels, databases and dev servers that trust local callers. Loopback is the weakest signal (local dev servers are common), private ranges the strongest; a loopback call in documentation or configuration (a local model server, a health check) is LOW. One finding per line.',
    remediation:
      'Only call the services the skill documents. Make any local endpoint explicit and configurable by the user.',
  },
  check: (ctx) => check(ctx.file),
});
