import type { Matcher } from '../kit/scan-helpers.js';
import { instructionHits } from '../prompt-injection/addressee.js';
import { defineRule } from '../types.js';

// A negation just before the verb ("do not disable safety checks", "never bypass the sandbox") is a
// constraint, not an instruction; the lookbehind drops it outright rather than leaving it to triage.
const NEGATION = String.raw`\b(?:not|never|n't|no|without|avoid|cannot)\s{1,3}(?:[a-z]+\s{1,3}){0,2}`;
/** Look-behinds placed after the verb, so they run only where a verb matched (a leading one runs everywhere). */
const notNegated = (verbs: string): string => String.raw`(?<!${NEGATION}${verbs})`;
// A relative clause or a statement of what something can do describes behaviour ("defaults that disable
// security features", "the agent can modify its own configuration"); an instruction is said to the agent.
const DESCRIBED = String.raw`\b(?:that|which|who|whose|can|could|may|might|would|will|often|typically|usually|commonly|sometimes)\s{1,3}`;
const notDescribed = (verbs: string): string => String.raw`(?<!${DESCRIBED}${verbs})`;
const MODIFY = String.raw`(?:modify|rewrite|update|edit|overwrite|patch|change)`;
const DISABLE = String.raw`(?:disable|turn\s+off|bypass|remove|deactivate|circumvent|skip)`;
const SELF = String.raw`self[-_ ]?(?:modif(?:y|ying|ies|ication)|rewrit(?:e|ing)|replicat(?:e|ing|ion))`;
// Ways a script refers to its own location.
const SELF_DIR = String.raw`(?:__file__|__dirname|__filename|import\.meta\.(?:url|dirname)|\$0|\$\{?BASH_SOURCE|\$\{?CLAUDE_SKILL_DIR|\$\{?SKILL_DIR|SCRIPT_DIR)`;

const MATCHERS: readonly Matcher[] = [
  {
    re: /\bopen\(\s*(?:__file__|sys\.argv\[0\])\s*,\s*["'](?:w|a|r\+|wb|ab)["']|\bPath\(\s*__file__\s*\)(?:\.resolve\(\))?\.write_(?:text|bytes)\(|\b(?:writeFileSync|writeFile|appendFileSync|appendFile)\(\s*(?:__filename|process\.argv\[1\]|fileURLToPath\(\s*import\.meta\.url\s*\))/,
    keywords: ['__file__', 'argv', '__filename', 'import.meta'],
    label: 'Script writes to its own source file',
    confidence: 0.9,
  },
  {
    re: /(?:>>?|\btee\s+(?:-a\s+)?|\bsed\s+-i\S*\s+[^\n]{0,200}?)\s*["']?\$(?:0|\{0\})(?=["'\s;&|)]|$)/m,
    keywords: ['$0', '${0}'],
    label: 'Shell script rewrites itself',
    confidence: 0.85,
  },
  {
    re: new RegExp(String.raw`${SELF_DIR}[^\n]{0,120}?SKILL\.md["']?\)?[^\n]{0,60}?(?:\.write_text\(|\.write\(|,\s*["'][wa]b?["']|writeFile|appendFile)|(?:>>?|\btee\s+(?:-a\s+)?|\bsed\s+-i\S*\s+[^\n]{0,200}?)\s*["']?${SELF_DIR}[^\s;&|]{0,80}SKILL\.md`),
    keywords: ['skill.md'],
    label: 'Script writes its own SKILL.md',
    confidence: 0.85,
  },
  {
    re: new RegExp(String.raw`\b${MODIFY}${notNegated(MODIFY)}\s+(?:your|this\s+skill'?s?)\s+own\s+(?:SKILL\.md|instructions|code|source(?:\s+code)?|prompt|skill\s+files?|definition|configuration)\b|\b${MODIFY}${notNegated(MODIFY)}${notDescribed(MODIFY)}(?<!\b(?:agents?|skills?|it|they|models?|assistants?)\s{1,3}${MODIFY})\s+its\s+own\s+(?:SKILL\.md|instructions|code|source(?:\s+code)?|prompt|skill\s+files?|definition|configuration)\b`, 'i'),
    keywords: ['own'],
    label: 'Instruction to modify its own definition',
    confidence: 0.8,
  },
  {
    re: new RegExp(String.raw`\b${SELF}${notNegated(SELF)}\b`, 'i'),
    keywords: ['self'],
    label: 'Self-modification',
    confidence: 0.6,
    kind: 'topic',
  },
  {
    re: new RegExp(String.raw`\b${DISABLE}${notNegated(DISABLE)}${notDescribed(DISABLE)}\s+(?:all\s+|any\s+|the\s+|your\s+|its\s+)?(?:own\s+)?(?:safety|security|sandbox(?:ing)?|guard ?rail|permission|content)\s+(?:checks?|filters?|guards?|mechanisms?|restrictions?|controls?|measures|features|hooks?)\b`, 'i'),
    keywords: ['disable', 'turn off', 'bypass', 'remove', 'deactivate', 'circumvent', 'skip'],
    label: 'Instruction to disable safety checks',
    confidence: 0.8,
  },
];

export const ra1 = defineRule({
  kind: 'custom',
  meta: {
    id: 'RA1',
    category: 'Rogue Agent',
    severity: 'HIGH',
    confidence: 0.8,
    title: 'Self-Modification or Safety Disablement',
    description:
      'A skill that rewrites its own code or SKILL.md (`open(__file__, "w")`, writing SKILL.md next to the running script, "modify your own instructions") or tells the agent to disable its safety checks. Self-modifying skills can pass review and then change what they do; negated safety constraints ("do not disable safety checks") are not reported.',
    remediation:
      'Ship skills as immutable files: no writes to the skill\'s own directory or SKILL.md, and no instructions that switch off safety mechanisms.',
  },
  check(ctx) {
    return instructionHits(ctx, MATCHERS, { severity: 'HIGH', confidence: 0.8 }, undefined, (j, c) =>
      // The word alone ("self-modifying code", a heading in a reverse-engineering guide) names a topic in
      // reference documentation; in SKILL.md and code it stays.
      c.matcher.kind === 'topic' && (j.place === 'doc-prose' || j.place === 'doc-code') ? undefined : j.hit,
    );
  },
});
