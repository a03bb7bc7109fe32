import { bestPerLine, hitOf, scanFile, type Matcher } from '../kit/scan-helpers.js';
import { defineRule } from '../types.js';

export const MATCHERS: readonly Matcher[] = [
  { re: /(?:\/var)?\/run\/docker\.sock\b/, keywords: ['docker.sock'], label: 'Docker socket path', confidence: 0.85 },
  { re: /\/\/\.\/pipe\/docker_engine\b|\\\\\.\\pipe\\docker_engine\b/i, keywords: ['docker_engine'], label: 'Docker named pipe', confidence: 0.8 },
  { re: /\bdocker\.from_env\s{0,3}\(/, keywords: ['from_env'], label: 'docker.from_env()', confidence: 0.75 },
  { re: /\bdocker\.(?:DockerClient|APIClient)\s{0,3}\(|\bDockerClient\s{0,3}\(/, keywords: ['dockerclient', 'apiclient'], label: 'Docker API client', confidence: 0.7 },
  { re: /\bDOCKER_HOST\s{0,3}[=:]\s{0,3}["']?(?:unix|tcp|npipe):\/\//, keywords: ['docker_host'], label: 'DOCKER_HOST pointed at a daemon', confidence: 0.7 },
  { re: /\bnew\s{1,3}Docker\s{0,3}\(\s{0,3}\{[^}\n]{0,80}socketPath/, keywords: ['socketpath'], label: 'dockerode client on the socket', confidence: 0.8 },
];

export const pe4 = defineRule({
  kind: 'custom',
  meta: {
    id: 'PE4',
    category: 'Privilege Escalation',
    severity: 'HIGH',
    confidence: 0.8,
    title: 'Docker Socket Access',
    description:
      'Use of the Docker daemon socket (/var/run/docker.sock, the Windows docker_engine pipe, DOCKER_HOST) or a Docker API client (docker.from_env(), DockerClient()). Whoever can talk to the daemon can start a privileged container that mounts the host filesystem, which is root on the host. One finding per line.',
    remediation:
      'Do not mount or call the Docker socket from a skill. If containers are essential, document it and let the user run them with the least privilege they choose.',
  },
  check: (ctx) => bestPerLine(scanFile(ctx.file, MATCHERS).map((c) => hitOf(c)), 'HIGH'),
});
