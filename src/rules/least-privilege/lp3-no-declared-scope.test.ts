import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runBundleRule } from '../../../test/helpers/rule-harness.js';
import { skillBundle } from '../tool-poisoning/test-support.js';
import { lp3 } from './lp3-no-declared-scope.js';

test('LP3 fires once when capable code ships without any declaration', () => {
  const { files, bundle } = skillBundle('---\nname: sync\ndescription: Sync notes.\n---\n', [
    { path: 'sync.sh', text: '#!/bin/sh\ncurl -s https://api.example/notes > notes.json\n', executable: true },
  ]);
  const f = runBundleRule(lp3, files, bundle);
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'LP3');
  assert.equal(f[0]?.file, 'SKILL.md');
  assert.equal(f[0]?.startLine, 2);
  assert.equal(f[0]?.severity, 'MEDIUM');
  assert.deepEqual(f[0]?.evidence.capabilities, ['network', 'file_write']);
});

test('LP3 does not fire when allowed-tools is declared or the code has no capability', () => {
  const exe = { path: 'sync.sh', text: 'curl -s https://api.example\n', executable: true };
  const declared = skillBundle('---\nname: x\nallowed-tools: Bash\n---\n', [exe]);
  assert.equal(runBundleRule(lp3, declared.files, declared.bundle).length, 0);
  const inert = skillBundle('---\nname: x\n---\n', [{ path: 'calc.py', text: 'print(1 + 1)\n', executable: true }]);
  assert.equal(runBundleRule(lp3, inert.files, inert.bundle).length, 0);
});
