import { viewsOf } from '../../analysis/views.js';
import { CODE_TYPES, bestPerLine, hitOf, isIgnoreFile, scanFile, type Matcher, matcherTable } from '../kit/scan-helpers.js';
import { defineRule, type RuleHit } from '../types.js';
import { type FileView } from '../../model/bundle.js';
import { judgeAgentConfig } from './doc-context.js';

export const MATCHERS: readonly Matcher[] = matcherTable('AS2', [
  {
    re: /(?<![\w-])\.?(?:mcp(?:_config|_settings|-config|_servers)?|claude_desktop_config|cline_mcp_settings)\.json\b/i,
    keywords: ['mcp', 'claude_desktop_config'],
    label: 'MCP configuration file',
    confidence: 0.75,
  },
  {
    re: /\b(?:claude|codex|gemini|cursor-agent)\s{1,3}mcp\s{1,3}(?:list|get)\b/,
    keywords: ['mcp'],
    label: 'MCP server listing command',
    confidence: 0.6,
    kind: 'listing',
  },
  {
    re: /\b(?:list|enumerate|dump|collect|discover|inventory|read|extract|harvest|scan)(?:s|ing)?\s{1,3}(?:(?:the\s{1,3})?(?:all|every|other|installed|configured|connected|existing|user['’]?s?)\s{1,3}){1,3}(?:of\s{1,3}the\s{1,3})?mcp\s{1,3}(?:servers?|configs?|configurations?|credentials|tokens|secrets|env(?:ironment)?)\b(?!\s{1,3}(?:domains?|declarations?|names?|urls?|definitions?|entries|entry|ids?|hosts?)\b)/i,
    keywords: ['mcp'],
    label: 'Instruction to enumerate MCP servers',
    confidence: 0.7,
    kind: 'prose',
  },
  {
    // Reading the server table out of a parsed config: `cfg["mcpServers"]`, `.mcpServers`, `.get("mcpServers")`.
    re: /\[\s{0,3}["']mcpServers["']\s{0,3}\]|\.mcpServers\b|\.get\s{0,3}\(\s{0,3}["']mcpServers["']/,
    keywords: ['mcpservers'],
    label: 'Reads the mcpServers table',
    confidence: 0.7,
    kind: 'accessor',
  },
]);

function check(file: FileView): RuleHit[] {
  const cands = scanFile(file, MATCHERS);
  if (cands.length === 0) return [];
  const index = viewsOf(file.text).raw.index;
  const hits: RuleHit[] = [];
  for (const c of cands) {
    if (c.matcher.kind === 'accessor') {
      if (CODE_TYPES.has(file.type)) hits.push(hitOf(c));
      continue;
    }
    const hit = judgeAgentConfig(file, index, c, c.matcher.kind === 'listing' ? 'listing' : c.matcher.kind === 'prose' ? 'prose' : 'settings');
    if (hit) hits.push(hit);
  }
  return bestPerLine(hits, 'HIGH');
}

export const as2 = defineRule({
  kind: 'custom',
  meta: {
    id: 'AS2',
    category: 'Agent Snooping',
    severity: 'HIGH',
    confidence: 0.75,
    title: 'MCP Configuration Snooping',
    description:
      'Reading MCP client configuration (mcp.json, .mcp.json, mcp_config.json, claude_desktop_config.json, cline_mcp_settings.json), reading its mcpServers table in code, or listing the user\'s MCP servers (`claude mcp list`, "enumerate all configured MCP servers"). MCP configs carry API keys and tokens in server env blocks and reveal which tools can be hijacked. Sent off the machine, read from the home folder by code, encoded, or read to collect its keys it is HIGH; auditing the project\'s own .mcp.json, listing servers and a bare mention are MEDIUM; setup steps (open it to add a server, check the existing configuration, run `claude mcp list` to verify) and a listing filtered to the skill\'s own server are LOW, with a contextual-triage tag in supporting documentation.',
    remediation:
      'Do not read or list MCP configuration. Document the server entry the user should add instead.',
  },
  appliesTo: (file) => !isIgnoreFile(file.path),
  check: (ctx) => check(ctx.file),
});
