// End to end: every behavioural case (cases/*.ts) scanned as a one-file skill through `scanAsync`, the
// way the CLI scans. A firing case must report its rule at the sink line; a look-alike twin must not
// report it (at or above its allowed severity). A coverage check keeps a firing case and a twin for every
// rule in every language it covers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { makeBundle } from '../../../test/helpers/bundle.js';
import { scanAsync } from '../../engine/scan.js';
import type { Severity } from '../../shared/types.js';
import { JAVASCRIPT_CASES } from './cases/javascript.js';
import { PYTHON_CASES } from './cases/python.js';
import { SHELL_CASES } from './cases/shell.js';
import type { BehaviourCase } from './cases/types.js';

const RANK: Record<Severity, number> = { LOW: 1, MEDIUM: 2, HIGH: 3, CRITICAL: 4 };
const ALL = ['AST1', 'AST2', 'AST3', 'AST4', 'AST5', 'AST6', 'AST7', 'AST8', 'AST9', 'AST10', 'TT1', 'TT2', 'TT3', 'TT4', 'TT5', 'TT6'];
const COVERAGE: Record<string, readonly string[]> = {
  python: ALL,
  javascript: ALL,
  shell: ['AST1', 'AST2', 'AST5', 'AST7', 'AST8', 'TT1', 'TT2', 'TT3', 'TT4', 'TT5'],
};

function languageOfCase(c: BehaviourCase): string {
  if (/\.py$/.test(c.file)) return 'python';
  if (/\.(?:[cm]?js|jsx|ts|tsx|mts|cts)$/.test(c.file)) return 'javascript';
  if (/\.(?:sh|bash|zsh|ksh)$/.test(c.file)) return 'shell';
  throw new Error(`case file ${c.file}: unknown language`);
}

const CASES: readonly BehaviourCase[] = [...PYTHON_CASES, ...JAVASCRIPT_CASES, ...SHELL_CASES];

test('every rule has a firing case and a look-alike twin in every language it covers', () => {
  const missing: string[] = [];
  for (const [lang, ids] of Object.entries(COVERAGE)) {
    for (const id of ids) {
      for (const expect of ['fires', 'quiet'] as const) {
        if (!CASES.some((c) => c.rule === id && c.expect === expect && languageOfCase(c) === lang)) missing.push(`${id} ${lang} ${expect}`);
      }
    }
  }
  assert.deepEqual(missing, []);
});

for (const [i, c] of CASES.entries()) {
  test(`${c.rule} ${c.expect} (${languageOfCase(c)} ${c.file}): ${c.note}`, async () => {
    const skill = `---\nname: case-${i}\ndescription: behavioural case\n---\n# Case\n\n${c.skill ?? 'Runs the bundled script.'}\n`;
    const dir = makeBundle({ 'SKILL.md': skill, [c.file]: c.code });
    try {
      const { findings } = await scanAsync({ target: dir });
      const mine = findings.filter((f) => f.rule.id === c.rule && f.file === c.file);
      const show = JSON.stringify(findings.filter((f) => f.file === c.file).map((f) => [f.rule.id, f.startLine, f.severity, f.label]));
      if (c.expect === 'fires') {
        assert.ok(mine.some((f) => c.line === undefined || f.startLine === c.line), `expected ${c.rule} at line ${c.line}; got ${show}`);
        const hit = mine.find((f) => c.line === undefined || f.startLine === c.line);
        assert.ok(hit && typeof hit.evidence.sink === 'object', 'the finding names its sink in evidence');
      } else {
        const floor = RANK[c.atLeast ?? 'LOW'];
        const loud = mine.filter((f) => RANK[f.severity] >= floor);
        assert.deepEqual(loud.map((f) => [f.startLine, f.severity, f.label]), [], `look-alike reported: ${show}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
