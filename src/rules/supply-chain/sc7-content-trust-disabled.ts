import { defineRule } from '../types.js';

export const sc7 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'SC7',
    category: 'Supply Chain',
    severity: 'HIGH',
    confidence: 0.85,
    title: 'Content Trust Disabled',
    description:
      'Switches that turn off signature or registry verification: `--disable-content-trust`, `DOCKER_CONTENT_TRUST=0`, `--insecure-registry`, and the package-manager equivalents (`--allow-unauthenticated`, `[trusted=yes]`, `gpgcheck=0`, `--nogpgcheck`). With verification off, a tampered image or package installs silently.',
    remediation:
      'Keep content trust and signature checks on. Pull images by digest from a registry served over TLS, and import the repository signing key instead of bypassing verification.',
  },
  patterns: [
    {
      // `--disable-content-trust=false` re-enables trust, so it is excluded.
      re: /--disable-content-trust\b(?!\s{0,2}=\s{0,2}["']?false\b)/i,
      keywords: ['disable-content-trust'],
      label: 'Docker content trust disabled',
      confidence: 0.9,
    },
    {
      re: /\bDOCKER_CONTENT_TRUST["']?\s{0,4}(?:=|:|\s)\s{0,4}["']?(?:0|false|off|no)\b/i,
      keywords: ['docker_content_trust'],
      label: 'DOCKER_CONTENT_TRUST turned off',
      confidence: 0.9,
    },
    {
      re: /--insecure-registry\b|["']insecure-registries["']\s{0,4}:\s{0,4}\[\s{0,4}["'][^"'\s]/i,
      keywords: ['insecure-registr'],
      label: 'Insecure (unverified) container registry',
      confidence: 0.85,
    },
    {
      re: /\b(?:apt(?:-get)?|aptitude)\b[^\n]{0,200}?(?:--allow-unauthenticated|--allow-insecure-repositories|-o\s{0,2}Acquire::AllowInsecureRepositories=(?:true|1))\b/i,
      keywords: ['allow-unauthenticated', 'allow-insecure', 'allowinsecure'],
      label: 'APT signature verification bypassed',
      confidence: 0.8,
    },
    {
      re: /\bdeb(?:-src)?\s{1,4}\[[^\]\n]{0,100}\btrusted=yes\b/i,
      keywords: ['trusted=yes'],
      label: 'APT source marked trusted (unsigned)',
      confidence: 0.8,
    },
    {
      re: /(?:^|\s)(?:repo_)?gpgcheck\s{0,2}=\s{0,2}(?:0|false|no)\b|--nogpgcheck\b|--no-gpg-checks\b|\brpm\b[^\n]{0,100}?--nosignature\b/im,
      keywords: ['gpgcheck', 'gpg-checks', 'nosignature'],
      label: 'Package signature checks disabled',
      confidence: 0.75,
    },
  ],
});
