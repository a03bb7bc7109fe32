// How AS1/AS2 tell documentation that configures an agent from text or code that reads its config.
import type { LineIndex } from '../../analysis/lines.js';
import { CODE_TYPES, NETWORK_SINK, downgradeHit, hitOf, isSupportingDoc, type Candidate } from '../kit/scan-helpers.js';
import type { RuleHit } from '../types.js';
import type { FileView } from '../../model/bundle.js';

/** "Add this to ~/.claude/settings.json", "edit claude_desktop_config.json", "run `claude mcp list` to verify". */
export const SETUP =
  /\b(?:add|edit|create|configure|register|install|update|put|place|paste|insert|merge|append|enable|disable|set\s{1,3}up|modify|save|write|restart|verify|confirm|check\s{1,3}that|located?\s{1,3}(?:at|in)|lives?\s{1,3}in|stored\s{1,3}in|in\s{1,3}your|to\s{1,3}your|open\s{1,3}your)\b/i;

/** Reading, collecting or shipping the file's contents. */
export const READ =
  /\b(?:cat|type|less|head|tail|open|read\w{0,8}|load|json\.load|parse|dump|print|show|list|extract|collect|gather|copy|cp|tar|zip|base64|include|grab|harvest|upload|send|post|exfiltrat\w{0,5}|inspect|Get-Content)\b/i;

/**
 * Code reading an agent's config is the behaviour itself. In prose, a read verb keeps the default
 * severity; setup instructions in supporting documentation are triaged; a bare mention is MEDIUM.
 */
export function judgeConfigMention(file: FileView, index: LineIndex, c: Candidate, alwaysHigh: boolean): RuleHit {
  const hit = hitOf(c);
  if (alwaysHigh || CODE_TYPES.has(file.type)) return hit;
  const line = c.lineText;
  const reads = READ.test(line) || NETWORK_SINK.test(line);
  if (isSupportingDoc(file) && SETUP.test(line) && !NETWORK_SINK.test(line)) {
    return downgradeHit(file, index, hit, 'setup-doc', { severity: 'HIGH', confidence: c.matcher.confidence });
  }
  if (reads) return hit;
  const mention = hitOf(c, Math.round(c.matcher.confidence * 0.6 * 100) / 100, 'MEDIUM');
  mention.tags = [...(mention.tags ?? []), 'mention-only'];
  return mention;
}
