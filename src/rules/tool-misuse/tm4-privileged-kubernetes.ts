import { defineRule } from '../types.js';

const HOST_SENSITIVE = String.raw`["']?(?:/|/etc|/root|/home|/proc|/sys|/dev|/boot|/var/lib/kubelet|/var/run/docker\.sock|/run/containerd(?:/containerd\.sock)?|/var/run/crio/crio\.sock)/?["']?\s*(?:$|[,}#])`;

export const tm4 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'TM4',
    category: 'Tool Misuse',
    severity: 'HIGH',
    confidence: 0.75,
    title: 'Privileged Kubernetes Workload',
    description:
      'Workloads that break out of container isolation: `privileged: true`, `hostPath` volumes of the node root, runtime socket or system directories (other hostPath mounts MEDIUM), host network/PID/IPC namespaces, `allowPrivilegeEscalation: true`, `kubectl run --privileged` or helm `--set …privileged=true`. A privileged pod is root on the node, so a skill that creates one can take over the cluster.',
    remediation:
      'Run pods unprivileged with `allowPrivilegeEscalation: false`, drop all capabilities, avoid host namespaces and hostPath, and enforce the restricted Pod Security Standard.',
  },
  patterns: [
    {
      re: /\bkubectl\s+(?:run|debug)\b[^\n]{0,300}?--privileged\b|--overrides[= ][^\n]{0,300}?["']privileged["']\s*:\s*true\b/,
      keywords: ['kubectl', 'overrides'],
      label: 'kubectl privileged pod',
      confidence: 0.85,
    },
    {
      re: /\bhelm\s+(?:install|upgrade|template)\b[^\n]{0,300}?--set(?:-string)?[= ]\S{0,200}?privileged=true\b/,
      keywords: ['helm'],
      label: 'helm value enabling privileged mode',
      confidence: 0.8,
    },
    {
      re: /^[ \t-]*["']?privileged["']?\s*:\s*["']?true\b/m,
      keywords: ['privileged'],
      label: 'privileged: true',
      confidence: 0.8,
    },
    {
      re: /^[ \t-]*["']?host(?:Network|PID|IPC)["']?\s*:\s*["']?true\b/m,
      keywords: ['hostnetwork', 'hostpid', 'hostipc'],
      label: 'Host namespace shared with the pod',
      confidence: 0.75,
    },
    {
      re: new RegExp(`^[ \\t-]*["']?hostPath["']?\\s*:\\s*\\n?[ \\t{]*["']?path["']?\\s*:\\s*${HOST_SENSITIVE}`, 'm'),
      keywords: ['hostpath'],
      label: 'hostPath volume of the node root, runtime socket or system directory',
      confidence: 0.85,
    },
    {
      // Log collectors mount /var/log and the like; a hostPath elsewhere is reported MEDIUM.
      re: new RegExp(`^[ \\t-]*["']?hostPath["']?\\s*:(?!\\s*\\n?[ \\t{]*["']?path["']?\\s*:\\s*${HOST_SENSITIVE})`, 'm'),
      keywords: ['hostpath'],
      label: 'hostPath volume',
      severity: 'MEDIUM',
      confidence: 0.5,
    },
    {
      re: /^[ \t-]*["']?allowPrivilegeEscalation["']?\s*:\s*["']?true\b/m,
      keywords: ['allowprivilegeescalation'],
      label: 'allowPrivilegeEscalation: true',
      confidence: 0.7,
    },
  ],
});
