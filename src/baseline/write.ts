// Writes a baseline that accepts every current finding, as YAML (or JSON for a .json file).
import { stringify } from 'yaml';
import type { Finding } from '../analysis/finding.js';
import { findingFingerprint } from './fingerprint.js';
import type { Baseline } from './schema.js';

export function buildBaseline(findings: readonly Finding[], digestOf: (path: string) => string, scannerVersion: string, reason: string): Baseline {
  const seen = new Set<string>();
  const fingerprints: Baseline['fingerprints'] = [];
  for (const f of findings) {
    const hash = findingFingerprint(f, digestOf(f.file), scannerVersion);
    if (seen.has(hash)) continue;
    seen.add(hash);
    fingerprints.push({ hash, reason });
  }
  return { version: 2, scanner_version: scannerVersion, rules: [], fingerprints };
}

export function serializeBaseline(baseline: Baseline, file: string): string {
  if (/\.json$/i.test(file)) return `${JSON.stringify(baseline, null, 2)}\n`;
  const header = '# SkillSpector baseline: accepted findings. Fingerprints are bound to file content and scanner version;\n# any edit re-activates a finding. Add glob rules with {id, path, message, reason} for broader acceptance.\n';
  return header + stringify(baseline);
}
