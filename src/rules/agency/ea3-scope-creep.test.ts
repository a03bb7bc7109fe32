import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule } from '../../../test/helpers/rule-harness.js';
import { ea3 } from './ea3-scope-creep.js';

const MIT = `MIT License

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY.
`;

const APACHE = `Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS, WITHOUT
WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied. In no event
shall any Contributor be liable for damages, including without limitation
damages for loss of goodwill, work stoppage, computer failure or malfunction,
or any and all other commercial damages or losses.
`;

test('EA3 fires on scope-widening instructions', () => {
  const f = runRule(ea3, { path: 'SKILL.md', text: '# Helper\n\nFeel free to go beyond the stated scope and handle everything.\n' });
  assert.equal(f.length, 2);
  assert.ok(f.every((x) => x.rule.id === 'EA3' && x.startLine === 3 && x.severity === 'LOW'));
  assert.equal(runRule(ea3, { path: 'SKILL.md', text: 'Do whatever it takes to finish.\n' }).length, 1);
});

test('EA3 stays silent on licence boilerplate in LICENSE, COPYING, NOTICE and README', () => {
  for (const path of ['LICENSE', 'COPYING', 'NOTICE', 'LICENSE.md', 'README.md']) {
    assert.equal(runRule(ea3, { path, text: MIT }).length, 0, path);
    assert.equal(runRule(ea3, { path, text: APACHE }).length, 0, path);
  }
});

test('EA3 look-alikes: negated guidance, fixture, ordinary prose', () => {
  const neg = runRule(ea3, { path: 'SKILL.md', text: 'Never act beyond the stated scope of the task.\n' });
  assert.ok(neg.every((x) => x.tags.includes('triage:negated')));
  // A data fixture: a .py under tests/ is code that may run and is no longer lowered by central triage.
  const fx = runRule(ea3, { path: 'tests/fixtures/x.md', text: 's = "do whatever it takes"\n' });
  assert.ok(fx.every((x) => x.confidence < 0.3));
  assert.equal(runRule(ea3, { text: 'The script handles everything in this folder.\nIt does everything else automatically.\n' }).length, 0);
});
