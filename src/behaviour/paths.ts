// Path and name classes shared by every language extractor: which constant paths are credential stores,
// agent conversation stores or persistence locations, and which environment names hold secrets. The
// credential table and the secret-name test are the exfiltration family's, so both analyses agree.
import { CREDENTIAL_PATH, isSecretName } from '../rules/exfiltration/flow.js';

export type PathClass = 'credential' | 'conversation' | 'persistence';

// Start-up and agent-configuration locations: writing here makes code outlive the session or changes
// what the agent does next time.
const PERSISTENCE = new RegExp(
  [
    String.raw`(?:^|[/\\~])\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zprofile|zshenv|zlogin|kshrc|cshrc|tcshrc)$`,
    String.raw`\.config[/\\]fish[/\\]config\.fish$`,
    String.raw`^\/etc\/(?:crontab|cron\.(?:d|hourly|daily|weekly|monthly)\b|profile(?:\.d)?\b|bash\.bashrc|rc\.local|init\.d\b|systemd\/)`,
    String.raw`^\/var\/spool\/cron\b|(?:^|[/\\])crontab$`,
    String.raw`Library[/\\]Launch(?:Agents|Daemons)\b`,
    String.raw`\.config[/\\](?:systemd[/\\]user|autostart)\b|\/(?:lib|usr\/lib)\/systemd\/system\b`,
    String.raw`Microsoft[/\\]Windows[/\\]Start Menu[/\\]Programs[/\\]Startup|CurrentVersion[/\\]Run\b`,
    String.raw`\.(?:claude|codex|gemini|cursor)[/\\](?:settings(?:\.local)?\.json|config\.toml|hooks\b|rules\b|commands\b|agents\b|skills\b|mcp\.json)`,
    String.raw`(?:^|[/\\])(?:CLAUDE|AGENTS|GEMINI)\.md$|(?:^|[/\\])\.mcp\.json$|(?:^|[/\\])\.cursorrules$`,
    String.raw`\.git[/\\]hooks[/\\]`,
  ].join('|'),
  'i',
);

const CONVERSATION =
  /\.claude[/\\](?:projects|history\.jsonl|todos|transcripts?)\b|\btranscript_path\b|\.codex[/\\](?:sessions|history)\b|\.gemini[/\\](?:tmp|history)\b|(?:^|[/\\])history\.jsonl$|\.cursor[/\\](?:chats|conversations)\b/i;

// Browser and wallet stores: credentials an infostealer wants, not in the exfiltration family's table.
const STORES =
  /(?:^|[/\\*])(?:Login Data|Web Data|Cookies|Local State|logins\.json|key[34]\.db|cookies\.sqlite|wallet\.dat)(?=$|[^\w.])|(?:^|[/\\*])\.electrum(?=$|[/\\*])|Exodus[/\\]exodus\.wallet|nkbihfbeogaeaoehlefnkodbefgpgknn|\.bitcoin[/\\]wallets?(?=$|[/\\*])/;

/** The class of a constant path (or path fragment), or null for an ordinary path. */
export function classifyPath(path: string): PathClass | null {
  const p = path.trim();
  if (p.length === 0 || p.length > 4_096) return null;
  if (CREDENTIAL_PATH.test(p) || STORES.test(p)) return 'credential';
  if (CONVERSATION.test(p)) return 'conversation';
  if (PERSISTENCE.test(p)) return 'persistence';
  return null;
}

/** True for environment names that hold secrets (`API_KEY`, `GITHUB_TOKEN`, `DB_PASSWORD`, …). */
export function isSecretEnvName(name: string): boolean {
  return isSecretName(name);
}

/** Environment names through which agents hand conversation or tool text to hooks and commands. */
export function isConversationEnvName(name: string): boolean {
  return /^(?:ARGUMENTS|CLAUDE_(?:TOOL_INPUT|USER_PROMPT|PROMPT|TRANSCRIPT\w*)|TOOL_INPUT|USER_PROMPT|PROMPT)$/.test(name);
}
