import type { RuleHit } from '../types.js';
import { defineRule } from '../types.js';

const MAX_FINDINGS = 1_000;

export const sc8 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'SC8',
    category: 'Supply Chain',
    severity: 'HIGH',
    confidence: 0.95,
    // A fact about a dependency manifest or an artifact, wherever its file sits (not re-placed).
    calibration: 'artifact',
    title: 'Shipped Python Bytecode',
    description:
      'The skill ships compiled Python (`.pyc`/`.pyo` files or `__pycache__/` directories). Python loads cached bytecode in preference to source, so the code that runs need not match the source that was reviewed, and bytecode cannot be read or scanned like source. A skill has no reason to ship it.',
    remediation: 'Delete every `__pycache__/` directory and `.pyc`/`.pyo` file from the skill and ship source only (add them to .gitignore).',
    // The path itself is the evidence; there is no prose to triage.
    noTriage: true,
  },
  check(bundle): (RuleHit & { file: string })[] {
    const out: (RuleHit & { file: string })[] = [];
    for (const path of bundle.bytecode) {
      if (out.length >= MAX_FINDINGS) break;
      const dir = path.endsWith('/');
      out.push({
        file: path, line: 1, matched: path,
        label: dir ? 'Python bytecode cache directory shipped' : 'Compiled Python file shipped',
        evidence: { path, kind: dir ? 'pycache-directory' : 'bytecode-file' },
      });
    }
    return out;
  },
});
