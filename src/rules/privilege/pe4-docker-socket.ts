import { placeOf } from '../../analysis/placement.js';
import { viewsOf } from '../../analysis/views.js';
import { bestPerLine, hitOf, scanFile, type Matcher, matcherTable } from '../kit/scan-helpers.js';
import { defineRule } from '../types.js';

// On the socket path's line, what makes it a use: a volume or mount, a client or URL on it, a permission change.
const SOCKET_USE = /(?:^|\s)-v\b|\bmount(?:s|ed|ing)?\b|\bbind\b|--volume|--mount|\bsource=|--unix-socket|unix:\/\/|npipe:|socketPath|hostPath|mountPath|\bpath:|\bvolumes?\b|DOCKER_HOST|\bconnect\s*\(|\bopen\s*\(|\bchmod\b|\bchown\b|\bcurl\b|\bsocat\b|\bnc\b|docker\.sock["']?\s*:|\s-\s*["']?\/(?:var\/)?run\/docker\.sock/i;
const PATH_LABELS: ReadonlySet<string> = new Set(['Docker socket path', 'Docker named pipe']);

export const MATCHERS: readonly Matcher[] = matcherTable('PE4', [
  { re: /(?:\/var)?\/run\/docker\.sock\b/, keywords: ['docker.sock'], label: 'Docker socket path', confidence: 0.85 },
  { re: /\/\/\.\/pipe\/docker_engine\b|\\\\\.\\pipe\\docker_engine\b/i, keywords: ['docker_engine'], label: 'Docker named pipe', confidence: 0.8 },
  { re: /\bdocker\.from_env\s{0,3}\(/, keywords: ['from_env'], label: 'docker.from_env()', confidence: 0.75 },
  { re: /\bdocker\.(?:DockerClient|APIClient)\s{0,3}\(|\bDockerClient\s{0,3}\(/, keywords: ['dockerclient', 'apiclient'], label: 'Docker API client', confidence: 0.7 },
  { re: /\bDOCKER_HOST\s{0,3}[=:]\s{0,3}["']?(?:unix|tcp|npipe):\/\//, keywords: ['docker_host'], label: 'DOCKER_HOST pointed at a daemon', confidence: 0.7 },
  { re: /\bnew\s{1,3}Docker\s{0,3}\(\s{0,3}\{[^}\n]{0,80}socketPath/, keywords: ['socketpath'], label: 'dockerode client on the socket', confidence: 0.8 },
]);

export const pe4 = defineRule({
  kind: 'custom',
  meta: {
    id: 'PE4',
    category: 'Privilege Escalation',
    severity: 'HIGH',
    confidence: 0.8,
    title: 'Docker Socket Access',
    description:
      'Use of the Docker daemon socket (/var/run/docker.sock, the Windows docker_engine pipe, DOCKER_HOST) or a Docker API client (docker.from_env(), DockerClient()). Whoever can talk to the daemon can start a privileged container that mounts the host filesystem, which is root on the host. In SKILL.md and documentation, a socket path with nothing on its line that uses it (no volume, mount, client, URL or permission change) is a mention, reported MEDIUM (0.4); in code every occurrence counts. One finding per line.',
    remediation:
      'Do not mount or call the Docker socket from a skill. If containers are essential, document it and let the user run them with the least privilege they choose.',
  },
  check(ctx) {
    const { file } = ctx;
    const index = viewsOf(file.text).raw.index;
    const hits = scanFile(file, MATCHERS).map((c) => {
      const hit = hitOf(c);
      if (!PATH_LABELS.has(c.matcher.label)) return hit;
      const where = placeOf(file, index, c.line);
      if (where === 'code' || where === 'config' || SOCKET_USE.test(c.lineText.slice(0, 4_000))) return hit;
      return { ...hit, severity: 'MEDIUM' as const, confidence: 0.4, label: `${c.matcher.label} mentioned` };
    });
    return bestPerLine(hits, 'HIGH');
  },
});
