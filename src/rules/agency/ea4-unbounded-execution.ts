import type { Matcher } from '../kit/scan-helpers.js';
import { downgradeHit } from '../kit/scan-helpers.js';
import { instructionHits, quotedAt } from '../prompt-injection/addressee.js';
import { defineRule } from '../types.js';

// `max_retries=0` is deliberately not a trigger: in common clients (openai, httpx) it disables retries.
const MATCHERS: readonly Matcher[] = [
  {
    re: /\bmax[_-]?(?:retries|attempts|iterations|calls|steps|turns)\s*[:=]\s*(?:None|null|nil|-1\b|float\(\s*["']inf|math\.inf\b|Infinity\b|Number\.POSITIVE_INFINITY\b|inf\b)/i,
    keywords: ['max'],
    label: 'Unlimited retry/iteration setting',
    confidence: 0.7,
  },
  {
    // `timeout: 0` is left out: in UI libraries it means "never auto-dismiss".
    re: /\btimeout\s*=\s*(?:None\b|0(?![.\d\w])|float\(\s*["']inf|math\.inf\b)|\btimeout\s*[:=]\s*(?:null\b|Infinity\b)/i,
    keywords: ['timeout'],
    label: 'Timeout disabled',
    confidence: 0.45,
  },
  {
    re: /\b(?:retry|loop|poll|keep\s+(?:retrying|trying|calling|looping|polling|running))\s+(?:forever|indefinitely|endlessly|without\s+(?:a\s+)?(?:limit|end|stopping))\b/i,
    keywords: ['retry', 'loop', 'poll', 'keep'],
    label: 'Retry or loop forever',
    confidence: 0.6,
  },
  {
    re: /\b(?:unlimited|infinite|unbounded|endless)\s+(?:number\s+of\s+)?(?:retries|retry|attempts|calls|api\s+calls|requests|tool\s+calls|iterations)\b/i,
    keywords: ['unlimited', 'infinite', 'unbounded', 'endless'],
    label: 'Unlimited calls or retries',
    confidence: 0.45,
  },
  {
    re: /\bnever\s+(?:stop|give\s+up)\s+(?:retrying|trying|calling|polling|looping)\b/i,
    keywords: ['never'],
    label: 'Never stop retrying',
    confidence: 0.55,
  },
];

export const ea4 = defineRule({
  kind: 'custom',
  meta: {
    id: 'EA4',
    category: 'Excessive Agency',
    severity: 'MEDIUM',
    confidence: 0.6,
    // Settings in code and config are what runs; reference pages that describe them are one level lower.
    calibration: 'behaviour',
    title: 'Unbounded Calls, Retries or Loops',
    description:
      'Settings or instructions that remove limits on repetition: `max_retries=None`/infinite, `timeout=None`/0, "retry forever", "unlimited API calls", "loop forever". Unbounded agents burn budget, hammer services and never hand control back to the user.',
    remediation: 'Give every retry loop, timeout and call budget a finite value and stop with an error when it is exhausted.',
  },
  check(ctx) {
    return instructionHits(ctx, MATCHERS, { severity: 'MEDIUM', confidence: 0.6 }, undefined, (j, c) => {
      // "What happens with `timeout=0`?": an inline setting asked about in prose is a question, not the setting.
      const rest = c.lineText.slice(c.column + c.matched.length, c.column + c.matched.length + 120);
      const asked = j.place !== 'code' && j.place !== 'config' && quotedAt(c.lineText, c.column) && /^[^.!;\n]{0,80}\?/.test(rest);
      return asked ? downgradeHit(ctx.file, j.index, j.hit, 'quoted-example', { severity: 'MEDIUM', confidence: 0.6 }) : j.hit;
    });
  },
});
