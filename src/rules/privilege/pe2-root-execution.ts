import { defineRule } from '../types.js';

export const pe2 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'PE2',
    category: 'Privilege Escalation',
    severity: 'MEDIUM',
    confidence: 0.6,
    title: 'Root Execution',
    description:
      'Commands that run as root or create root-owned footholds: sudo (other than sudo -v/-l), su root, doas, pkexec, setuid/setgid chmod (chmod u+s, chmod 4755, S_ISUID), and instructions to run the skill as root. A skill running with root can change anything on the machine, so it should never need it silently. `sudo` installs through a system package manager are reported LOW.',
    remediation:
      'Run without elevated privileges. If a system package is required, list it as a prerequisite the user installs, instead of calling sudo from the skill.',
  },
  patterns: [
    {
      // sudo at a command position; sudo -v/-l/-k/-h and --version only validate or list.
      re: /(?:^|[`;&|({$]|&&|\bthen\b|\bdo\b|\bexec\b|["'])\s{0,20}sudo\s{1,5}(?!-[vlkKhV]\b|--(?:validate|list|help|version|reset-timestamp)\b)(?!(?:-[A-Za-z]{1,3}\s{1,5}){0,2}(?:apt(?:-get)?|dnf|yum|zypper|pacman|apk|brew|port|snap)\s{1,5}(?:-y\s{1,3})?(?:install|update|upgrade|-S)\b)[-\w/.$"']/m,
      keywords: ['sudo'],
      label: 'sudo',
      confidence: 0.6,
    },
    {
      re: /(?:^|[`;&|({$]|&&|["'])\s{0,20}sudo\s{1,5}(?:-[A-Za-z]{1,3}\s{1,5}){0,2}(?:apt(?:-get)?|dnf|yum|zypper|pacman|apk|brew|port|snap)\s{1,5}(?:-y\s{1,3})?(?:install|update|upgrade|-S)\b/m,
      keywords: ['sudo'],
      label: 'sudo package-manager install',
      confidence: 0.35,
      severity: 'LOW',
    },
    {
      re: /["']sudo["']\s{0,3},/,
      keywords: ['sudo'],
      label: 'sudo in an argument vector',
      confidence: 0.65,
    },
    {
      re: /\bsu\s{1,5}(?:-\s{1,5}|-l\s{1,5}|--login\s{1,5})?root\b|\bsu\s{1,5}-c\s{1,5}["']|(?:^|[`;&|(]|&&)\s{0,20}su\s{0,5}-\s{0,5}$/m,
      keywords: ['su'],
      label: 'su to root',
      confidence: 0.6,
    },
    {
      re: /(?:^|[`;&|({$]|&&|["'])\s{0,20}(?:doas|pkexec|runas\s{1,5}\/user:\s{0,3}administrator)\s{1,5}[-\w/."']/im,
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
      re: /\b(?:run|execute|launch|start|invoke)(?:s|ing)?\s{1,3}(?:this\s{1,3}|the\s{1,3}|it\s{1,3}|everything\s{1,3})?(?:skill\s{1,3}|script\s{1,3}|command\s{1,3}|tool\s{1,3}|agent\s{1,3}|process\s{1,3})?(?:as|with)\s{1,3}(?:root|administrator|admin\s{1,3}rights|superuser|root\s{1,3}privileges|elevated\s{1,3}privileges)\b/i,
      keywords: ['root', 'administrator', 'admin', 'superuser', 'elevated', 'system'],
      label: 'Instruction to run as root',
      confidence: 0.6,
    },
  ],
});
