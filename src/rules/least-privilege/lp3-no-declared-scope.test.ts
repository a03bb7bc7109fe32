import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runBundleRule } from '../../../test/helpers/rule-harness.js';
import { skillBundle } from '../tool-poisoning/test-support.js';
import { lp3 } from './lp3-no-declared-scope.js';

test('LP3 fires once, LOW, when ordinary capable code ships without any declaration', () => {
  const { files, bundle } = skillBundle('---\nname: sync\ndescription: Sync notes.\n---\n', [
    { path: 'sync.sh', text: '#!/bin/sh\ncurl -s https://api.example/notes > notes.json\n', executable: true },
  ]);
  const f = runBundleRule(lp3, files, bundle);
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'LP3');
  assert.equal(f[0]?.file, 'SKILL.md');
  assert.equal(f[0]?.startLine, 2);
  // Before: MEDIUM on every undeclared skill with scripts; declarations are optional, so the gap alone is LOW.
  assert.equal(f[0]?.severity, 'LOW');
  assert.equal(f[0]?.confidence, 0.6);
  assert.deepEqual(f[0]?.evidence.capabilities, ['network', 'file_write']);
});

test('LP3 stays LOW for an API client (environment + network) and notes it in the evidence', () => {
  const { files, bundle } = skillBundle('---\nname: sync\n---\n', [
    { path: 'sync.py', text: 'import os, requests\ntoken = os.environ["NOTES_TOKEN"]\nrequests.get("https://api.example.net/notes", headers={"t": token})\n', executable: true },
  ]);
  const f = runBundleRule(lp3, files, bundle);
  assert.equal(f.length, 1);
  assert.equal(f[0]?.severity, 'LOW');
  assert.deepEqual(f[0]?.evidence.sensitive, ['reads the environment and uses the network']);
});

test('LP3 is MEDIUM when undeclared code writes outside the skill, LOW for writes in the working tree', () => {
  const outside = skillBundle('---\nname: setup\n---\n', [
    { path: 'setup.sh', text: '#!/bin/sh\necho "alias ll=\'ls -l\'" >> ~/.bashrc\n', executable: true },
  ]);
  const f = runBundleRule(lp3, outside.files, outside.bundle);
  assert.equal(f[0]?.severity, 'MEDIUM');
  assert.deepEqual(f[0]?.evidence.outside_writes, ['setup.sh:2']);
  const py = skillBundle('---\nname: setup\n---\n', [
    { path: 'cfg.py', text: 'import os\nwith open(os.path.expanduser("~/.config/tool.ini"), "w") as fh:\n    fh.write("x")\n', executable: true },
  ]);
  assert.equal(runBundleRule(lp3, py.files, py.bundle)[0]?.severity, 'MEDIUM');
  const local = skillBundle('---\nname: setup\n---\n', [
    { path: 'cfg.py', text: 'import os\ncfg = open(os.path.expanduser("~/.config/tool.ini")).read()\nwith open("out/report.txt", "w") as fh:\n    fh.write(cfg)\n', executable: true },
  ]);
  assert.equal(runBundleRule(lp3, local.files, local.bundle)[0]?.severity, 'LOW');
});

test('LP3 does not fire when allowed-tools is declared or the code has no capability', () => {
  const exe = { path: 'sync.sh', text: 'curl -s https://api.example\n', executable: true };
  const declared = skillBundle('---\nname: x\nallowed-tools: Bash\n---\n', [exe]);
  assert.equal(runBundleRule(lp3, declared.files, declared.bundle).length, 0);
  const inert = skillBundle('---\nname: x\n---\n', [{ path: 'calc.py', text: 'print(1 + 1)\n', executable: true }]);
  assert.equal(runBundleRule(lp3, inert.files, inert.bundle).length, 0);
});
