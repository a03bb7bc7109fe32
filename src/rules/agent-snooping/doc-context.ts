// How AS1/AS2 tell documentation that configures an agent, a skill that audits its own project's settings,
// and code that writes an agent's config from text or code that reads the user's private agent data and
// ships it somewhere. Decided by where the match sits (src/analysis/placement.ts), what the statement does
// with the path, and whether the file sends it (src/rules/exfiltration/flow.ts).
import type { LineIndex } from '../../analysis/lines.js';
import type { FileView } from '../../model/bundle.js';
import type { Place } from '../../model/place.js';
import { configSendsOut } from '../exfiltration/config-sinks.js';
import { flowOf } from '../exfiltration/flow.js';
import {
  NETWORK_SINK, commentLine, downgradeHit, hitOf, imperativeVerbBefore, inProseString, isSupportingDoc, placeIn, sentenceAround, type Candidate,
} from '../kit/scan-helpers.js';
import type { RuleHit } from '../types.js';

/**
 * What a matched path holds:
 * - `secret`: login tokens or a whole agent folder: naming it in code is already the snooping;
 * - `history`: transcripts, history and account state: reading it is the snooping;
 * - `settings`: settings, memory, rules, MCP configuration: a skill may audit its own project's copy;
 * - `listing`: a command that lists configured MCP servers (names and status);
 * - `prose`: an instruction to enumerate other parties' servers or tokens.
 */
export type Holds = 'secret' | 'history' | 'settings' | 'listing' | 'prose';

/** "Add this to ~/.claude/settings.json", "edit claude_desktop_config.json", "run `claude mcp list` to verify". */
export const SETUP =
  /\b(?:add|edit|create|configure|register|install|update|put|place|paste|insert|merge|append|enable|disable|set\s{1,3}up|modify|save|write|restart|verify|confirm|check\s{1,3}(?:that|whether|if|for|the\s{1,3}existing|existing)|locate|located?\s{1,3}(?:at|in)|lives?\s{1,3}in|stored\s{1,3}in|in\s{1,3}your|to\s{1,3}your|open\s{1,3}your|note\s{1,3}whether|should\s{1,3}(?:include|show|list)|find\s{1,3}the\s{1,3}(?:config\w{0,9}|settings)\s{1,3}file)\b/i;
/** Verbs that govern a path in prose: reading, collecting or shipping it, or setting it up. */
const PROSE_VERB =
  /\b(?:cat|read|open|load|parse|dump|print|show|display|list|extract|collect|gather|copy|grab|harvest|include|upload|send|post|forward|exfiltrate|inspect|summari[sz]e|review|enumerate|base64|encode|archive|zip|tar|add|edit|create|configure|register|install|update|put|place|paste|insert|merge|append|enable|disable|modify|save|write|restart|verify|confirm|check|locate|find)\b/gi;
const SETUP_VERB = /^(?:add|edit|create|configure|register|install|update|put|place|paste|insert|merge|append|enable|disable|modify|save|write|restart|verify|confirm|check|locate|find)$/;
const SECRET_WORDS = /\b(?:api[ _-]?keys?|tokens?|secrets?|credentials?|passwords?|env(?:ironment)?\s{1,3}(?:vars?|variables|blocks?|values))\b/i;
const PROSE_SEND = /\b(?:upload|send|post|transmit|exfiltrat\w{0,5}|forward|email|share|publish|leak|include\s{1,3}(?:it|them|its\s{1,3}contents?|their\s{1,3}contents?|the\s{1,3}contents?)\s{1,3}in)\b|\bcurl\b|\bwget\b|https?:\/\//i;

// In code: what the statement does with the path.
const CODE_READ =
  /\b(?:cat|less|more|head|tail|type|strings|xxd|base64|b64encode|open|read\w{0,10}|read_text|read_bytes|readFile\w{0,4}|createReadStream|load|loads|json\.load|parse|Get-Content|gc|tar|zip|make_archive|copytree|rsync|scp|grep|rg|find|sqlite3|jq|yq)\b|<\s{0,3}["'$~/.]/i;
const ENCODE = /\b(?:base64|b64encode|xxd|gzip|tar|zip|make_archive|openssl)\b/i;
/** Written or created, not read: heredoc or redirect into it, cp/mv/tee into it, an open for writing, a JSON dump. */
const WRITE_BEFORE =
  /(?:>{1,2}\s{0,3}["']?|\btee\s{1,3}(?:-a\s{1,3})?["']?|\b(?:touch|mkdir\s{1,3}-p)\s{1,3}["']?)[^\s"'|;&]{0,120}$/i;
const COPY_INTO = /\b(?:cp|mv|install|ln)\s{1,3}(?:-\w{1,6}\s{1,3}){0,3}\S{1,300}\s{1,3}["']?[^\s"'|;&]{0,120}$/;
const WRITE_LINE = /\bopen\s{0,3}\([^)\n]{0,200},\s{0,3}(?:mode\s{0,3}=\s{0,3})?["'][wax]b?\+?["']|\b(?:write_text|write_bytes|writeFile\w{0,4}|json\.dump|yaml\.(?:safe_)?dump)\s{0,3}\(|<<-?\s{0,3}["']?\w{1,20}["']?/;
/** Excluded from a copy or a search: not read at all. */
const EXCLUDED_BEFORE = /(?:--exclude(?:-dir)?[= ]|--ignore[= ]|-not\s{1,3}-path\s{1,3}|!\s{1,3}-path\s{1,3}|--glob[= ]!|-x\s)["']?[^\s"']{0,20}$/;
// A search narrowed to named files (find ~/.claude -path with a pattern): locating its own files.
const NARROWED_SEARCH = /\bfind\b[^\n|;]{0,200}?\s-i?(?:path|name|wholename)\s/;
/** `grep -E 'MDB_MCP_(URL|READ_ONLY)' ~/.codex/config.toml`: a search for named keys, not a read of the file. */
const PATTERN_GREP_BEFORE = /\b(?:grep|rg|egrep)\s{1,3}(?:-[a-zA-Z]{1,4}\s{1,3}){0,3}(?:"[^"\n]{3,200}"|'[^'\n]{3,200}'|[\w^$.|()-]{3,80})\s{1,3}["']?[^\s"']{0,80}$/;
/** A listing piped into a filter for one named entry (`claude mcp list | grep "plugin:posthog"`). */
const FILTERED = /\|\s{0,3}(?:grep|rg|findstr|Select-String)\s{1,3}(?:-\w{1,4}\s{1,3}){0,3}["']?[\w:@./-]{3,80}["']?/;
/** A path under the user's home folder (as opposed to the project's own `.claude/settings.json`). */
const HOME_PATH =
  /(?:~|\$\{?HOME\}?|%USERPROFILE%|%APPDATA%|\$env:(?:USERPROFILE|APPDATA)|homedir\(\)|Path\.home\(\)|expanduser\(|\/home\/[\w.-]{1,40}|\/Users\/[\w.-]{1,40}|\/root|Library[/\\]Application Support|AppData|\.config)[/\\"'\s,+)]{0,6}[^\n]{0,40}$/;

const AGENT_PATH = /\.(?:claude|codex|gemini|continue|cursor|windsurf|codeium|aider|opencode|kiro|clinerules)\b|\b(?:mcp|claude_desktop_config|cline_mcp_settings)\w{0,10}\.json\b/;
const CODE_PLACES: ReadonlySet<Place> = new Set<Place>(['code', 'manifest-code', 'doc-code']);

function tagged(hit: RuleHit, tag: string): RuleHit {
  hit.tags = [...(hit.tags ?? []), tag];
  return hit;
}

function mention(c: Candidate, tag: string): RuleHit {
  return tagged(hitOf(c, Math.round(c.matcher.confidence * 0.6 * 100) / 100, 'MEDIUM'), tag);
}

function low(c: Candidate, tag: string): RuleHit {
  return tagged(hitOf(c, Math.round(c.matcher.confidence * 0.4 * 100) / 100, 'LOW'), tag);
}

/**
 * Judges one AS1/AS2 candidate, or drops it (null) when the path is excluded rather than read. Sent off
 * the machine is HIGH anywhere; reading the user's agent secrets (tokens, transcripts, a whole agent
 * folder, or home-folder settings in code) is HIGH; auditing the project's own settings, listing servers,
 * and naming a path are MEDIUM; writing config and setup steps are LOW.
 */
export function judgeAgentConfig(file: FileView, index: LineIndex, c: Candidate, holds: Holds): RuleHit | null {
  const line = c.lineText;
  const before = line.slice(Math.max(0, c.column - 160), c.column);
  // The path itself may sit inside the match (`rsync -a --exclude .codex`): judge what precedes it.
  const inner = c.matched.search(AGENT_PATH);
  const pathAt = c.column + Math.max(0, inner);
  if (EXCLUDED_BEFORE.test(line.slice(Math.max(0, pathAt - 160), pathAt))) return null;
  const flow = flowOf(file);
  const send = flow.sendAt.get(c.line);
  if (send?.secret || flow.leaked(c.line, c.column) || (send && send.hasData && (send.dest === 'capture' || send.dest === 'raw-ip' || send.dest === 'named' || send.dest === 'variable'))) {
    return tagged(hitOf(c, Math.max(c.matcher.confidence, 0.85), 'HIGH'), 'agent-data-sent');
  }
  const where = placeIn(file, index, c.line);
  if (where === 'config' || CODE_PLACES.has(where)) {
    if (CODE_PLACES.has(where) && commentLine(file, index, c.line)) return low(c, 'comment');
    if (where === 'code' && inProseString(line, c.column)) return mention(c, 'message-text');
    if (where === 'config') {
      if (configSendsOut(file) && holds !== 'listing') return tagged(hitOf(c, Math.max(c.matcher.confidence, 0.8), 'HIGH'), 'config-forwarded');
      // A path listed as data (an eval fixture, a files list) reads nothing; a command string may.
      if (!CODE_READ.test(line)) return low(c, 'config-reference');
    }
    if (WRITE_BEFORE.test(before) || COPY_INTO.test(before) || (WRITE_LINE.test(line) && !CODE_READ.test(before.slice(-40)))) {
      return low(c, 'writes-config');
    }
    const statement = send?.text ?? line;
    if (holds === 'listing') return FILTERED.test(line) ? low(c, 'filtered-listing') : mention(c, 'lists-servers');
    if (holds === 'prose') return hitOf(c);
    if (ENCODE.test(statement)) return hitOf(c);
    if (!CODE_READ.test(statement) && where !== 'code') return mention(c, 'path-reference');
    if (NARROWED_SEARCH.test(line) || FILTERED.test(line) || PATTERN_GREP_BEFORE.test(before)) return mention(c, 'narrowed-read');
    if (holds === 'secret') return CODE_READ.test(statement) || where === 'code' ? hitOf(c) : mention(c, 'path-reference');
    if (holds === 'history') return CODE_READ.test(statement) ? hitOf(c) : mention(c, 'path-reference');
    // Settings: the user's home-folder copy read by code is snooping; the project's own copy is an audit.
    return HOME_PATH.test(before) ? hitOf(c) : mention(c, 'project-settings');
  }
  // Prose: SKILL.md instructions, directed and reference documentation, frontmatter. The verb that governs
  // the path decides: a setup verb (add, create, edit …) configures, a read verb reads.
  const { before: said, after } = sentenceAround(line, c.column);
  const verb = imperativeVerbBefore(said, PROSE_VERB);
  // "Copy `.claude/settings.json` from this skill into the project" installs a file; it reads nothing.
  const installs = (verb === 'copy' || verb === 'cp') && /\b(?:into|to)\b/.test(after.slice(0, 80));
  const reads = verb !== undefined && !SETUP_VERB.test(verb) && !installs;
  if (reads && PROSE_SEND.test(said + after)) return tagged(hitOf(c, Math.max(c.matcher.confidence, 0.8), 'HIGH'), 'read-and-send');
  if (isSupportingDoc(file) && SETUP.test(line) && !NETWORK_SINK.test(line)) {
    return downgradeHit(file, index, hitOf(c), 'setup-doc', { severity: 'HIGH', confidence: c.matcher.confidence });
  }
  if (verb !== undefined && !reads && !NETWORK_SINK.test(line)) return low(c, 'setup-step');
  if (holds === 'prose') return hitOf(c);
  if (reads && (holds === 'secret' || holds === 'history' || SECRET_WORDS.test(said + after))) return hitOf(c);
  if (reads) return tagged(hitOf(c, Math.round(c.matcher.confidence * 0.8 * 100) / 100, 'MEDIUM'), 'reads-settings');
  return mention(c, 'mention-only');
}
