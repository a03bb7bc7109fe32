import { defineRule } from '../types.js';

const AGENT_DIR = String.raw`\.(?:claude|codex|gemini|cursor|agents|continue|windsurf|opencode|kiro)`;
const SEP = String.raw`["'\x60]?\s{0,3}(?:[/\\]{1,2}|,|\+)\s{0,3}["'\x60]?`;
const LISTER = String.raw`(?:\b(?:ls|find|tree|du)\s|\b(?:os\.listdir|os\.walk|os\.scandir|glob\.i?glob|glob\.sync|globSync|readdir(?:Sync)?|fg(?:\.sync)?)\s{0,3}\()`;
const KEYWORDS = ['skills', 'skill.md'];

export const as3 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'AS3',
    category: 'Agent Snooping',
    severity: 'MEDIUM',
    confidence: 0.6,
    title: 'Skill Enumeration',
    description:
      'Listing the agent\'s installed skills folders (~/.claude/skills, ~/.codex/skills, .cursor/skills …) or reading other skills\' SKILL.md files. A skill that surveys its neighbours is mapping what else it can impersonate, shadow or tamper with. Installing a skill into those folders is not flagged.',
    remediation: 'Keep the skill to its own folder; do not list or read other installed skills.',
  },
  patterns: [
    {
      re: new RegExp(String.raw`${LISTER}[^\n|;]{0,80}?${AGENT_DIR}${SEP}skills\b`),
      keywords: KEYWORDS,
      label: 'Lists an agent skills folder',
      confidence: 0.65,
    },
    {
      re: new RegExp(String.raw`${AGENT_DIR}${SEP}skills["'\x60]?(?:\s{0,3}\)){0,2}\s{0,3}\.(?:iterdir|r?glob|walk)\s{0,3}\(`),
      keywords: KEYWORDS,
      label: 'Lists an agent skills folder',
      confidence: 0.65,
    },
    {
      re: new RegExp(String.raw`${AGENT_DIR}[/\\]skills[/\\]\*{1,2}(?:[/\\]SKILL\.md)?`, 'i'),
      keywords: KEYWORDS,
      label: 'Glob over installed skills',
      confidence: 0.7,
    },
    {
      re: /\b(?:read|list|enumerate|scan|inspect|catalog(?:ue)?|index|collect|copy|load|open|survey|modify|edit|overwrite)(?:s|ing)?\s{1,3}(?:(?:all|every|each|the|any)\s{1,3}){0,2}(?:other|installed|user['’]?s?|neighbou?ring|sibling|remaining)\s{1,3}(?:installed\s{1,3})?skills?\b/i,
      keywords: ['skill'],
      label: 'Instruction to survey other skills',
      confidence: 0.6,
    },
    {
      re: /\b(?:other|every|each|all)\s{1,3}(?:installed\s{1,3})?skills?['’]?s?\s{1,3}SKILL\.md\b/i,
      keywords: ['skill.md'],
      label: 'Reads other skills\' SKILL.md',
      confidence: 0.7,
    },
  ],
});
