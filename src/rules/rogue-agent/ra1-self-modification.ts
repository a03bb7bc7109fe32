import { defineRule } from '../types.js';

// A negation just before the verb ("do not disable safety checks", "never bypass the sandbox") is a
// constraint, not an instruction; the lookbehind drops it outright rather than leaving it to triage.
const NOT_NEGATED = String.raw`(?<!\b(?:not|never|n't|no|without|avoid|cannot)\s{1,3}(?:[a-z]+\s{1,3}){0,2})`;
// Ways a script refers to its own location.
const SELF_DIR = String.raw`(?:__file__|__dirname|__filename|import\.meta\.(?:url|dirname)|\$0|\$\{?BASH_SOURCE|\$\{?CLAUDE_SKILL_DIR|\$\{?SKILL_DIR|SCRIPT_DIR)`;

export const ra1 = defineRule({
  kind: 'pattern',
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
  patterns: [
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
      re: new RegExp(String.raw`${NOT_NEGATED}\b(?:modify|rewrite|update|edit|overwrite|patch|change)\s+(?:your|its|this\s+skill'?s?)\s+own\s+(?:SKILL\.md|instructions|code|source(?:\s+code)?|prompt|skill\s+files?|definition|configuration)\b`, 'i'),
      keywords: ['own'],
      label: 'Instruction to modify its own definition',
      confidence: 0.8,
    },
    {
      re: new RegExp(String.raw`${NOT_NEGATED}\bself[-_ ]?(?:modif(?:y|ying|ies|ication)|rewrit(?:e|ing)|replicat(?:e|ing|ion))\b`, 'i'),
      keywords: ['self'],
      label: 'Self-modification',
      confidence: 0.6,
    },
    {
      re: new RegExp(String.raw`${NOT_NEGATED}\b(?:disable|turn\s+off|bypass|remove|deactivate|circumvent|skip)\s+(?:all\s+|any\s+|the\s+|your\s+|its\s+)?(?:own\s+)?(?:safety|security|sandbox(?:ing)?|guard ?rail|permission|content)\s+(?:checks?|filters?|guards?|mechanisms?|restrictions?|controls?|measures|features|hooks?)\b`, 'i'),
      keywords: ['disable', 'turn off', 'bypass', 'remove', 'deactivate', 'circumvent', 'skip'],
      label: 'Instruction to disable safety checks',
      confidence: 0.8,
    },
  ],
});
