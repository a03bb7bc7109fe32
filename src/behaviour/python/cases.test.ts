// The Python case table checked against the extractor's facts through the rule mapping of the behaviour
// model (test-support's stand-in), so every case holds before the real rules run it end to end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PYTHON_CASES } from '../../rules/behaviour/cases/python.js';
import { findings, pyFacts, SEVERITY_RANK } from './test-support.js';
import type { Sev } from './test-support.js';

const IDS = ['AST1', 'AST2', 'AST3', 'AST4', 'AST5', 'AST6', 'AST7', 'AST8', 'AST9', 'AST10', 'TT1', 'TT2', 'TT3', 'TT4', 'TT5', 'TT6'];

test('every AST and TT id has a firing case and a quiet twin', () => {
  for (const id of IDS) {
    assert.ok(PYTHON_CASES.some((c) => c.rule === id && c.expect === 'fires' && c.line !== undefined), `${id} fires`);
    assert.ok(PYTHON_CASES.some((c) => c.rule === id && c.expect === 'quiet'), `${id} quiet`);
  }
});

for (const c of PYTHON_CASES) {
  test(`${c.rule} ${c.expect}: ${c.note}`, async () => {
    const found = findings(await pyFacts(c.code), c.skill ?? '').filter((f) => f.rule === c.rule);
    if (c.expect === 'fires') {
      assert.ok(found.some((f) => f.line === c.line), `expected ${c.rule} at line ${c.line}, got ${JSON.stringify(found)}`);
    } else {
      const floor = SEVERITY_RANK[(c.atLeast ?? 'LOW') as Sev] ?? 1;
      const loud = found.filter((f) => SEVERITY_RANK[f.severity] >= floor);
      assert.deepEqual(loud, [], `expected no ${c.rule} at or above ${c.atLeast ?? 'any severity'}`);
    }
  });
}
