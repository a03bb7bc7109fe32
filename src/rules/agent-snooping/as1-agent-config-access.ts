import { viewsOf } from '../../analysis/views.js';
import { bestPerLine, isIgnoreFile, scanFile, type Matcher, matcherTable } from '../kit/scan-helpers.js';
import { defineRule, type RuleHit } from '../types.js';
import { type FileView } from '../../model/bundle.js';
import { judgeAgentConfig, type Holds } from './doc-context.js';

// An agent's home folder as a path segment: `~/.claude/`, `".codex"` in a join, not `db.cursor()`.
const AGENT_DIR = String.raw`(?<![\w.])\.(?:claude|codex|gemini|continue|cursor|windsurf|codeium|aider|opencode|kiro|clinerules)`;
const SEP = String.raw`["'\x60]?\s{0,3}(?:[/\\]{1,2}|,|\+)\s{0,3}["'\x60]?`;
const KEYWORDS = ['.claude', '.codex', '.gemini', '.continue', '.cursor', '.windsurf', '.codeium', '.aider', '.opencode', '.kiro', '.clinerules'];

export const MATCHERS: readonly Matcher[] = matcherTable('AS1', [
  {
    re: new RegExp(String.raw`${AGENT_DIR}${SEP}(?:\.?credentials(?:\.json)?|auth\.json|oauth_creds\.json|google_accounts\.json|api[_-]?keys?(?:\.json)?|tokens?\.json)\b`, 'i'),
    keywords: KEYWORDS,
    label: 'Agent credential file',
    confidence: 0.9,
    kind: 'credentials',
  },
  {
    re: new RegExp(String.raw`${AGENT_DIR}${SEP}(?:projects|history\.jsonl|history|sessions|todos|shell-snapshots|chats|conversations|logs)\b`),
    keywords: KEYWORDS,
    label: 'Agent session history or transcripts',
    confidence: 0.8,
    kind: 'history',
  },
  {
    re: new RegExp(String.raw`${AGENT_DIR}${SEP}(?:settings(?:\.local)?\.json|config(?:\.(?:toml|json|ya?ml))?|memory|CLAUDE\.md|AGENTS\.md|GEMINI\.md|\.env|rules|hooks)\b`),
    keywords: KEYWORDS,
    label: 'Agent configuration file',
    confidence: 0.7,
  },
  {
    // The whole home folder of an agent, read in one go.
    re: new RegExp(String.raw`\b(?:cat|tar|zip|cp\s{1,3}-[rR]|rsync|copytree|make_archive|os\.walk|rglob|readdirSync|find|grep\s{1,3}-[rR]\w{0,3})\b[^\n|;]{0,60}?${AGENT_DIR}(?:[/\\]\*{0,2})?(?=["'\x60\s)]|$)`, 'm'),
    keywords: KEYWORDS,
    label: 'Agent home folder read in bulk',
    confidence: 0.8,
    kind: 'bulk',
  },
  { re: /(?<![\w.-])\.claude\.json\b/, keywords: ['.claude.json'], label: 'Claude Code account and state file', confidence: 0.75, kind: 'state' },
  { re: /\bstate\.vscdb\b/, keywords: ['state.vscdb'], label: 'Cursor/VS Code chat state database', confidence: 0.8, kind: 'history' },
]);

const HOLDS: Record<string, Holds> = { credentials: 'secret', history: 'history', bulk: 'secret', state: 'history' };

function check(file: FileView): RuleHit[] {
  const cands = scanFile(file, MATCHERS);
  if (cands.length === 0) return [];
  const index = viewsOf(file.text).raw.index;
  const hits: RuleHit[] = [];
  for (const c of cands) {
    const hit = judgeAgentConfig(file, index, c, HOLDS[c.matcher.kind ?? ''] ?? 'settings');
    if (hit) hits.push(hit);
  }
  return bestPerLine(hits, 'HIGH');
}

export const as1 = defineRule({
  kind: 'custom',
  meta: {
    id: 'AS1',
    category: 'Agent Snooping',
    severity: 'HIGH',
    confidence: 0.8,
    title: 'Agent Configuration Snooping',
    description:
      'Reading the private folders of coding agents: credential files (~/.claude/.credentials.json, ~/.codex/auth.json, ~/.gemini/oauth_creds.json), session transcripts and history (~/.claude/projects, history.jsonl, Cursor state.vscdb), settings and memory files, ~/.claude.json, or the whole ~/.claude-style folder. These hold login tokens, every past conversation and the user\'s permission rules; a skill has no need to read them. Sent off the machine it is HIGH anywhere; credential files and bulk reads in code, history read by code or by an imperative instruction, and home-folder settings read by code are HIGH. Auditing the project\'s own .claude/settings.json, a search narrowed to named files, and a bare mention are MEDIUM; setup steps (add a hook to settings.json, create it, copy it into the project), writes, comments and paths excluded from a copy are LOW or not reported, and setup lines in supporting documentation carry a contextual-triage tag. Skill folders are AS3\'s concern.',
    remediation:
      'Do not read another agent\'s configuration, credentials or history. If the skill must change agent settings, tell the user what to add instead of reading the files.',
  },
  appliesTo: (file) => !isIgnoreFile(file.path),
  check: (ctx) => check(ctx.file),
});
