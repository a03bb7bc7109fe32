import type { Matcher } from '../kit/scan-helpers.js';
import { instructionHits } from '../prompt-injection/addressee.js';
import { defineRule } from '../types.js';

/** What the agent would otherwise ask the user for. */
const CONSENT = String.raw`(?:permission|confirmation|approval|consent|sign-?off|go-?ahead|authori[sz]ation|the\s+ok(?:ay)?|an?\s+ok(?:ay)?)`;
/** Ways of asking. */
const ASK = String.raw`(?:ask(?:ing)?|check(?:ing)?\s+(?:in\s+|back\s+)?with|consult(?:ing)?|confirm(?:ing)?\s+with|seek(?:ing)?|request(?:ing)?|get(?:ting)?|prompt(?:ing)?|bother(?:ing)?|interrupt(?:ing)?|ping(?:ing)?|stop(?:ping)?\s+to\s+ask|paus(?:e|ing)\s+to\s+(?:ask|confirm|check))`;
const WHO = String.raw`(?:(?:the\s+|a\s+)?(?:user|human|operator|owner|person|people|anyone|anybody|me|them|you)\s+)`;
const NOT = String.raw`(?:never|don'?t|do\s+not|no\s+need\s+to|there\s+is\s+no\s+need\s+to|you\s+(?:don'?t|do\s+not|never)\s+need\s+to|without(?:\s+ever)?|not\s+once)`;

/** Told not to ask: "never ask the user for permission", "no need to check with anyone for approval". */
const NOT_ASK = String.raw`${NOT}\s+(?:ever\s+)?${ASK}\s+${WHO}?(?:(?:for|about|before\s+getting)\s+)?(?:(?:their|your|any|explicit|prior|a|the)\s+)?${CONSENT}\b`;
/** "do not wait for the user's approval" (a reviewer's, a human's on a PR or CI approval is somebody else's step). */
const NOT_WAIT = String.raw`(?:do\s+not|don'?t|never|no\s+need\s+to)\s+wait\s+for\s+(?:(?:the\s+user'?s?|user|your|my)\s+(?:permission|confirmation|approval|consent|go-?ahead)\b|(?:the\s+)?(?:user|human)\s+to\s+(?:approve|confirm|agree|consent|respond|reply)\b)`;
/** "never check with the user before deleting", "don't ask anyone first". */
const NOT_CHECK = String.raw`(?:never|don'?t|do\s+not|no\s+need\s+to)\s+(?:ever\s+)?(?:ask|check\s+(?:in\s+|back\s+)?with|confirm\s+with|consult|bother|interrupt)\s+(?:the\s+)?(?:user|human|operator|owner|anyone|anybody)\s+(?:before\b|first\b|prior\s+to\b|about\s+(?:it|this|that|changes|actions)\b)`;
/** "don't ask, just do it". */
const JUST_DO = String.raw`(?:don'?t|do\s+not|never)\s+ask\s*[,;:–—-]+\s*(?:just\s+)?(?:do|act|run|execute|proceed|go\s+ahead|apply|delete)\b`;

// Few matchers, each one pass over the text: forms with the same meaning share a regex.
const MATCHERS: readonly Matcher[] = [
  {
    re: /--dangerously-skip-permissions\b|\bbypassPermissions\b/,
    keywords: ['dangerously-skip-permissions', 'bypasspermissions'],
    label: 'Agent permission prompts disabled',
    confidence: 0.8,
    kind: 'flag',
  },
  {
    // "without asking for confirmation", "without any human review", "without checking with the user".
    re: /\bwithout\s+(?:first\s+|ever\s+|any\s+)?(?:(?:asking|requesting|seeking|waiting\s+for|prompting(?:\s+the\s+user)?\s+for|getting)\s+(?:for\s+)?(?:the\s+)?(?:user'?s?\s+|human\s+|explicit\s+)?(?:permission|confirmation|approval|consent)|(?:user|human|manual)\s+(?:confirmation|approval|review|consent|intervention)|(?:(?:checking|confirming)\s+(?:in\s+|back\s+)?with|consulting)\s+(?:the\s+)?(?:user|anyone|anybody|a\s+human|the\s+owner))\b/i,
    keywords: ['without'],
    label: 'Acts without asking',
    confidence: 0.65,
  },
  {
    re: new RegExp(String.raw`\b(?:${NOT_ASK}|${NOT_WAIT}|${NOT_CHECK}|${JUST_DO})`, 'i'),
    keywords: ['never', "don't", 'dont', 'do not', 'no need', 'without', 'not once'],
    label: 'Told not to ask for confirmation',
    confidence: 0.75,
  },
  {
    // "assume the user has already approved", "treat every action as pre-approved".
    re: /\bassume\s+(?:that\s+)?(?:the\s+)?(?:user|they|everyone|the\s+owner|consent)\s+(?:has\s+|have\s+|is\s+)?(?:already\s+|always\s+)?(?:approved|consented|agreed|confirmed|authori[sz]ed|said\s+yes|given)\b|\b(?:treat|consider|regard)\s+(?:all|every|any|each)\s+(?:actions?|changes?|commands?|operations?|requests?|steps?|tool\s+calls?|edits?|deletions?)\s+as\s+(?:already\s+|pre-?)?(?:approved|authori[sz]ed|confirmed|consented(?:\s+to)?)\b/i,
    keywords: ['assume', 'approved', 'authorized', 'authorised', 'confirmed', 'consented'],
    label: 'Consent assumed',
    confidence: 0.75,
  },
  {
    // A confirmation step of the agent switched off; a CLI's own prompt skipped with a named flag (`--yes`,
    // `-y`, `--force`) is how non-interactive tools are run and is left out.
    re: /\bskip(?:s|ping)?\s+(?:all\s+|any\s+|the\s+)?(?:user\s+)?(?:confirmation|approval|permission)\s*(?:prompts?|steps?|checks?|dialogs?|requests?)?\b(?![^\n]{0,80}(?:`-|\s--?(?:y|yes|f|force|no-input|non-interactive|assume-yes|quiet|auto-approve)\b))(?<!(?:`-|\s--?(?:y|yes|f|force|no-input|non-interactive|assume-yes|quiet)\b)[^\n]{0,80})/i,
    keywords: ['skip'],
    label: 'Skips confirmation',
    confidence: 0.65,
  },
  {
    // (The look-behind that keeps "groups enable auto-approval" out sits after the verb: a leading one would
    // run at every position.)
    // Auto-approval switched on: "enable auto-approve", `autoApprove: true`, `"autoApprove": [...]`, or the
    // CLI flag. A heading or a sentence about it ("Auto-approve rules apply to …", "increases auto-approve
    // within minutes") describes a state, not an instruction; a saved, reviewed plan (`-auto-approve tfplan`)
    // is what it is for.
    re: /(?:^|[\s"'=([{,;:|])--?auto[-_]?approve\b(?!\s+[\w./-]*(?:tfplan|\.plan|plan\.out)\b)|\b(?:enable|turn\s+on|switch\s+on|set|use|activate|allow|configure)(?<=(?:^|[.!?;:]\s{0,3}|^\s{0,8}(?:[-*+]|\d{1,3}[.)])\s{1,3}|\b(?:and|then|please|always|must|should|to|you)\s{1,3})(?:enable|turn\s+on|switch\s+on|set|use|activate|allow|configure))\s+(?:the\s+)?auto[-_ ]?(?:approve|approval|execute|execution|confirm|accept|run)(?!\s+(?:rules?|polic(?:y|ies)|settings?|workflows?|features?|options?|groups?|blocks?|checks?)\b)(?:\s+(?:mode|for\s+(?:all|every|any)))?\b|\bauto[-_]?(?:approve|execute|confirm|accept|run)["']?\s*[:=]\s*(?:true\b|yes\b|on\b|1\b|\[)|\bauto[-_ ]?(?:approve|accept|confirm|execute)\s+(?:all|every|any|each)\s+(?:tool\s+calls?|commands?|actions?|requests?|changes?|edits?|operations?)\b/i,
    keywords: ['auto-approv', 'auto_approv', 'autoapprov', 'auto approv', 'auto-execut', 'auto_execut', 'autoexecut', 'auto execut', 'auto-confirm', 'auto_confirm', 'autoconfirm', 'auto confirm', 'auto-accept', 'auto_accept', 'autoaccept', 'auto accept', 'auto-run', 'auto_run', 'autorun', 'auto run'],
    label: 'Automatic approval or execution',
    confidence: 0.55,
    kind: 'flag',
  },
];

// Irreversible actions named in the same sentence: without the user's check these cannot be taken back.
const IRREVERSIBLE =
  /\b(?:delet(?:e|es|ed|ing|ions?)|remov(?:e|es|ing)|wip(?:e|es|ing)|eras(?:e|es|ing)|destroy\w{0,3}|truncat\w{1,4}|overwrit\w{1,4}|drop(?:ping)?\s+(?:the\s+)?(?:database|table|db|schema)|force[- ]?push\w{0,3}|push\s+(?:--force|-f)\b|rm\s+-rf?\b|reset\s+--hard|pay(?:s|ing)?|payments?|purchas\w{1,4}|buy(?:ing)?|transfer(?:s|ring)?\s+(?:money|funds)|refund\w{0,3}|wire\s+(?:money|funds)|send(?:s|ing)?\s+(?:e-?mails?|messages?|money|funds|the\s+reply)|deploy\w{0,3}\s+to\s+prod\w{0,7}|production)\b/i;

function sentenceOf(lineText: string, column: number, length: number): string {
  const before = lineText.slice(Math.max(0, column - 200), column);
  const cut = Math.max(before.lastIndexOf('. '), before.lastIndexOf('! '), before.lastIndexOf('? '));
  const after = lineText.slice(column + length, column + length + 200);
  const stop = after.search(/[.!?](?:\s|$)/);
  return (cut >= 0 ? before.slice(cut + 2) : before) + lineText.slice(column, column + length) + (stop >= 0 ? after.slice(0, stop) : after);
}

export const ea2 = defineRule({
  kind: 'custom',
  meta: {
    id: 'EA2',
    category: 'Excessive Agency',
    severity: 'MEDIUM',
    confidence: 0.65,
    // Flags and settings in scripts and config act as surely as SKILL.md prose; reference pages that
    // describe auto-approval are one level lower.
    calibration: 'behaviour',
    title: 'Actions Without Human Confirmation',
    description:
      'Instructions or flags that make the agent act without asking: "without asking for confirmation", "never check with the user before …", "no need to ask anyone for approval", "assume the user has already approved", "treat every action as pre-approved", enabling auto-approve, skipping permission prompts, `--dangerously-skip-permissions`. Confirmation is the user\'s last check on destructive or irreversible actions, so the finding is HIGH when the same sentence names one (deleting, force-pushing, paying, deploying to production). A CLI\'s own prompt skipped with a named flag (`--yes`), and auto-approval described as a state rather than switched on, are not reported.',
    remediation:
      'Keep the agent\'s confirmation step for actions with side effects; if a step must be automatic, limit it to read-only or clearly reversible operations.',
  },
  check(ctx) {
    return instructionHits(ctx, MATCHERS, { severity: 'MEDIUM', confidence: 0.65 }, undefined, (j, c) =>
      // Told to the agent in prose about deleting, force-pushing, paying or deploying to production: HIGH.
      // (A flag on a command line, `terraform destroy -auto-approve`, is what the command does, not an instruction.)
      c.matcher.kind !== 'flag' && j.addressee === 'direct' && (j.hit.severity ?? 'MEDIUM') === 'MEDIUM' && IRREVERSIBLE.test(sentenceOf(c.lineText, c.column, c.matched.length))
        ? { ...j.hit, severity: 'HIGH', confidence: Math.max(j.hit.confidence ?? 0.65, 0.8) }
        : j.hit,
    );
  },
});
