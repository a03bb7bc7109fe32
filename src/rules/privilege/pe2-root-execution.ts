import { placeOf, sectionOf } from '../../analysis/placement.js';
import { viewsOf } from '../../analysis/views.js';
import type { PatternSpec } from '../types.js';
import { defineRule } from '../types.js';
import { scanSpecs } from '../tool-misuse/scan.js';

// System and language package managers: `sudo <pm> install …` puts software on the machine the documented way.
const PACKAGE_INSTALL = String.raw`(?:(?:apt(?:-get)?|dnf|yum|zypper|pacman|apk|brew|port|snap|flatpak|dpkg|rpm)\s{1,5}(?:-y\s{1,3})?(?:install|update|upgrade|remove|-S|-i)\b|(?:gem|pip3?|pipx|npm|pnpm|yarn|cargo|cpanm?|luarocks)\s{1,5}(?:-g\s{1,3})?(?:install|uninstall|update|upgrade|add|i)\b|make\s{1,5}(?:[\w-]{1,30}=\S{1,80}\s{1,5}){0,3}install\b)`;

// Where a command starts: line start, a shell separator, a quote, or a keyword that runs the next word.
// Positions are checked by lookbehind and the command's arguments by lookahead, so the matched text is
// the command itself (`sudo`, `sudo apt-get install`): one command is one issue with every line as an
// occurrence, not one issue per delimiter or first letter of the next word (issues group by matched text).
const COMMAND_START = String.raw`(?<=(?:^|[\`;&|({$]|&&|\bthen\b|\bdo\b|\bexec\b|["'])\s{0,20})`;
const PIPELINE_START = String.raw`(?<=(?:^|[\`;&|({$]|&&|["'])\s{0,20})`;

export const PE2_SPECS: readonly PatternSpec[] = [
    {
      // sudo at a command position; sudo -v/-l/-k/-h, --version and `sudo -n true` only validate or list.
      re: new RegExp(String.raw`${COMMAND_START}sudo(?=\s{1,5}(?!-[vlkKhV]\b|--(?:validate|list|help|version|reset-timestamp)\b|(?:-n\s{1,5})?true\b)(?!(?:-[A-Za-z]{1,3}\s{1,5}){0,2}(?:-H\s{1,5})?${PACKAGE_INSTALL})[-\w/.$"'])`, 'm'),
      keywords: ['sudo'],
      label: 'sudo',
      confidence: 0.6,
    },
    {
      re: new RegExp(String.raw`${PIPELINE_START}sudo\s{1,5}(?:-[A-Za-z]{1,3}\s{1,5}){0,2}(?:-H\s{1,5})?${PACKAGE_INSTALL}`, 'm'),
      keywords: ['sudo'],
      label: 'sudo package-manager install',
      confidence: 0.35,
      severity: 'LOW',
    },
    {
      re: /(?<=["'])sudo(?=["']\s{0,3},)/,
      keywords: ['sudo'],
      label: 'sudo in an argument vector',
      confidence: 0.65,
    },
    {
      re: /\bsu\s{1,5}(?:-\s{1,5}|-l\s{1,5}|--login\s{1,5})?root\b|\bsu\s{1,5}-c(?=\s{1,5}["'])|(?<=(?:^|[`;&|(]|&&)\s{0,20})su\s{0,5}-(?=\s{0,5}$)/m,
      // `su` followed by a space or a dash: the bare syllable occurs inside countless words.
      keywords: ['su ', 'su\t', 'su-', 'su\n', 'su\r', 'su\f', 'su\v', 'su\u00a0'],
      label: 'su to root',
      confidence: 0.6,
    },
    {
      re: /(?<=(?:^|[`;&|({$]|&&|["'])\s{0,20})(?:doas|pkexec|runas\s{1,5}\/user:\s{0,3}administrator)(?=\s{1,5}[-\w/."'])/im,
      keywords: ['doas', 'pkexec', 'runas'],
      label: 'doas / pkexec / runas',
      confidence: 0.6,
    },
    {
      re: /\bchmod\s{1,5}(?:-[A-Za-z]{1,3}\s{1,5})?(?:[ugoa]{0,3}\+[rwxX]{0,3}s|0?[246][0-7]{3})\b|\bos\.chmod\s{0,3}\([^\n)]{0,80}?(?:0o?[246][0-7]{3}\b|S_IS[UG]ID)|\bstat\.S_IS[UG]ID\b/,
      keywords: ['chmod', 's_isuid', 's_isgid'],
      label: 'setuid/setgid bit',
      confidence: 0.7,
    },
    {
      // The imperative or infinitive ("run it as root", "you must run this as root"), not a description
      // ("the container runs as root") and not a prohibition ("never run as root").
      re: /(?<![\w-])(?<!\b(?:never|not|n't|avoid|without)\s{1,3})(?:run|execute|launch|start|invoke)\s{1,3}(?:this\s{1,3}|the\s{1,3}|it\s{1,3}|everything\s{1,3})?(?:skill\s{1,3}|script\s{1,3}|command\s{1,3}|tool\s{1,3}|agent\s{1,3}|process\s{1,3})?(?:as|with)\s{1,3}(?:root|administrator|admin\s{1,3}rights|superuser|root\s{1,3}privileges|elevated\s{1,3}privileges)\b/i,
      keywords: ['root', 'admin', 'superuser', 'elevated'],
      label: 'Instruction to run as root',
      confidence: 0.6,
    },
];

const SUDO_LABELS: ReadonlySet<string> = new Set(['sudo', 'su to root', 'doas / pkexec / runas']);

export const pe2 = defineRule({
  kind: 'custom',
  meta: {
    id: 'PE2',
    category: 'Privilege Escalation',
    severity: 'MEDIUM',
    confidence: 0.6,
    title: 'Root Execution',
    description:
      'Commands that run as root or create root-owned footholds: sudo (other than sudo -v/-l), su root, doas, pkexec, setuid/setgid chmod (chmod u+s, chmod 4755, S_ISUID), and instructions to run the skill as root. A skill running with root can change anything on the machine, so it should never need it silently. `sudo -n true` (a check for passwordless sudo) is not reported. `sudo` installs through a system or language package manager (apt, brew, gem, pip, npm -g, make install) are reported LOW, and so is `sudo` in the installation or prerequisites section of SKILL.md or documentation (a setup step the user reads and runs), unlike `sudo` in code the skill runs.',
    remediation:
      'Run without elevated privileges. If a system package is required, list it as a prerequisite the user installs, instead of calling sudo from the skill.',
  },
  check(ctx) {
    const { file } = ctx;
    const index = viewsOf(file.text).raw.index;
    return scanSpecs(file, PE2_SPECS).map((h) => {
      if (!SUDO_LABELS.has(h.label ?? '') || (h.severity ?? 'MEDIUM') === 'LOW') return h;
      const where = placeOf(file, index, h.line);
      if (where === 'code' || where === 'config' || sectionOf(index, h.line) !== 'install') return h;
      return { ...h, severity: 'LOW' as const, confidence: 0.35, label: `${h.label ?? 'sudo'} in installation steps` };
    });
  },
});
