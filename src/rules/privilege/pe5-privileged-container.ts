import { bestPerLine, hitOf, scanFile, type Matcher } from '../kit/scan-helpers.js';
import { defineRule } from '../types.js';

export const MATCHERS: readonly Matcher[] = [
  { re: /--privileged\b(?!\s{0,3}=\s{0,3}false)/, keywords: ['--privileged'], label: 'Privileged container', confidence: 0.85 },
  {
    re: /(?:\s-v|--volume)[\s=]{1,3}["']?\/:|--mount[\s=]{1,3}["']?[^\n"']{0,80}?\b(?:source|src)=\/(?=[,\s"']|$)/,
    keywords: ['-v', '--volume', '--mount'],
    label: 'Host root filesystem mounted',
    confidence: 0.85,
  },
  {
    re: /--cap-add[\s=]{1,3}["']?(?:CAP_)?(?:SYS_ADMIN|ALL|SYS_PTRACE|NET_ADMIN|SYS_MODULE|DAC_READ_SEARCH|SYS_RAWIO)\b/i,
    keywords: ['--cap-add'],
    label: 'Dangerous capability added',
    confidence: 0.8,
  },
  {
    re: /--(?:pid|ipc|uts|userns)[\s=]{1,3}["']?host\b|--security-opt[\s=]{1,3}["']?(?:seccomp|apparmor|label)[=:]\s{0,3}(?:unconfined|disable)\b/,
    keywords: ['--pid', '--ipc', '--uts', '--userns', '--security-opt'],
    label: 'Container isolation disabled',
    confidence: 0.65,
  },
];

export const pe5 = defineRule({
  kind: 'custom',
  meta: {
    id: 'PE5',
    category: 'Privilege Escalation',
    severity: 'HIGH',
    confidence: 0.8,
    title: 'Privileged Container',
    description:
      'Container launches that break isolation: --privileged, mounting the host root (-v /:/host, --mount source=/), adding SYS_ADMIN/ALL/SYS_PTRACE/NET_ADMIN capabilities, sharing the host PID/IPC namespace, or disabling seccomp/AppArmor. Such a container can take over the host. One finding per line.',
    remediation:
      'Run containers unprivileged, mount only the directories the task needs, and add no capabilities.',
  },
  check: (ctx) => bestPerLine(scanFile(ctx.file, MATCHERS).map((c) => hitOf(c)), 'HIGH'),
});
