import type { RuleHit } from '../types.js';
import { defineRule } from '../types.js';
import { ABANDONED } from './data/abandoned.js';
import { collectDependencies, normalizeName } from '../../dependencies/deps.js';

const BY_KEY = new Map(ABANDONED.map((a) => [`${a.ecosystem}:${a.name}`, a]));

export const sc5 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'SC5',
    category: 'Supply Chain',
    severity: 'MEDIUM',
    confidence: 0.75,
    // A fact about a dependency manifest or an artifact, wherever its file sits (not re-placed).
    calibration: 'artifact',
    title: 'Abandoned Package',
    description:
      'A dependency on a package that is abandoned, deprecated in favour of a successor, or was sabotaged by its author (for example pycrypto, nose, request, optimist). Such packages no longer receive security fixes, and abandoned names are attractive targets for takeover.',
    remediation: 'Move to the maintained successor named in the finding and pin it.',
    fileTypes: ['text', 'json', 'toml', 'python', 'other'],
  },
  check(_bundle, files): (RuleHit & { file: string })[] {
    const out: (RuleHit & { file: string })[] = [];
    for (const dep of collectDependencies(files)) {
      if (dep.source === 'local') continue;
      const a = BY_KEY.get(`${dep.ecosystem}:${normalizeName(dep.ecosystem, dep.name)}`);
      if (!a) continue;
      out.push({
        file: dep.file, line: dep.line, matched: `${dep.name} ${dep.spec}`.trim(),
        label: `Abandoned package: ${dep.name} (${a.why})`,
        evidence: { package: dep.name, ecosystem: dep.ecosystem, reason: a.why, ...(a.replacement ? { replacement: a.replacement } : {}) },
      });
    }
    return out;
  },
});
