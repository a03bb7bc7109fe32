import { defineRule } from '../types.js';

const HOME = String.raw`(?:~|\$HOME|\$\{HOME\}|/root|/home/[\w.-]+|/Users/[\w.-]+)`;
const RC = String.raw`\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zprofile|zshenv|zlogin|config/fish/config\.fish)\b`;
// Well-known tool directories under $HOME; creating them is ordinary setup, not hiding.
// Echoing a plain `export VAR=value` (PATH, API key placeholders), alias or completion line into an rc
// file is routine install advice; a command substitution or chained command in it is not.
const RC_IDIOM = String.raw`\becho\s+["']?(?:export\s+[A-Za-z_]\w{0,60}=|alias\s|source\s|\.\s|fpath=|complete\s)(?:[^\n;|&\x60$]|\$(?!\())` + '{0,300}?';
const KNOWN_DOT = 'config|local|cache|ssh|npm|cargo|rustup|claude|codex|gemini|cursor|aws|kube|docker|vscode|gnupg|nvm|pyenv|m2|gradle|bun|deno|yarn|pnpm|conda|ipython|jupyter|git|gitconfig|terraform\\.d';

export const ra2 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'RA2',
    category: 'Rogue Agent',
    severity: 'MEDIUM',
    confidence: 0.65,
    title: 'Persistence Mechanism',
    description:
      'A skill that makes itself survive the session: crontab entries, appends to shell start-up files (~/.bashrc, ~/.zshrc), systemd units, launchd agents, Windows Run keys or scheduled tasks, and hidden dot-directories under /tmp, /dev/shm or the home directory. Persistence lets code keep running after the user stops using the skill. Plain `export VAR=…`, alias and completion lines echoed into start-up files are reported LOW.',
    remediation:
      'Do not install anything that runs outside the agent session. If a user needs a service or shell change, document the command and let them run it.',
  },
  patterns: [
    {
      re: /\|\s*crontab\s+(?:-u\s+\S+\s+)?-(?=\s|$|["')`])|\bcrontab\s+(?:-u\s+\S+\s+)?["']?[\w~$./-]{0,100}\/[\w./-]{0,100}|\bcrontab\s+(?:-u\s+\S+\s+)?[\w-]{1,100}\.(?:txt|cron|tab|conf)\b|(?:>>?|\btee\s+(?:-a\s+)?)\s*["']?\/(?:etc\/cron(?:tab|\.d\/|\.(?:hourly|daily|weekly|monthly)\/)|var\/spool\/cron\/)/,
      keywords: ['crontab', 'cron'],
      label: 'crontab entry installed',
      confidence: 0.7,
    },
    {
      re: new RegExp(String.raw`${RC_IDIOM}(?:>>|\btee\s+-a)\s*["']?${HOME}/${RC}`),
      keywords: ['bashrc', 'profile', 'zshrc', 'zshenv', 'zlogin', 'config.fish'],
      label: 'export/alias line appended to a shell start-up file',
      severity: 'LOW',
      confidence: 0.2,
    },
    {
      // The idiom check is a lookbehind placed after the match so it only runs where the match succeeded.
      re: new RegExp(String.raw`(?:>>?|\btee\s+(?:-a\s+)?)\s*["']?${HOME}/${RC}(?<!${RC_IDIOM}(?:>>|\btee\s+-a)\s*["']?${HOME}/${RC})|\b(?:expanduser|homedir|home\(\))[^\n]{0,80}?${RC}[^\n]{0,80}?["']a\+?["']`),
      keywords: ['bashrc', 'profile', 'zshrc', 'zshenv', 'zlogin', 'config.fish'],
      label: 'Shell start-up file modified',
      confidence: 0.65,
    },
    {
      re: /(?:>>?|\btee\s+(?:-a\s+)?|\bcp\s+\S+\s+|\bmv\s+\S+\s+)\s*["']?(?:\/etc\/systemd\/system\/|(?:~|\$HOME)\/\.config\/systemd\/user\/|\/etc\/init\.d\/|\/etc\/rc\.local\b)|\bsystemctl\s+(?:--user\s+)?enable\b/,
      keywords: ['systemd', 'init.d', 'rc.local', 'systemctl'],
      label: 'systemd or init service installed',
      confidence: 0.6,
    },
    {
      re: /(?:~|\$HOME)\/Library\/LaunchAgents\/|\/Library\/LaunchDaemons\/|\blaunchctl\s+(?:load|bootstrap|submit)\b|(?:~|\$HOME)\/\.config\/autostart\//,
      keywords: ['launchagents', 'launchdaemons', 'launchctl', 'autostart'],
      label: 'launchd agent or login item installed',
      confidence: 0.65,
    },
    {
      // The Run key is persistence when something writes to it (`reg add`, `Set-ItemProperty`, `SetValue`);
      // reading it (`reg query`, a forensics `printkey --key …`) is how persistence is found.
      re: /\b(?:reg(?:\.exe)?\s+add|(?:Set|New)-ItemProperty|RegSetValue\w{0,4}|SetValue(?:Ex)?|CreateKey(?:Ex)?|winreg\.\w{0,20}Set\w{0,10})\b[^\n]{0,160}?\\(?:Microsoft\\)?Windows\\CurrentVersion\\Run(?:Once)?\b|\bschtasks(?:\.exe)?\s+\/create\b|\bRegister-ScheduledTask\b|\\Start Menu\\Programs\\Startup\\/i,
      keywords: ['currentversion', 'schtasks', 'register-scheduledtask', 'startup'],
      label: 'Windows autorun or scheduled task',
      confidence: 0.7,
    },
    {
      re: /(?:\bmkdir\s+(?:-p\s+)?|\bmakedirs\(\s*|\bmkdirSync\(\s*|\bmkdir\(\s*)["']?(?:\/tmp|\/var\/tmp|\/dev\/shm)\/\.[\w-]/,
      keywords: ['mkdir', 'makedirs'],
      label: 'Hidden directory in a temporary location',
      confidence: 0.65,
    },
    {
      re: new RegExp(String.raw`(?:\bmkdir\s+(?:-p\s+)?|\bmakedirs\(\s*|\bmkdirSync\(\s*)["']?(?:~|\$HOME|\$\{HOME\})/\.(?!(?:${KNOWN_DOT})\b)[\w-]`),
      keywords: ['mkdir', 'makedirs'],
      label: 'Hidden directory in the home directory',
      confidence: 0.5,
    },
  ],
});
