import { placeOf } from '../../analysis/placement.js';
import { viewsOf } from '../../analysis/views.js';
import { bestPerLine, hitOf, scanFile, type Matcher, matcherTable } from '../kit/scan-helpers.js';
import { defineRule } from '../types.js';

const HOST_NETWORK = /--(?:network|net)[\s=]{1,3}["']?host\b|network_mode:\s{0,3}["']?host\b/;
// Flags that a workload may legitimately need (fuzzing, GPU profiling, Docker-in-Docker): in text a person
// reads, a documented setup; in code or configuration that runs, a container launched that way.
const WORKLOAD_LABELS: ReadonlySet<string> = new Set(['Privileged container', 'Dangerous capability added']);

export const MATCHERS: readonly Matcher[] = matcherTable('PE5', [
  { re: /--privileged\b(?!\s{0,3}=\s{0,3}false)/, keywords: ['--privileged'], label: 'Privileged container', confidence: 0.85 },
  {
    re: /(?:\s-v|--volume)[\s=]{1,3}["']?\/:|--mount[\s=]{1,3}["']?[^\n"']{0,80}?\b(?:source|src)=\/(?=[,\s"']|$)/,
    keywords: ['-v', '--volume', '--mount'],
    label: 'Host root filesystem mounted',
    confidence: 0.85,
  },
  {
    re: /--cap-add[\s=]{1,3}["']?(?:CAP_)?(?:SYS_ADMIN|ALL|SYS_PTRACE|SYS_MODULE|DAC_READ_SEARCH|SYS_RAWIO)\b/i,
    keywords: ['--cap-add'],
    label: 'Dangerous capability added',
    confidence: 0.8,
  },
  {
    // NET_ADMIN acts on the container's own network namespace (firewall rules in a sandbox); it reaches
    // the host's network only with host networking, which the rule checks for on the same line.
    re: /--cap-add[\s=]{1,3}["']?(?:CAP_)?NET_ADMIN\b/i,
    keywords: ['--cap-add'],
    label: 'NET_ADMIN capability added',
    severity: 'MEDIUM',
    confidence: 0.5,
  },
  {
    re: /--pid[\s=]{1,3}["']?host\b|--security-opt[\s=]{1,3}["']?(?:seccomp|apparmor|label)[=:]\s{0,3}(?:unconfined|disable)\b/,
    keywords: ['--pid', '--security-opt'],
    label: 'Container isolation disabled',
    confidence: 0.65,
  },
  {
    // Shared IPC (what GPU and PyTorch images ask for), UTS or user namespace: a narrower opening.
    re: /--(?:ipc|uts|userns)[\s=]{1,3}["']?host\b/,
    keywords: ['--ipc', '--uts', '--userns'],
    label: 'Host IPC, UTS or user namespace shared',
    severity: 'MEDIUM',
    confidence: 0.45,
  },
]);

export const pe5 = defineRule({
  kind: 'custom',
  meta: {
    id: 'PE5',
    category: 'Privilege Escalation',
    severity: 'HIGH',
    confidence: 0.8,
    title: 'Privileged Container',
    description:
      'Container launches that break isolation: --privileged, mounting the host root (-v /:/host, --mount source=/), adding SYS_ADMIN/ALL/SYS_PTRACE/SYS_MODULE capabilities, sharing the host PID namespace, or disabling seccomp/AppArmor. Such a container can take over the host. A host-root mount is HIGH wherever it appears; --privileged and dangerous capabilities are HIGH in code and configuration that runs, and MEDIUM in SKILL.md and documentation, where fuzzing, GPU-profiling and Docker-in-Docker setups document them for the user to run. NET_ADMIN (the container\'s own network namespace) and a shared IPC/UTS/user namespace are MEDIUM, NET_ADMIN HIGH with host networking. One finding per line.',
    remediation:
      'Run containers unprivileged, mount only the directories the task needs, and add no capabilities.',
  },
  check(ctx) {
    const { file } = ctx;
    const index = viewsOf(file.text).raw.index;
    const hits = scanFile(file, MATCHERS).map((c) => {
      const hit = hitOf(c);
      if (c.matcher.label === 'NET_ADMIN capability added' && HOST_NETWORK.test(c.lineText.slice(0, 4_000))) {
        return { ...hit, severity: 'HIGH' as const, confidence: 0.75, label: 'NET_ADMIN with host networking' };
      }
      if (!WORKLOAD_LABELS.has(c.matcher.label)) return hit;
      const where = placeOf(file, index, c.line);
      if (where === 'code' || where === 'config') return hit;
      return { ...hit, severity: 'MEDIUM' as const, label: `${c.matcher.label} (documented setup)` };
    });
    return bestPerLine(hits, 'HIGH');
  },
});
